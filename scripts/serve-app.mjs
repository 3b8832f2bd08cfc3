// Serves one built app (host or remote) the way a static host would in production.
// The host writes its runtime config from the environment into the page it sends and also
// answers it as /runtime-config.json, so the remotes' URLs and the API base are decided at
// deploy time, not baked into the build.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const APPS = {
  host: { dir: 'host/dist', port: 3000, spa: true },
  userDashboard: { dir: 'mf-user-dashboard/dist', port: 3001 },
  agentSoftphone: { dir: 'mf-agent-softphone/dist', port: 3002 },
  admin: { dir: 'mf-admin/dist', port: 3003 },
  // The same product as one bundle (tools/plain-build): benchmarks compare it with the above.
  plain: { dir: 'tools/plain-build/dist', port: 3010, spa: true },
};
/** The apps a federated deployment serves. */
export const FEDERATED_APPS = ['host', 'userDashboard', 'agentSoftphone', 'admin'];

const REMOTE_ENV = { userDashboard: 'USER_DASHBOARD_URL', agentSoftphone: 'AGENT_SOFTPHONE_URL', admin: 'ADMIN_URL' };

/** The runtime config for a browser that reached the host under `hostname`. */
export function runtimeConfig(hostname, env = process.env, ports = {}) {
  const local = (port) => `http://${hostname}:${port}`;
  const apiBase = env.API_BASE ?? local(ports.api ?? 4000);
  const remotes = Object.fromEntries(
    Object.entries(REMOTE_ENV).map(([name, key]) => [
      name,
      `${env[key] ?? local(ports[name] ?? APPS[name].port)}/remoteEntry.js`,
    ]),
  );
  // Google sign-in shows only where a client id is configured.
  const google = env.GOOGLE_CLIENT_ID
    ? { google: { clientId: env.GOOGLE_CLIENT_ID, flow: env.GOOGLE_SIGN_IN_FLOW ?? 'implicit', extraScopes: (env.GOOGLE_EXTRA_SCOPES ?? '').split(/\s+/).filter(Boolean) } }
    : {};
  return { apiBase, wsBase: env.WS_BASE ?? apiBase.replace(/^http/, 'ws'), remotes, ...google };
}

/** The page with its runtime config written in, as a JSON data block (read by
 *  host/src/config/runtime-config.ts): a remote screen's files are asked for without first
 *  waiting for /runtime-config.json. `<` is escaped so no value can close the element. */
export function pageWithRuntimeConfig(html, config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', `  <script id="runtime-config" type="application/json">${json}</script>\n  </head>`);
}

/** A request for the single-page app's page: a client-side route (no file extension) or the page itself. */
const isPageRequest = (pathname) => pathname === '/index.html' || !/\.[A-Za-z0-9]+$/.test(pathname);

export function serveApp(name, { port = APPS[name].port, env = process.env, ports = {} } = {}) {
  const app = APPS[name];
  const files = sirv(path.join(root, app.dir), {
    single: Boolean(app.spa),
    etag: true,
    // The build's precompressed copies (.br, .gz), picked by the browser's Accept-Encoding.
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => {
      // Remotes are fetched cross-origin by the host; entry files must not be cached
      // so a remote team's deploy is picked up on the next load.
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (/\.[0-9a-f]{8}\.js$/.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const server = http.createServer(async (req, res) => {
    const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (app.spa && pathname === '/runtime-config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(runtimeConfig(hostname, env, ports)));
      return;
    }
    if (app.spa && (req.method === 'GET' || req.method === 'HEAD') && isPageRequest(pathname)) {
      const html = await fs.readFile(path.join(root, app.dir, 'index.html'), 'utf8').catch(() => null);
      if (html !== null) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'access-control-allow-origin': '*' });
        res.end(req.method === 'HEAD' ? undefined : pageWithRuntimeConfig(html, runtimeConfig(hostname, env, ports)));
        return;
      }
    }
    files(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, env.HOST ?? '0.0.0.0', () => resolve(server));
  });
}

// `node scripts/serve-app.mjs <app> [port]` serves one app on its own (e2e stops and restarts them).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, port] = process.argv.slice(2);
  if (!name || !(name in APPS)) {
    console.error(`usage: serve-app.mjs <${Object.keys(APPS).join('|')}> [port]`);
    process.exit(2);
  }
  const ports = process.env.APP_PORTS ? JSON.parse(process.env.APP_PORTS) : {};
  await serveApp(name, { port: port ? Number(port) : undefined, ports });
  // Forked by a parent (the bench): it goes when the parent does, even one that was killed.
  if (process.send) process.once('disconnect', () => process.exit(0));
}
