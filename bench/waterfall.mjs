// The profile behind the page-timing figures: for each route and build, a cold load at 4x CPU
// throttling, with when each script and API request started and ended, when the route was
// ready, and how the main thread spent its time.
//   node bench/waterfall.mjs [route-substring] [--runs=N]
// Built with source maps (`pnpm build --devtool source-map` and
// `pnpm --filter plain-build build --devtool source-map`),
// it also sums JS self time by npm package over N loads, and the federated build's excess over
// the plain one: what the federation runtime itself costs, apart from the apps' own code.
import sourceMap from 'source-map';
import { ROUTES, routeReady, startStack } from './bundle.mjs';

const THROTTLE = 4;
const ms = (x) => String(Math.round(x)).padStart(6);

async function profile(browser, url, token) {
  const context = await browser.newContext();
  if (token) await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await routeReady(page);
  const { profile: cpu } = await cdp.send('Profiler.stop');
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const entries = await page.evaluate(() => ({
    ready: performance.getEntriesByName('route-ready')[0].startTime,
    responseEnd: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0,
    resources: performance.getEntriesByType('resource')
      .filter((r) => r.startTime <= performance.getEntriesByName('route-ready')[0].startTime)
      .map((r) => ({ name: r.name.replace(/^https?:\/\/[^/]+/, (o) => `:${new URL(o).port}`), type: r.initiatorType, start: r.startTime, end: r.responseEnd, size: r.encodedBodySize })),
  }));
  await context.close();
  return { ...entries, metrics, cpu: selfTimeByScript(cpu), profile: cpu };
}

const sourceMaps = new Map();
/** The script's source map, served beside it when the build made one; null otherwise. */
async function sourceMapOf(url) {
  if (!sourceMaps.has(url)) {
    sourceMaps.set(url, fetch(`${url}.map`)
      .then(async (res) => (res.ok ? new sourceMap.SourceMapConsumer(await res.json()) : null))
      .catch(() => null));
  }
  return sourceMaps.get(url);
}

/** `node_modules/.pnpm/x/node_modules/@scope/pkg/dist/a.js` -> `@scope/pkg`; app code by its folder. */
function packageOf(source) {
  if (!source) return '(unmapped)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  if (source.includes('webpack/')) return '(webpack runtime)';
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '').split('/').slice(0, 2).join('/');
}

/** Milliseconds of JS self time per npm package; a script with no source map counts under its URL. */
async function selfTimeByPackage(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  for (const [i, id] of profile.samples.entries()) {
    const frame = byId.get(id).callFrame;
    if (!frame.url.startsWith('http')) continue;
    const map = await sourceMapOf(frame.url);
    const key = map
      ? packageOf(map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source)
      : `(no source map) ${new URL(frame.url).pathname}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  return totals;
}

/** Milliseconds of JS self time per script, from the sampling profiler (slower than unprofiled). */
function selfTimeByScript(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    if (!frame.url) return; // idle, GC, program: not a script's own time
    const name = frame.url.replace(/^https?:\/\/[^/]+/, (o) => `:${new URL(o).port}`);
    totals.set(name, (totals.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const filter = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '';
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 1);
const stack = await startStack();
try {
  for (const route of ROUTES.filter((r) => r.path.includes(filter))) {
    const byPackage = {};
    for (const build of ['federated', 'plain']) {
      const { url, token } = stack.target(route, build);
      await profile(stack.browser, url, token); // warm the servers and the API
      const loads = [];
      for (let i = 0; i < runs; i += 1) loads.push(await profile(stack.browser, url, token));
      const p = loads[0];
      const packages = await Promise.all(loads.map((l) => selfTimeByPackage(l.profile)));
      byPackage[build] = new Map();
      for (const totals of packages) for (const [k, t] of totals) byPackage[build].set(k, (byPackage[build].get(k) ?? 0) + t / runs);
      const m = p.metrics;
      console.log(`\n${route.path} · ${build} · route-ready ${Math.round(p.ready)} ms · html ${Math.round(p.responseEnd)} ms`);
      console.log(`main thread: script ${Math.round(m.ScriptDuration * 1000)} ms, tasks ${Math.round(m.TaskDuration * 1000)} ms, layout ${Math.round(m.LayoutDuration * 1000)} ms, style ${Math.round(m.RecalcStyleDuration * 1000)} ms, JS heap ${(m.JSHeapUsedSize / 2 ** 20).toFixed(1)} MiB`);
      console.log('  start    end  bytes  request');
      for (const r of p.resources) console.log(`${ms(r.start)} ${ms(r.end)} ${String(r.size).padStart(7)}  ${r.type} ${r.name}`);
      console.log('JS self time by script (sampled, ms):');
      for (const [name, t] of p.cpu.slice(0, 8)) console.log(`${ms(t)}  ${name}`);
      if (runs > 1) console.log(`route-ready of the ${runs} loads: ${loads.map((l) => Math.round(l.ready)).join(', ')} ms`);
    }
    const keys = new Set([...byPackage.federated.keys(), ...byPackage.plain.keys()]);
    const rows = [...keys].map((k) => [k, byPackage.federated.get(k) ?? 0, byPackage.plain.get(k) ?? 0])
      .sort((a, b) => (b[1] - b[2]) - (a[1] - a[2]));
    const excess = rows.reduce((sum, [, f, p]) => sum + f - p, 0);
    console.log(`\n${route.path}: JS self time by package, mean of ${runs} load(s), federated minus plain (total ${Math.round(excess)} ms)`);
    console.log('   fed  plain   diff  package');
    for (const [k, f, p] of rows.filter(([, f, p]) => Math.abs(f - p) >= 3)) console.log(`${ms(f)} ${ms(p)} ${ms(f - p)}  ${k}`);
  }
} finally {
  await stack.stop();
}
