// The profile behind the page-timing figures: for each route and build, one cold load at 4x CPU
// throttling, with when each script and API request started and ended, when the route was
// ready, and how the main thread spent its time. `node bench/waterfall.mjs [route-substring]`.
import { ROUTES, startStack } from './bundle.mjs';

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
  await page.waitForFunction(() => performance.getEntriesByName('route-ready').length > 0, null, { timeout: 60_000 });
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
  return { ...entries, metrics, cpu: selfTimeByScript(cpu) };
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

const filter = process.argv[2] ?? '';
const stack = await startStack();
try {
  for (const route of ROUTES.filter((r) => r.path.includes(filter))) {
    for (const build of ['federated', 'plain']) {
      const { url, token } = stack.target(route, build);
      await profile(stack.browser, url, token); // warm the servers and the API
      const p = await profile(stack.browser, url, token);
      const m = p.metrics;
      console.log(`\n${route.path} · ${build} · route-ready ${Math.round(p.ready)} ms · html ${Math.round(p.responseEnd)} ms`);
      console.log(`main thread: script ${Math.round(m.ScriptDuration * 1000)} ms, tasks ${Math.round(m.TaskDuration * 1000)} ms, layout ${Math.round(m.LayoutDuration * 1000)} ms, style ${Math.round(m.RecalcStyleDuration * 1000)} ms, JS heap ${(m.JSHeapUsedSize / 2 ** 20).toFixed(1)} MiB`);
      console.log('  start    end  bytes  request');
      for (const r of p.resources) console.log(`${ms(r.start)} ${ms(r.end)} ${String(r.size).padStart(7)}  ${r.type} ${r.name}`);
      console.log('JS self time by script (sampled, ms):');
      for (const [name, t] of p.cpu.slice(0, 8)) console.log(`${ms(t)}  ${name}`);
    }
  }
} finally {
  await stack.stop();
}
