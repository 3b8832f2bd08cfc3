// AI call relay: the server's overhead of a caller's turn with the local responder (no model,
// answers at once), at 1, 100 and 1,000 concurrent ConversationRelay sessions on one API
// instance, and the memory an open session costs. Each session is a call the telephony
// simulator rings in and plays Twilio's side of, as `pnpm --filter api sim call` does.
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import { fork } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDatabase } from './lib/postgres.mjs';
import { RELAY_MAX_TURNS_PER_SECOND } from 'shared-contracts';
import { dialAiAgent, signIn } from 'shared-test-kit';
import { startApiServer } from './lib/server.mjs';

/** What the agent knows: a few paragraphs, so every turn's knowledge lookup finds passages. */
const KNOWLEDGE = [
  'Opening hours: Monday to Friday from 8 am to 6 pm, Saturday from 9 am to 1 pm. We are closed on Sundays and public holidays.',
  'Parking: free parking behind the building on Elm Avenue, and two accessible spaces by the front door.',
  'Insurance: we accept Delta Dental, Cigna, Aetna, MetLife and Guardian. We send the claim for you.',
  'Prices: a cleaning and check-up costs $120 without insurance; whitening costs $350; an emergency exam costs $90.',
  'Children: we see children from their first tooth. Dr. Grace Okafor specialises in children\'s dentistry.',
  'Emergencies: call our main number; outside opening hours the line reaches our on-call dentist.',
  'Cancellations: please cancel at least 24 hours ahead; late cancellations may be charged $40.',
  'Address: 412 Elm Avenue, second floor, next to the pharmacy. The nearest bus stop is Elm and 5th.',
].join('\n\n');

/** Questions a caller asks about the business: answered from the knowledge, none ends or transfers the call. */
const SENTENCES = [
  'What are your opening hours on Saturday?',
  'Is there parking near the office?',
  'Do you accept Cigna insurance?',
  'How much does a cleaning cost?',
  'Do you see children?',
  'What is your address?',
  'What happens if I cancel late?',
  'Is there a bus stop nearby?',
];

const FULL = {
  warmUpTurns: 30,
  meanGapMs: 5_000,
  rows: [{ sessions: 1, turns: 300 }, { sessions: 100, turns: 600 }, { sessions: 1_000, turns: 4_000 }],
};
// BENCH_RELAY_SESSIONS=1000 runs only that row of a full run (a profile of one size, say).
const onlySessions = process.env.BENCH_RELAY_SESSIONS?.split(',').map(Number);
if (onlySessions) FULL.rows = FULL.rows.filter((row) => onlySessions.includes(row.sessions));
// BENCH_RELAY_TOOLS_ONLY=1 runs only the row with a model and a custom tool.
const onlyTools = process.env.BENCH_RELAY_TOOLS_ONLY === '1';
const SMOKE = { warmUpTurns: 3, meanGapMs: 250, rows: [{ sessions: 1, turns: 5 }, { sessions: 20, turns: 20 }] };
/** The row played again with a model that runs one of the agent's own tools on every turn (BENCH_TOOL_TURNS=<n> plays it longer, to see the heap's steady state). */
const TOOL_ROWS = { full: [{ sessions: 1_000, turns: Number(process.env.BENCH_TOOL_TURNS ?? 4_000) }], smoke: [{ sessions: 20, turns: 20 }] };
/** Calls rung in and set up at once while the sessions open. */
const DIAL_BATCH = 50;
const TURN_TIMEOUT_MS = 10_000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/**
 * The wait before a caller's next sentence: exponential, so the turns of all sessions arrive as a
 * Poisson stream, after the shortest pause a session allows between turns (a caller faster than
 * RELAY_MAX_TURNS_PER_SECOND is ended as a flood; no person speaks that fast).
 */
let minGapMs = 0;
const gap = (meanMs) => minGapMs - Math.log(1 - Math.random()) * meanMs;
const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function api(url, method, path, token, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text).data;
}

