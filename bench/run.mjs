// `pnpm bench`: every benchmark, printed as tables of figures and, for a full run, written to
// RESULTS.md with the machine, date and commit. `--smoke` runs each one small (CI keeps the
// scripts working); `--only api,realtime,bundle,lighthouse,knowledge,relay,pipeline,agent-tests` picks some.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchApi } from './api.mjs';
import { benchRealtime } from './realtime.mjs';
import { benchBundle, distsNeeded } from './bundle.mjs';
import { benchKnowledge } from './knowledge.mjs';
import { benchRelay } from './relay.mjs';
import { benchPipeline } from './pipeline.mjs';
import { benchAgentTests } from './agent-tests.mjs';
import { benchLighthouse } from './lighthouse.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const wanted = (name) => !only || only.includes(name);

const fmt = (n, digits = 0) => (typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : String(n ?? ''));
const table = (headers, rows) => [
  `| ${headers.join(' | ')} |`,
  `|${headers.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');

const sections = [];
const kib = (bytes) => `${fmt(bytes / 1024)} KiB`;
// The benchmarks that load the pages build them once: a full run measures the current source; a
// smoke run builds only what is missing (in CI, `pnpm test` has just built the federated apps,
// so only the one-bundle build is left).
let built = false;
const buildApps = () => {
  if (built) return;
  built = true;
  const build = (command) => execSync(command, { cwd: path.join(here, '..'), stdio: 'inherit' });
  const missing = (dists) => dists.some((d) => !fs.existsSync(d));
  if (!smoke || missing(distsNeeded.federated)) {
    console.info('building the federated apps first…');
    build('pnpm build');
  }
  if (!smoke || missing([distsNeeded.plain])) {
    console.info('building the one-bundle build first…');
    build('pnpm --filter plain-build build');
  }
};
if (wanted('bundle')) {
  buildApps();
  const { runs, throttle, rows } = await benchBundle({ smoke });
  sections.push(['Bundle cost: JS on a cold load (target: federated/plain gzip <= 1.15; React, ReactDOM and antd once)', table(
    ['route', 'federated requests', 'federated raw', 'federated gzip', 'federated transferred', 'plain requests', 'plain raw', 'plain gzip', 'plain transferred', 'gzip ratio', 'React and antd copies (federated)'],
    rows.map((r) => [r.route, r.federated.requests, kib(r.federated.raw), kib(r.federated.gzip), kib(r.federated.transferred), r.plain.requests, kib(r.plain.raw),
      kib(r.plain.gzip), kib(r.plain.transferred), fmt(r.federated.gzip / r.plain.gzip, 2), r.federated.reactCopies.join('; ') || 'none reported']),
  )]);
  sections.push([`Page timing: median of ${runs} cold loads, CPU throttled ${throttle}x (target: federated within 100 ms of plain)`, table(
    ['route', 'federated LCP ms', 'plain LCP ms', 'federated route-ready ms', 'plain route-ready ms', 'route-ready difference ms', 'median of the turns\' route-ready differences ms', 'route-ready spread of the loads, federated / plain ms'],
    rows.map((r) => [r.route, fmt(r.federated.lcp), fmt(r.plain.lcp), fmt(r.federated.ready), fmt(r.plain.ready), fmt(r.federated.ready - r.plain.ready),
      fmt(r.pairedDifference), `${fmt(r.federated.readySpread)} / ${fmt(r.plain.readySpread)}`]),
  )]);
}
if (wanted('lighthouse')) {
  buildApps();
  const { runs, rows, benchmarkIndex, loadAverage } = await benchLighthouse({ smoke });
  sections.push([`Lighthouse 12.2.3, mobile (its default config and simulated throttling): the median run of ${runs} by performance score (target: performance >= 90 on each, accessibility 100)`, [
    table(
      ['route', 'build', 'performance', 'accessibility', 'best practices', 'LCP ms', 'TBT ms', 'transferred', 'JS transferred', 'unused JS', 'performance of the runs'],
      rows.map((r) => [r.route, r.build, r.performance, r.accessibility, r.bestPractices, fmt(r.lcp), fmt(r.tbt), kib(r.bytes), kib(r.jsBytes),
        kib(r.unusedJsBytes), r.scores.join(', ')]),
    ),
    '',
    `Lighthouse is pinned to 12.2.3 (13 needs Node 22). Each run a fresh Chromium profile and a cold load; signed-in pages carry the session in localStorage. Unused JS is Lighthouse's estimate over scripts with at least 20 KiB unused. Lighthouse's CPU benchmark index ${fmt(benchmarkIndex.min)}–${fmt(benchmarkIndex.max)}; machine load (1 min) ${fmt(loadAverage.min, 1)}–${fmt(loadAverage.max, 1)}.`,
    ...rows.filter((r) => r.failing.length > 0).map((r) => `Not passed on ${r.route} (${r.build}): ${r.failing.join(' | ')}`),
    '',
    'Main-thread time of the same runs, as Lighthouse simulates the phone (ms): its groups, and the three scripts that cost the most.',
    '',
    table(
      ['route', 'build', 'main thread ms', 'by group', 'costliest scripts'],
      rows.map((r) => [r.route, r.build, fmt(r.mainThread.total),
        r.mainThread.groups.slice(0, 4).map(([group, ms]) => `${group} ${fmt(ms)}`).join('; '),
        r.mainThread.scripts.map(({ script, ms }) => `${script} ${fmt(ms)}`).join('; ')]),
    ),
  ].join('\n')]);
}
if (wanted('api')) {
  const rows = await benchApi({ smoke });
  sections.push(['API: call-logs page vs hello, 50 connections (target: ratio >= 0.35, p99 <= 25 ms)', table(
    ['database', 'calls in account', 'hello req/s', 'call-logs req/s', 'ratio', 'call-logs p99 ms', 'hello p99 ms'],
    rows.map((r) => r.skipped ? [r.database, r.skipped, '', '', '', '', ''] : [
      r.database, fmt(r.calls), fmt(r.helloRps), fmt(r.pageRps), fmt(r.ratio, 2), fmt(r.pageP99), fmt(r.helloP99),
    ]),
  )]);
}

if (wanted('realtime')) {
  const r = await benchRealtime({ smoke });
  sections.push([`Realtime: STATUS_UPDATED to ${fmt(r.count)} sockets in one account, ${r.rounds} broadcasts (target: ratio >= 0.7, <= 16 KiB per idle socket)`, table(
    ['server', 'deliveries/s', 'p50 ms', 'p99 ms', 'memory per idle socket'],
    [
      ['our API (auth, rooms, validation, persistence)', fmt(r.ours.deliveriesPerSecond), fmt(r.ours.p50, 1), fmt(r.ours.p99, 1),
        `${fmt(r.ours.heapPerSocket / 1024, 1)} KiB heap+external, ${fmt(r.ours.rssPerSocket / 1024, 1)} KiB RSS`],
      ['bare ws broadcast', fmt(r.raw.deliveriesPerSecond), fmt(r.raw.p50, 1), fmt(r.raw.p99, 1), ''],
      ['ratio', fmt(r.ratio, 2), '', '', ''],
    ],
  )]);
}

if (wanted('knowledge')) {
  const rows = await benchKnowledge({ smoke });
  sections.push(['Knowledge lookup: one agent\'s passages searched with a caller\'s turn, best 3 (target: p99 <= 10 ms on PostgreSQL)', table(
    ['database', 'agent\'s passages', 'passages in table', 'reindex ms', 'lookups (turns)', 'turns with a match', 'p50 ms', 'p99 ms', 'max ms'],
    rows.map((r) => r.skipped ? [r.database, r.skipped, '', '', '', '', '', '', ''] : [
      r.database, fmt(r.passages), fmt(r.tablePassages), fmt(r.reindexMs), `${fmt(r.lookups)} (${r.turns})`, `${fmt(r.answeredShare * 100)} %`,
      fmt(r.p50, 2), fmt(r.p99, 2), fmt(r.max, 1),
    ]),
  )]);
}

if (wanted('relay')) {
  const r = await benchRelay({ smoke });
  const memory = (row) => (row.sessions === 1 ? 'one session is within the heap\'s noise'
    : `${fmt(row.heapPerSession / 1024, 1)} KiB heap+external, ${fmt(row.rssPerSession / 1024, 1)} KiB RSS`);
  sections.push(['AI call relay: server overhead of a turn, prompt to first token, local responder (target: p99 <= 25 ms at 1,000 sessions; <= 64 KiB per open session)', [
    table(
      ['concurrent sessions', 'turns', 'turns/s', 'client p50 ms', 'client p99 ms', 'in-server p50 ms', 'in-server p99 ms',
        'server event-loop delay p99 ms', 'memory per open session', 'machine load (1 min)'],
      r.rows.map((row) => [fmt(row.sessions), fmt(row.turns), fmt(row.turnsPerSecond, 1), fmt(row.p50, 1), fmt(row.p99, 1),
        fmt(row.serverP50, 1), fmt(row.serverP99, 1), fmt(row.loopDelayP99, 1), memory(row), fmt(row.loadAverage, 1)]),
    ),
    '',
    `${r.database}; one API instance. Each session is a call rung in through the telephony simulator, which plays Twilio's side; each caller says a question every ${fmt(r.meanGapSeconds, 2)} s on average after the shortest pause (exponential pauses, so N sessions make N/${fmt(r.meanGapSeconds, 2)} turns/s; a lone session speaks again once it has its reply and the shortest pause a session allows, 1/RELAY_MAX_TURNS_PER_SECOND, has passed; every pause is at least that long). A turn's first token waits for the knowledge lookup; its transcript lines are stored alongside, all calls' lines in one INSERT at a time.`,
    'Client: the simulated carrier\'s time from sending the last `prompt` frame to receiving the first `text` token, an upper bound of the server\'s overhead (it adds loopback, the client\'s own event loop and the two processes sharing the cores). In-server: from the socket library handing the route the frame to the route sending the first token. Event-loop delay: how late the API process\'s loop ran during the turns (a turn waits behind it).',
    'Memory: heap+external and RSS of the API process after opening the sessions (each set up and past one turn) minus before, over the number of sessions.',
    '',
    'With a model and a custom tool on every turn (traced as every call is): a stand-in model in OpenAI\'s wire format that answers at once asks for the agent\'s own tool, the server sends the signed request to a local endpoint that answers at once, and the model then speaks; the figures are the same prompt-to-first-token times, so they include both model requests and the tool request over loopback.',
    '',
    table(
      ['concurrent sessions', 'turns', 'turns/s', 'client p50 ms', 'client p99 ms', 'in-server p50 ms', 'in-server p99 ms', 'server event-loop delay p99 ms', 'machine load (1 min)'],
      r.toolRows.map((row) => [fmt(row.sessions), fmt(row.turns), fmt(row.turnsPerSecond, 1), fmt(row.p50, 1), fmt(row.p99, 1),
        fmt(row.serverP50, 1), fmt(row.serverP99, 1), fmt(row.loopDelayP99, 1), fmt(row.loadAverage, 1)]),
    ),
  ].join('\n')]);
}

