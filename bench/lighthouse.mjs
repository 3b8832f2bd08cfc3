// Lighthouse's scores for the federated product and the one-bundle build: its default config
// (a mid-range phone on a slow 4G network, simulated), in Debian's Chromium, on cold loads.
// lighthouse is pinned to 12.2.3: 13 needs Node 22.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ROUTES, startStack } from './bundle.mjs';

const AUDITED = ['/auth/login', '/dashboard/overview', '/dashboard/agent-call-logs'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
// Lighthouse's own storage reset clears these and the HTTP cache before the audited load, so
// every run is cold; localStorage is not among them, so a signed-in page keeps its session.
const CLEARED_STORAGE = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];

/** The session's token in the origin's localStorage, set on the host's runtime config, which
 *  loads none of the app's files. */
async function signInBrowser(port, url, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(new URL('/runtime-config.json', url).href);
    await page.evaluate((t) => window.localStorage.setItem('token', t), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium profile. */
async function audit(url, token) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
    logLevel: 'silent',
  });
  try {
    if (token) await signInBrowser(chrome.port, url, token);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      clearStorageTypes: CLEARED_STORAGE,
      // Nothing here reads the full-page screenshot; it costs a second a run.
      disableFullPageScreenshot: true,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A signed-in page whose session did not arrive ends on the sign-in page: its scores would be the sign-in page's.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse audited ${lhr.finalDisplayedUrl}, not ${url}${token ? ' (the session did not hold)' : ''}`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? NaN) * 100);

/** The figures a row prints, from one run's report. */
function figures(lhr) {
  const scripts = lhr.audits['resource-summary'].details.items.find((i) => i.resourceType === 'script');
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    bytes: lhr.audits['total-byte-weight'].numericValue,
    jsBytes: scripts?.transferSize ?? 0,
    unusedJsBytes: lhr.audits['unused-javascript'].details?.overallSavingsBytes ?? 0,
    mainThread: mainThreadOf(lhr),
    failing: failingAudits(lhr),
  };
}

/** Where the page's main-thread time went, as Lighthouse simulates the phone: its groups
 *  (script evaluation, parsing and compiling, style and layout, ...) and the scripts that cost
 *  the most, in ms. What holds TBT and LCP back. */
function mainThreadOf(lhr) {
  const groups = (lhr.audits['mainthread-work-breakdown'].details?.items ?? [])
    .map((item) => ({ group: item.groupLabel, ms: item.duration }));
  const merged = new Map();
  for (const { group, ms } of groups) merged.set(group, (merged.get(group) ?? 0) + ms);
  const scripts = (lhr.audits['bootup-time'].details?.items ?? []).slice(0, 3)
    .map((item) => ({ script: new URL(item.url, 'http://x').pathname.split('/').pop() || item.url, ms: item.total }));
  return { total: lhr.audits['mainthread-work-breakdown'].numericValue, groups: [...merged].sort((a, b) => b[1] - a[1]), scripts };
}

/** The accessibility and best-practices audits that did not pass, each with the elements,
 *  scripts or messages it names (a few). An audit of weight 0 does not count in the score. */
function failingAudits(lhr) {
  const failing = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const { id, weight } of lhr.categories[category].auditRefs) {
      const a = lhr.audits[id];
      if (a.score === null || a.score === 1 || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative') continue;
      const named = (a.details?.items ?? []).slice(0, 3)
        .map((item) => item.node?.selector ?? item.description ?? item.scriptUrl ?? item.source?.url ?? item.url).filter(Boolean)
        // A console message may quote a URL that carries the session's token.
        .map((text) => String(text).replace(/([?&]token=)[^&\s'"]+/g, '$1…').slice(0, 200));
      failing.push(`${id}${weight ? '' : ' (weight 0)'}${named.length ? `: ${named.join('; ')}` : ''}`);
    }
  }
  return failing;
}

export async function benchLighthouse({ smoke }) {
  const runs = smoke ? 1 : 3;
  const builds = smoke ? ['federated'] : ['federated', 'plain'];
  const routes = ROUTES.filter((r) => (smoke ? [AUDITED[0]] : AUDITED).includes(r.path));
  const stack = await startStack({ browser: false });
  const loads = [];
  const benchmarkIndexes = [];
  try {
    const rows = [];
    for (const route of routes) {
      const reports = Object.fromEntries(builds.map((build) => [build, []]));
      // The builds take turns, so drift in the machine's load falls on both alike.
      for (let i = 0; i < runs; i += 1) {
        for (const build of i % 2 ? [...builds].reverse() : builds) {
          const { url, token } = stack.target(route, build);
          const lhr = await audit(url, token);
          reports[build].push(figures(lhr));
          benchmarkIndexes.push(lhr.environment.benchmarkIndex);
          loads.push(os.loadavg()[0]);
        }
      }
      for (const build of builds) {
        // The run with the median performance score stands for the route, all its figures together.
        const sorted = [...reports[build]].sort((a, b) => a.performance - b.performance);
        rows.push({ route: route.path, build, ...sorted[Math.floor(sorted.length / 2)], scores: reports[build].map((r) => r.performance) });
      }
    }
    const range = (xs) => ({ min: Math.min(...xs), max: Math.max(...xs) });
    // Lighthouse's CPU benchmark and the machine's load, taken around the runs: a busy machine lowers scores.
    return { runs, rows, benchmarkIndex: range(benchmarkIndexes), loadAverage: range(loads) };
  } finally {
    await stack.stop();
  }
}