/** The benchmark server's own routes (bench/api-server.ts), which answer bare JSON. */
async function benchRoute(url, path, body) {
  const res = await fetch(`${url}${path}`, body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The demo account's inbound AI agent (made by its USER if the account has none), with the benchmark's knowledge. */
async function inboundAgent(url) {
  const { token, user } = await signIn(`${url}/v1`, 'user@demo.test');
  const agents = await api(url, 'GET', `/v1/agent/get-agents/${user.accountId}`, token);
  const found = agents.find((a) => a.handleCallType !== 'outbound' && a.phoneNumber !== null);
  // The longest call an agent allows, so no session reaches its time limit during the run.
  const settings = { knowledge: KNOWLEDGE, maxCallMinutes: 60 };
  if (found) {
    await api(url, 'PATCH', `/v1/agent/update-agent/${found.id}`, token, settings);
    return found.phoneNumber;
  }
  const made = await api(url, 'POST', '/v1/agent/create-agent', token, {
    name: 'Front Desk', handleCallType: 'inbound', greeting: 'Thank you for calling.', prompt: 'Answer callers\' questions about the practice.',
    voiceId: 'alloy', phoneNumber: '+15550109999', ...settings,
  });
  return made.phoneNumber;
}

/**
 * One turn: the caller says a sentence and hears the whole reply. Answers the milliseconds from
 * sending the `prompt` frame to receiving the first non-empty `text` token.
 */
function turn(caller, text) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstToken = null;
    const onToken = () => { firstToken ??= performance.now() - started; };
    const finish = (error) => {
      clearTimeout(timer);
      caller.off('token', onToken);
      caller.off('reply', onReply);
      caller.off('end', onEnd);
      if (error) reject(error);
      else if (firstToken === null) reject(new Error('a reply came with no token'));
      else resolve(firstToken);
    };
    const onReply = () => finish(null);
    const onEnd = () => finish(new Error(`the agent ended the call after "${text}"`));
    const timer = setTimeout(() => finish(new Error(`no reply to "${text}" within ${TURN_TIMEOUT_MS} ms`)), TURN_TIMEOUT_MS);
    caller.on('token', onToken);
    caller.on('reply', onReply);
    caller.on('end', onEnd);
    caller.say(text);
  });
}

/** Calls the agent rings in through the simulator's caller door, each connected and past one turn. */
function createDialer(url, agentNumber) {
  let callers = 0;
  return async function dial() {
    callers += 1;
    const from = `+1555${String(7_000_000 + callers)}`;
    const { caller, callId } = await dialAiAgent(url, agentNumber, from);
    // Frames are handled in order, so the first reply proves the session's setup is done.
    await turn(caller, pick(SENTENCES));
    return { caller, callId };
  };
}

async function openCalls(dial, count) {
  const calls = [];
  for (let i = 0; i < count; i += DIAL_BATCH) {
    calls.push(...(await Promise.all(Array.from({ length: Math.min(DIAL_BATCH, count - i) }, () => dial()))));
  }
  return calls;
}

/** Every caller speaks after an exponential pause (mean `meanGapMs`) and waits for the reply, until `turns` are done. */
async function converse(calls, { turns, meanGapMs }) {
  const latencies = [];
  let left = turns;
  const started = performance.now();
  let lastReply = started;
  const done = new AbortController();
  // Every pausing caller listens for the end.
  setMaxListeners(calls.length + 10, done.signal);
  await Promise.all(calls.map(async ({ caller }) => {
    while (left > 0) {
      const woke = await sleep(calls.length > 1 ? gap(meanGapMs) : minGapMs, true, { signal: done.signal }).catch(() => false);
      if (!woke || left <= 0) break;
      left -= 1;
      latencies.push(await turn(caller, pick(SENTENCES)));
      lastReply = performance.now();
      // The callers still pausing would speak no more: wake them now.
      if (left <= 0) done.abort();
    }
  }));
  return { latencies, seconds: (lastReply - started) / 1000 };
}

/**
 * Hangs every call up and waits until the server has ended each one (its session closed, its
 * transcript stored, the call logged); the summaries are left to the job queue meanwhile.
 */
async function hangUpAll(url, calls) {
  await Promise.all(calls.map(({ caller }) => caller.hangUp()));
  const callIds = calls.map((c) => c.callId);
  for (let waited = 0; ; waited += 200) {
    const { unfinished } = await benchRoute(url, '/bench/relay-unfinished', { callIds });
    if (unfinished === 0) return;
    if (waited > 120_000) throw new Error(`${unfinished} calls had still not ended after 2 minutes`);
    await sleep(200);
  }
}

/**
 * An agent answered by a stand-in model (OpenAI's wire format, answering at once) that calls the
 * agent's own tool on every turn, against a local endpoint that answers at once: a turn is then
 * two model requests and one signed tool request, each traced. Answers its number and a cleanup.
 */