if (wanted('pipeline')) {
  const r = await benchPipeline({ smoke });
  const row = (x) => [fmt(x.calls), fmt(x.turns), fmt(x.turnsPerSecond, 1), fmt(x.serverP50, 1), fmt(x.serverP99, 1), fmt(x.clientP50, 1), fmt(x.clientP99, 1),
    fmt(x.cpuPerTurnMs, 2), `${fmt(x.corePerCall * 100, 2)} %`, x.heapPerCall === null ? 'one call is within the heap\'s noise' : `${fmt(x.heapPerCall / 1024, 1)} KiB`, fmt(x.loadAverage, 1)];
  sections.push(['Our speech pipeline: end of the caller\'s speech to the reply\'s first audio, stand-in providers answering at once (target: p99 <= 50 ms at 200 calls)', [
    table(['concurrent calls', 'turns', 'turns/s', 'in-server p50 ms', 'in-server p99 ms', 'client p50 ms', 'client p99 ms', 'API CPU per turn ms', 'API CPU per call (of a core)', 'heap+external per call', 'machine load (1 min)'],
      r.pipelineRows.map(row)),
    '',
    'Beside it, the same turns on ConversationRelay (Twilio speaks; in-server: the prompt to the first words, as the call traces keep it):',
    '',
    table(['concurrent calls', 'turns', 'turns/s', 'in-server p50 ms', 'in-server p99 ms', 'client p50 ms', 'client p99 ms', 'API CPU per turn ms', 'API CPU per call (of a core)', 'heap+external per call', 'machine load (1 min)'],
      r.relayRows.map(row)),
    '',
    `${r.database}; one API instance; the local responder answers from the agent's knowledge. Each call is rung in through the telephony simulator, whose caller plays Twilio's side of the media stream: 200 ms of speech, then 320 ms of silence, in 20 ms frames. The transcriber (a stand-in of Deepgram's live socket, reached through Deepgram's SDK) calls the turn over after 300 ms of silence; the voice (a stand-in of ElevenLabs' streaming endpoint, through ElevenLabs' SDK) answers each sentence at once. Both run in a process of their own. In-server: the call trace's first-audio time, from the transcriber's final words reaching the session to the first audio frame sent. Client: from the last silent frame sent to the first audio received (it includes the stand-in transcriber's endpointing). CPU: the API process's user+system time over the turns.`,
  ].join('\n')]);
}

