// `pnpm test`: every check CI runs, in order, with one closing line that counts the tests.
// Steps run to the end even when one fails, so a run shows everything that is broken;
// e2e needs the production builds, so it is skipped when the build fails.
import { spawn } from 'node:child_process';

const steps = [
  { name: 'lint', cmd: 'pnpm', args: ['lint'] },
  { name: 'typecheck', cmd: 'pnpm', args: ['typecheck'] },
  { name: 'unit and component tests (jest)', cmd: 'pnpm', args: ['test:unit'], count: 'jest' },
  { name: 'API tests (embedded PGlite and PostgreSQL)', cmd: 'pnpm', args: ['test:api'], count: 'node' },
  { name: 'production build', cmd: 'pnpm', args: ['build'] },
  { name: 'e2e (Playwright, Debian Chromium)', cmd: 'pnpm', args: ['test:e2e'], count: 'playwright', needs: 'production build' },
  // The production topology (two API instances, nginx, PostgreSQL, Redis) and its faults.
  { name: 'cluster (production topology on nginx)', cmd: 'pnpm', args: ['test:cluster'], count: 'playwright', needs: 'production build' },
  // Small sizes: proves every benchmark still runs; `pnpm bench` gives the real figures.
  { name: 'benchmarks, smoke run', cmd: 'pnpm', args: ['bench:smoke'], needs: 'production build' },
];

// How each runner reports its totals.
const counters = {
  jest: (out) => ({
    passed: Number(/Tests:.*?(\d+) passed/.exec(out)?.[1] ?? 0),
    failed: Number(/Tests:.*?(\d+) failed/.exec(out)?.[1] ?? 0),
  }),
  node: (out) => ({
    passed: Number(/^[ℹ#] pass (\d+)/m.exec(out)?.[1] ?? 0),
    failed: Number(/^[ℹ#] fail (\d+)/m.exec(out)?.[1] ?? 0),
  }),
  playwright: (out) => ({
    passed: Number(/^\s+(\d+) passed/m.exec(out)?.[1] ?? 0),
    failed: Number(/^\s+(\d+) failed/m.exec(out)?.[1] ?? 0),
  }),
};

// The names of the failing (and, for Playwright, flaky) tests, so the summary at the end of a long
// log says which tests to look at.
const failures = {
  jest: (out) => [...out.matchAll(/^\s+● (.+ › .+)$/gm)].map((m) => m[1]),
  node: (out) => [...out.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => m[1]).filter((name) => !name.endsWith('.ts')),
  playwright: (out) => [...out.matchAll(/^\s+(\[[\w-]+\] › .+)$/gm)].map((m) => m[1].trim()),
};

const run = (step) =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (code) => resolve({ code, out }));
  });

const results = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  if (step.needs && results.find((r) => r.name === step.needs)?.ok === false) {
    results.push({ name: step.name, ok: false, note: `skipped: ${step.needs} failed` });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const { code, out } = await run(step);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  let note = `${seconds}s`;
  if (step.count) {
    const c = counters[step.count](out);
    passed += c.passed;
    failed += c.failed;
    note += `, ${c.passed} passed, ${c.failed} failed`;
    if (code !== 0 || /^\s+\d+ flaky/m.test(out)) step.failures = [...new Set(failures[step.count](out))];
  }
  // A step that failed without a failing test (crash, type error) still counts as a failure.
  if (code !== 0 && !step.count) failed += 1;
  results.push({ name: step.name, ok: code === 0, note });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.note})`);
for (const step of steps.filter((s) => s.failures?.length)) {
  console.log(`\n${step.name}, failing or flaky:`);
  for (const name of step.failures) console.log(`  ${name}`);
}
const allOk = results.every((r) => r.ok);
if (!allOk && failed === 0) failed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
