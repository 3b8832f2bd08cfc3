// Bundle cost and page timing: the federated product (host + three remotes) against the same
// product built as one bundle (tools/plain-build), on cold loads in Debian's Chromium.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { signIn } from 'shared-test-kit';
import { startApiServer } from './lib/server.mjs';
import { startStaticServers } from './lib/static-servers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORTS = { api: 4294, host: 3180, userDashboard: 3181, agentSoftphone: 3182, admin: 3183, plain: 3185 };
export const ROUTES = [
  { path: '/auth/login', email: null },
  { path: '/dashboard/overview', email: 'user@demo.test' },
  { path: '/dashboard/agent-call-logs', email: 'agent@demo.test' },
  { path: '/admin/ai-clients', email: 'admin@demo.test' },
];
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resolves when the page marks route-ready. An observer, not polling: Playwright's
 *  waitForFunction runs its check on every animation frame, work in the page being timed. */
export function routeReady(page, timeoutMs = 60_000) {
  return page.evaluate((ms) => new Promise((resolve, reject) => {
    const marked = (list) => list.getEntriesByName('route-ready').length > 0;
    const observer = new PerformanceObserver((list) => {
      if (!marked(list)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'mark', buffered: true });
    setTimeout(() => reject(new Error(`no route-ready mark within ${ms} ms`)), ms);
  }), timeoutMs);
}

/** Chrome's own count of requests in flight, through CDP: resolves once none has been for
 *  `quietMs`. Playwright's 'networkidle' at times never comes on a CPU-throttled page whose
 *  requests have all finished. */
function trackNetwork(cdp) {
  const inFlight = new Set();
  let lastChange = Date.now();
  const scriptBytes = new Map();
  cdp.on('Network.requestWillBeSent', (e) => { inFlight.add(e.requestId); lastChange = Date.now(); if (e.type === 'Script') scriptBytes.set(e.requestId, 0); });
  cdp.on('Network.loadingFinished', (e) => {
    inFlight.delete(e.requestId);
    lastChange = Date.now();
    if (scriptBytes.has(e.requestId)) scriptBytes.set(e.requestId, e.encodedDataLength);
  });
  cdp.on('Network.loadingFailed', (e) => { inFlight.delete(e.requestId); lastChange = Date.now(); });
  return {
    /** Bytes of JavaScript over the wire (compressed as served, headers included). */
    scriptTransferred: () => [...scriptBytes.values()].reduce((a, b) => a + b, 0),
    quiet: async (quietMs = 500, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`network still busy after ${timeoutMs} ms (${inFlight.size} requests in flight)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

export async function load(browser, url, token, { throttle }) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const network = trackNetwork(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const js = [];
  // Bytes are counted on the unthrottled load only: reading and gzipping bodies in this process
  // while a timed page loads would compete with the browser for the machine's two cores.
  if (!throttle) page.on('response', async (res) => {
    if (!res.url().endsWith('.js') || res.status() !== 200) return;
    const body = await res.body().catch(() => null);
    if (body) js.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, antd: body.includes('data-css-hash') });
  });
  await page.goto(url);
  await routeReady(page).catch(async (err) => { await page.screenshot({ path: '/tmp/bench-fail.png' }); throw new Error(`${url} never marked route-ready (at ${page.url()}): ${err.message}`); });
  await network.quiet();
  const timing = await page.evaluate(() => new Promise((resolve) => {
    const ready = performance.getEntriesByName('route-ready')[0]?.startTime ?? NaN;
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve({ ready, lcp: entries[entries.length - 1]?.startTime ?? NaN });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => resolve({ ready, lcp: NaN }), 2000);
  }));
  // Which copies of React loaded, by the federation runtime's own record (only the federated
  // build's column is printed). antd is shared one component at a time and its `from` label
  // there names the last build to register a component, not the one that served it, so antd is
  // counted by the servers whose JS holds antd's style engine (cssinjs marks its style tags
  // data-css-hash).
  const reactCopies = await page.evaluate(() => {
    const scopes = (window).__FEDERATION__?.__SHARE__ ?? {};
    const copies = new Set();
    for (const scope of Object.values(scopes)) {
      for (const name of ['react', 'react-dom']) {
        for (const [version, info] of Object.entries(scope.default?.[name] ?? {})) if (info.loaded) copies.add(`${name}@${version} from ${info.from}`);
      }
    }
    return [...copies];
  });
  // The host is an ordinary bundle: on a page with no remote the runtime has shared nothing.
  if (reactCopies.length === 0) reactCopies.push('no remote on the page: React and ReactDOM only in the host bundle');
  const antdServers = new Set(js.filter((f) => f.antd).map((f) => new URL(f.url).port));
  reactCopies.push(`antd from ${antdServers.size} server(s)`);
  await context.close();
  return { js, transferred: network.scriptTransferred(), timing, reactCopies };
}

/** The API, the four federated apps and the one-bundle build on their ports, and a browser
 *  unless `browser: false` (a caller that launches its own). */
export async function startStack({ browser: withBrowser = true } = {}) {
  const origins = [`http://localhost:${PORTS.host}`, `http://localhost:${PORTS.plain}`].join(',');
  const api = await startApiServer({ port: PORTS.api, env: { CORS_ORIGINS: origins } });
  const servers = await startStaticServers(['host', 'userDashboard', 'agentSoftphone', 'admin', 'plain'], PORTS);
  const browser = withBrowser ? await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }) : null;
  const tokens = {};
  for (const r of ROUTES) if (r.email) tokens[r.email] = (await signIn(api.apiUrl, r.email)).token;
  return {
    browser,
    /** The URL and token for a route in a build ('federated' or 'plain'). */
    target: (route, build) => ({
      url: `http://localhost:${build === 'plain' ? PORTS.plain : PORTS.host}${route.path}`,
      token: route.email ? tokens[route.email] : null,
    }),
    stop: async () => {
      await browser?.close();
      await servers.stop();
      await api.stop();
    },
  };
}

export async function benchBundle({ smoke }) {
  const runs = smoke ? 1 : 5;
  // A smoke run only proves the measurement works: its loads run at full speed.
  const throttle = smoke ? 1 : 4;
  const stack = await startStack();
  try {
    const rows = [];
    for (const route of ROUTES) {
      const row = { route: route.path };
      const builds = ['federated', 'plain'];
      const targets = Object.fromEntries(builds.map((build) => [build, stack.target(route, build)]));
      // The unthrottled load counts the bytes (and warms the servers); timed loads alternate
      // between the builds, in turns of federated-plain then plain-federated, so drift in the
      // machine's load and whatever a closed page leaves running fall on both alike.
      const bytes = {};
      for (const build of builds) bytes[build] = await load(stack.browser, targets[build].url, targets[build].token, { throttle: 0 });
      const timed = { federated: [], plain: [] };
      for (let i = 0; i < runs; i += 1) {
        for (const build of i % 2 ? [...builds].reverse() : builds) {
          timed[build].push((await load(stack.browser, targets[build].url, targets[build].token, { throttle })).timing);
        }
      }
      for (const build of builds) {
        row[build] = {
          requests: bytes[build].js.length,
          raw: bytes[build].js.reduce((s, f) => s + f.raw, 0),
          gzip: bytes[build].js.reduce((s, f) => s + f.gzip, 0),
          transferred: bytes[build].transferred,
          reactCopies: bytes[build].reactCopies,
          lcp: median(timed[build].map((t) => t.lcp)),
          ready: median(timed[build].map((t) => t.ready)),
          // The loads' spread shows how much of a difference between medians is the machine's noise.
          readySpread: Math.max(...timed[build].map((t) => t.ready)) - Math.min(...timed[build].map((t) => t.ready)),
        };
      }
      // Each turn loads both builds back to back, so the machine's state is much the same for the
      // two: the median of the turns' differences is steadier than the difference of the medians.
      row.pairedDifference = median(timed.federated.map((t, i) => t.ready - timed.plain[i].ready));
      rows.push(row);
    }
    return { runs, throttle, rows };
  } finally {
    await stack.stop();
  }
}

const distOf = (dir) => path.join(here, '..', dir, 'dist');
export const distsNeeded = {
  federated: ['host', 'mf-user-dashboard', 'mf-agent-softphone', 'mf-admin'].map(distOf),
  plain: distOf('tools/plain-build'),
};
