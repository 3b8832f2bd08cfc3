/**
 * The production topology of docker-compose.yml, as local processes: the same nginx configs,
 * start scripts, commands and variable names, with only what a container gives for free
 * (a port of its own, Docker's DNS, its file layout) replaced by local equivalents.
 * `compose-consistency.spec.ts` keeps this file and docker-compose.yml saying the same thing.
 */
import path from 'node:path';
import apiPackage from '../../api/package.json';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const deployDir = path.join(repoRoot, 'deploy');

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
/**
 * Ports of the local cluster, apart from `pnpm start`'s and the e2e stack's. The load balancer's
 * is the one a user reaches; the others are what each container has to itself.
 */
export const CLUSTER_PORTS = {
  lb: 4480 + offset,
  api1: 4481 + offset,
  api2: 4482 + offset,
  redis: 4483 + offset,
  postgres: 4484 + offset,
  /** The fake Twilio cloud's proxy (fake-twilio.ts). */
  twilio: 4485 + offset,
  host: 3480 + offset,
  userDashboard: 3481 + offset,
  agentSoftphone: 3482 + offset,
  admin: 3483 + offset,
} as const;

/** The product's one origin (compose's APP_URL): the load balancer. */
export const APP_ORIGIN = `http://localhost:${CLUSTER_PORTS.lb}`;

/** The API image's commands (deploy/api.Dockerfile CMD and the compose `migrate` service), run in api/. */
export const API_COMMANDS = {
  server: ['node', '--enable-source-maps', ...apiPackage.serverNodeFlags, 'dist/main.js'],
  migrate: ['node', '--enable-source-maps', 'dist/migrate.js'],
} as const;

/** The secrets .env gives every API container (names from .env.example). */
export const CLUSTER_SECRETS = {
  TOKEN_SECRET: 'cluster-token-secret-long-enough-0123456789abcdef',
  CREDENTIALS_KEY: 'cluster-credentials-key-long-enough-0123456789abc',
};

/**
 * Each API instance's environment: compose's `x-api` environment (same names) plus the .env
 * entries it reads. The only values that differ are the addresses: the load balancer reaches the
 * instances from 127.0.0.1 here, where compose's network is a private range.
 */
export function apiEnvironment(port: number, databaseUrl: string, redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    // docker-compose.yml, x-api environment
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    TRUST_PROXY: '127.0.0.1',
    CORS_ORIGINS: APP_ORIGIN,
    PUBLIC_API_URL: APP_ORIGIN,
    // .env (see .env.example)
    ...CLUSTER_SECRETS,
    APP_URL: APP_ORIGIN,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_SECONDS: '25',
    ...extra,
  };
}

export type WebApp = 'host' | 'userDashboard' | 'agentSoftphone' | 'admin';

/**
 * Each web app's image: its folder, compose service, nginx server config and start script, and
 * the path the load balancer serves it under (deploy/nginx/lb.conf).
 */
export const WEB_APPS: Record<WebApp, { dir: string; service: string; target: 'host' | 'remote'; conf: string; startScript: string; prefix: string }> = {
  host: { dir: 'host', service: 'host', target: 'host', conf: 'host.conf', startScript: '40-runtime-config.sh', prefix: '' },
  userDashboard: { dir: 'mf-user-dashboard', service: 'user-dashboard', target: 'remote', conf: 'remote.conf', startScript: '40-remote-origin.sh', prefix: '/remotes/user-dashboard' },
  agentSoftphone: { dir: 'mf-agent-softphone', service: 'agent-softphone', target: 'remote', conf: 'remote.conf', startScript: '40-remote-origin.sh', prefix: '/remotes/agent-softphone' },
  admin: { dir: 'mf-admin', service: 'admin', target: 'remote', conf: 'remote.conf', startScript: '40-remote-origin.sh', prefix: '/remotes/admin' },
};

/** Where the browser finds a web app: under the load balancer's origin. */
export const appUrl = (app: WebApp): string => `${APP_ORIGIN}${WEB_APPS[app].prefix}`;

/** The snippets every web image copies into /etc/nginx/snippets (deploy/web.Dockerfile). */
export const WEB_SNIPPETS = ['security-headers.conf', 'static-files.conf'];

/** The environment each web app's start script reads (compose's `environment` of that service). */
export function webEnvironment(app: WebApp): Record<string, string> {
  if (app !== 'host') return { HOST_ORIGIN: APP_ORIGIN };
  return {
    API_BASE: APP_ORIGIN,
    USER_DASHBOARD_URL: appUrl('userDashboard'),
    AGENT_SOFTPHONE_URL: appUrl('agentSoftphone'),
    ADMIN_URL: appUrl('admin'),
    GOOGLE_CLIENT_ID: '',
    GOOGLE_SIGN_IN_FLOW: 'implicit',
    GOOGLE_EXTRA_SCOPES: '',
    CSP_EXTRA_ORIGINS: '',
  };
}

export interface Rewrite {
  from: RegExp;
  to: string;
}

/**
 * A deploy/nginx config as a local nginx runs it. Each rewrite must match, so a changed
 * config fails here instead of running something other than what the images run.
 */
export function localNginxConf(source: string, rewrites: Rewrite[]): string {
  let text = source;
  for (const { from, to } of rewrites) {
    if (!from.test(text)) throw new Error(`nginx config: expected ${from} in the deploy config`);
    text = text.replace(new RegExp(from.source, from.flags.includes('g') ? from.flags : `${from.flags}g`), to);
  }
  return text;
}

/** What a container's layout gives a web app's config, mapped to the local folders. */
export const webRewrites = (port: number, snippetsDir: string, htmlDir: string): Rewrite[] => [
  { from: /listen 8080;/, to: `listen 127.0.0.1:${port};` },
  { from: /\/etc\/nginx\/snippets/, to: snippetsDir },
  { from: /root \/usr\/share\/nginx\/html;/, to: `root ${htmlDir};` },
];

/** The compose services behind the load balancer, by name, with the local port each one has here. */
export const LB_UPSTREAMS: Record<string, number> = {
  'api-1': CLUSTER_PORTS.api1,
  'api-2': CLUSTER_PORTS.api2,
  ...Object.fromEntries((Object.keys(WEB_APPS) as WebApp[]).map((app) => [WEB_APPS[app].service, CLUSTER_PORTS[app]])),
};

/**
 * The load balancer's config: Docker's DNS names become the local addresses. nginx re-resolving
 * names (`resolve`, nginx 1.27.3+) has nothing to do with fixed local addresses, and Debian's
 * nginx predates it.
 */
export const lbRewrites = (port: number): Rewrite[] => [
  { from: /listen 8080;/, to: `listen 127.0.0.1:${port};` },
  { from: /^resolver .*;\n/m, to: '' },
  ...Object.entries(LB_UPSTREAMS).map(([service, local]) => ({ from: new RegExp(`server ${service}:\\d+ resolve\\b`), to: `server 127.0.0.1:${local}` })),
];

/**
 * The main nginx.conf of the nginx image (nginx:stable-alpine), with its paths in `dir`: every
 * container's nginx runs its conf.d this way.
 */
export function nginxMainConf(dir: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    keepalive_timeout 65;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
    include ${dir}/conf.d/*.conf;
}
`;
}
