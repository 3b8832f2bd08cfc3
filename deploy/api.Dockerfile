# syntax=docker/dockerfile:1
# The API image: compiled JavaScript on Node 22 LTS with production dependencies only (no
# TypeScript loader). One image, two commands: `node dist/migrate.js` (the one-shot migration
# job) and the server (the default). Build from the repository root:
#   docker build -f deploy/api.Dockerfile -t ai-calls-api .

FROM node:22-slim AS base
# pnpm as package.json pins it (packageManager).
ENV COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
WORKDIR /repo
# The lockfile alone fills the store, so a source change does not download the dependencies again.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY patches patches
RUN pnpm fetch
COPY . .

# api/dist: the server, the migration command and the document worker, with the workspace
# packages (shared-contracts) bundled in.
FROM base AS build
RUN pnpm install --offline --frozen-lockfile --filter "api..." && pnpm --filter api build

# The API's production dependencies alone, in pnpm's layout (api/node_modules links into node_modules/.pnpm).
FROM base AS prod-deps
RUN pnpm install --offline --frozen-lockfile --prod --filter api

FROM node:22-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app/api
COPY --from=prod-deps /repo/node_modules /app/node_modules
COPY --from=prod-deps /repo/api/node_modules /app/api/node_modules
COPY api/package.json ./
COPY api/drizzle drizzle
COPY api/assets assets
COPY --from=build /repo/api/dist dist
USER node
EXPOSE 4000
# Liveness: the process answers. Readiness (/v1/ready) is the load balancer's question.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# The old generation may hold 256 MB before a full collection (api/package.json serverNodeFlags).
CMD ["node", "--enable-source-maps", "--initial-old-space-size=256", "dist/main.js"]