async function toolAgent(url) {
  // Outside services run in their own process, as a provider does: sharing the callers' process,
  // their garbage collection would stall answers the server waits for.
  const standIns = fork(new URL('./lib/tool-stand-ins.mjs', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const { modelBaseUrl, toolUrl } = await new Promise((resolve, reject) => { standIns.once('message', resolve); standIns.once('error', reject); });
  const { token: admin } = await signIn(`${url}/v1`, 'admin@demo.test');
  const client = await api(url, 'POST', '/v1/ai-client/create-ai-client', admin, { type: 'AI Client', client: 'OpenAI', model: 'bench-stand-in' });
  await api(url, 'PATCH', `/v1/ai-client/update-ai-client/${client.id}`, admin, { credentials: { apiKey: 'sk-bench', baseUrl: modelBaseUrl }, enabled: true });
  const { token } = await signIn(`${url}/v1`, 'user@demo.test');
  const agent = await api(url, 'POST', '/v1/agent/create-agent', token, {
    name: 'Stock Desk', handleCallType: 'inbound', greeting: 'Hello.', prompt: 'Answer stock questions with the tool.', voiceId: 'openai-alloy',
    phoneNumber: '+15550107777', maxCallMinutes: 60, textClientId: client.id,
    customTools: [{ name: 'check_stock', description: 'Loaves in stock.', url: toolUrl, method: 'POST',
      parameters: [{ name: 'item', type: 'string', description: 'The bread', required: true }] }],
  });
  return {
    number: agent.phoneNumber,
    async close() {
      await api(url, 'DELETE', `/v1/ai-client/delete-ai-client/${client.id}`, admin);
      standIns.disconnect();
    },
  };
}

async function measure(url, load, agentNumber) {
  const dial = createDialer(url, agentNumber);
  // One call first, so the code on a turn's path is loaded and compiled before anything is measured.
  const warmUp = await openCalls(dial, 1);
  await converse(warmUp, { turns: load.warmUpTurns, meanGapMs: 0 });
  await hangUpAll(url, warmUp);
  const rows = [];
  for (const { sessions, turns } of load.rows) {
    const before = await benchRoute(url, '/bench/memory');
    const calls = await openCalls(dial, sessions);
    await sleep(500);
    const after = await benchRoute(url, '/bench/memory');
    await benchRoute(url, '/bench/relay-turns');
    const { latencies, seconds } = await converse(calls, { turns, meanGapMs: load.meanGapMs });
    const server = await benchRoute(url, '/bench/relay-turns');
    // BENCH_RELAY_TRACE=<file> appends where each row's turns spent their time (see relay-probe.ts).
    if (process.env.BENCH_RELAY_TRACE) {
      const { turns: _, ...trace } = server;
      fs.appendFileSync(process.env.BENCH_RELAY_TRACE, `${JSON.stringify({ sessions, load: os.loadavg()[0], ...trace })}\n`);
    }
    // Other work on the machine shows in the tail: the load average is printed with the figures.
    const loadAverage = os.loadavg()[0];
    await hangUpAll(url, calls);
    const perSession = (key) => (after[key] - before[key]) / sessions;
    rows.push({
      sessions,
      turns: latencies.length,
      turnsPerSecond: latencies.length / seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      serverP50: percentile(server.turns, 0.5),
      serverP99: percentile(server.turns, 0.99),
      loopDelayP99: server.loopDelayP99,
      loadAverage,
      heapPerSession: perSession('heapUsed') + perSession('external'),
      rssPerSession: perSession('rss'),
    });
  }
  return rows;
}

export async function benchRelay({ smoke }) {
  minGapMs = 1_000 / RELAY_MAX_TURNS_PER_SECOND + 10;
  const load = smoke ? SMOKE : FULL;
  const pgDb = await createDatabase();
  let server = null;
  try {
    // The caller doors exist only outside production; nothing on a turn's path reads NODE_ENV.
    server = await startApiServer({ port: 4294, databaseUrl: pgDb?.url, env: { NODE_ENV: 'development', BENCH_RELAY_PROBE: '1' } });
    const rows = onlyTools ? [] : await measure(server.url, load, await inboundAgent(server.url));
    const tool = await toolAgent(server.url);
    let toolRows;
    try {
      toolRows = await measure(server.url, { ...load, rows: smoke ? TOOL_ROWS.smoke : TOOL_ROWS.full }, tool.number);
    } finally {
      await tool.close();
    }
    return { database: pgDb ? 'PostgreSQL' : 'embedded PGlite (no PostgreSQL on 127.0.0.1:5432)', meanGapSeconds: load.meanGapMs / 1000, rows, toolRows };
  } finally {
    await server?.stop();
    await pgDb?.drop();
  }
}