if (wanted('agent-tests')) {
  const r = await benchAgentTests({ smoke });
  sections.push([`Agent tests: a suite of ${r.scenarios} scenarios against the local responder, from "Run all" to the last result (target: 50 scenarios in < 30 s)`, [
    table(
      ['database', 'scenarios', 'run status', 'passed', 'failed', 'wall time s', 'scenario p50 ms', 'scenario p99 ms'],
      [[r.database, fmt(r.scenarios), r.status, fmt(r.passed), fmt(r.failed), fmt(r.seconds, 1), fmt(r.p50), fmt(r.p99)]],
    ),
    '',
    'One API instance; the run is queued on the job queue and its scenarios are played four at a time, each a test call through the relay route (a question from the knowledge, a three-line booking, a request for a person, a goodbye, a keypad 0), judged, and removed with what it booked.',
    ...(r.failures.length > 0 ? ['', `Failed scenarios: ${r.failures.join(' | ')}`] : []),
  ].join('\n')]);
}

const commit = (() => { try { return execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim(); } catch { return 'unknown'; } })();
const header = [
  `Run ${new Date().toISOString()} · commit ${commit} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'} · ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB · Node ${process.version}${smoke ? ' · SMOKE (small sizes, figures not comparable)' : ''}`,
];
const report = [...header, '', ...sections.flatMap(([title, body]) => [`### ${title}`, '', body, ''])].join('\n');
console.log(`\n${report}`);
// Only a full run of every benchmark replaces the record: `--only` would drop the others' figures.
if (!smoke && !only) {
  fs.writeFileSync(path.join(here, 'RESULTS.md'), `# Benchmark results\n\nThe last full \`pnpm bench\` run; compare a change against it.\n\n${report}`);
}
