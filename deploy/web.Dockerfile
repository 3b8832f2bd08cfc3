# syntax=docker/dockerfile:1
# One web app as its own static image on nginx: the host (target `host`) or one remote (target
# `remote`). Each team builds and ships its app alone:
#   docker build -f deploy/web.Dockerfile --target host   --build-arg APP=host -t ai-calls-host .
#   docker build -f deploy/web.Dockerfile --target remote --build-arg APP=mf-admin -t ai-calls-admin .

FROM node:22-slim AS build
# pnpm as package.json pins it (packageManager).
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
WORKDIR /repo
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY patches patches
RUN pnpm fetch
COPY . .
ARG APP
RUN test -n "$APP" \
 && pnpm install --offline --frozen-lockfile --filter "${APP}..." \
 && pnpm --filter "${APP}" build

FROM nginx:stable-alpine AS static
ARG APP
RUN rm -f /etc/nginx/conf.d/default.conf
COPY deploy/nginx/security-headers.conf deploy/nginx/static-files.conf /etc/nginx/snippets/
COPY --from=build /repo/${APP}/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]

# The host: runtime-config.json and the Content Security Policy are written from the environment
# when the container starts (nginx's entrypoint runs /docker-entrypoint.d/*.sh first).
FROM static AS host
COPY deploy/nginx/host.conf /etc/nginx/conf.d/host.conf
COPY --chmod=755 deploy/web/40-runtime-config.sh /docker-entrypoint.d/40-runtime-config.sh

# A remote: files only, for the host's origin.
FROM static AS remote
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/remote.conf
COPY --chmod=755 deploy/web/40-remote-origin.sh /docker-entrypoint.d/40-remote-origin.sh
