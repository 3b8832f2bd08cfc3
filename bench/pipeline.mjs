// Our speech pipeline (Twilio Media Streams): the pipeline's own time from the end of the caller's
// speech (the transcriber's final words) to the reply's first audio sent, at 1, 50 and 200
// concurrent calls on one API instance, with stand-in providers that answer at once; the CPU and
// memory a call costs; and beside it the same turn's time to the first words on ConversationRelay.
// Each call is rung in through the telephony simulator, whose caller plays Twilio's side of the
// media stream: 20 ms frames of speech, then silence, which the stand-in transcriber hears as a turn.
import { fork } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { MEDIA_STREAM_PATH } from 'shared-contracts';
import { dialAiAgent, MediaStreamCaller, signIn, simulatorDoor } from 'shared-test-kit';
import { createDatabase } from './lib/postgres.mjs';
import { startApiServer } from './lib/server.mjs';

const KEY = 'bench-speech-key';
const QUESTIONS = [
  'What are your opening hours on Saturday?', 'Is there parking near the office?', 'Do you accept Cigna insurance?',
  'How much does a cleaning cost?', 'Do you see children?', 'What is your address?',
];
const KNOWLEDGE = [
  'Opening hours: Monday to Friday from 8 am to 6 pm, Saturday from 9 am to 1 pm.',
  'Parking: free parking behind the building on Elm Avenue.',
  'Insurance: we accept Delta Dental, Cigna, Aetna, MetLife and Guardian.',
  'Prices: a cleaning and check-up costs $120 without insurance.',
  'Children: we see children from their first tooth.',
  'Address: 412 Elm Avenue, second floor, next to the pharmacy.',
].join('\n\n');

const FULL = { rows: [{ calls: 1, turns: 60 }, { calls: 50, turns: 300 }, { calls: 200, turns: 800 }], meanGapMs: 4_000 };
const SMOKE = { rows: [{ calls: 1, turns: 3 }, { calls: 5, turns: 10 }], meanGapMs: 300 };
/** Calls rung in at once while they open. */
const DIAL_BATCH = 25;
/** Speech long enough to be a word, then the silence after which the transcriber calls the turn over. */
const SPEECH_MS = 200;
const PAUSE_MS = 320;
/** A reply is whole once no audio has come for this long (the stand-in voice answers at once). */
const QUIET_MS = 150;
const TURN_TIMEOUT_MS = 10_000;

const percentile = (values, q) => {
  if (values.length === 0) return null;
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

async function benchRoute(url, path, body) {
  const res = await fetch(`${url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The administrator's Deepgram and ElevenLabs clients at the stand-ins, and two agents of the demo USER: one on each path. */
async function setUp(url, origin) {
  const { token: admin } = await signIn(`${url}/v1`, 'admin@demo.test');
  const client = async (type, name) => {
    const made = await api(url, 'POST', '/v1/ai-client/create-ai-client', admin, { type, client: name, model: name === 'Deepgram' ? 'nova-3' : 'eleven_flash_v2_5' });
    await api(url, 'PATCH', `/v1/ai-client/update-ai-client/${made.id}`, admin, { credentials: { apiKey: KEY, baseUrl: origin }, enabled: true });
    return made.id;
  };
  const sttClientId = await client('STT Client', 'Deepgram');
  await client('TTS Client', 'Elevenlabs');
  const { token } = await signIn(`${url}/v1`, 'user@demo.test');
  const agent = (speechPath, phoneNumber) => api(url, 'POST', '/v1/agent/create-agent', token, {
    name: `Front Desk (${speechPath})`, handleCallType: 'inbound', greeting: 'Thank you for calling.', prompt: 'Answer callers\' questions.',
    voiceId: 'elevenlabs-rachel', sttClientId, speechPath, phoneNumber, knowledge: KNOWLEDGE, maxCallMinutes: 60,
  });
  return { token, pipeline: await agent('pipeline', '+15550106661'), relay: await agent('twilio', '+15550106662') };
}

/** The caller speaks and hears the whole reply: answers the ms from the last silent frame sent to the first audio back. */
async function mediaTurn(caller) {
  const sentences = caller.sentences.length;
  const audio = caller.audioBytes;
  caller.audio(0x00, SPEECH_MS);
  caller.audio(0xff, PAUSE_MS);
  const sent = performance.now();
  if (!(await caller.until(() => caller.audioBytes > audio, TURN_TIMEOUT_MS))) throw new Error('no audio came back within 10 s');
  const firstAudio = performance.now() - sent;
  // The whole reply: its marks have come back and no more audio follows.
  for (let heard = caller.audioBytes; ; heard = caller.audioBytes) {
    await sleep(QUIET_MS);
    if (caller.audioBytes === heard && caller.sentences.length > sentences) return firstAudio;
  }
}

async function relayTurn(caller, text) {
  const started = performance.now();
  caller.say(text);
  await caller.nextReply(TURN_TIMEOUT_MS);
  return performance.now() - started;
}

let dialed = 0;
async function dialPipeline(url, number) {
  dialed += 1;
  const door = await simulatorDoor(url, 'inbound-call', { from: `+1555${String(8_000_000 + dialed)}`, to: number });
  if (door.status !== 200) throw new Error(`the simulator refused the call: ${JSON.stringify(door.body)}`);
  const { callSid, callId, mediaStream } = door.body.data;
  const caller = new MediaStreamCaller(`${url.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`, mediaStream.signature);
  await caller.start(callSid, callId);
  if (!(await caller.until(() => caller.sentences.length >= 1, TURN_TIMEOUT_MS))) throw new Error('no greeting within 10 s');
  return { caller, callId, turn: () => mediaTurn(caller), hangUp: () => caller.hangUp() };
}

async function dialRelay(url, number) {
  dialed += 1;
  const { caller, callId } = await dialAiAgent(url, number, `+1555${String(8_000_000 + dialed)}`);
  let i = 0;
  return { caller, callId, turn: () => relayTurn(caller, QUESTIONS[(i += 1) % QUESTIONS.length]), hangUp: () => caller.hangUp() };
}

async function openCalls(dial, count) {
  const calls = [];
  for (let i = 0; i < count; i += DIAL_BATCH) calls.push(...(await Promise.all(Array.from({ length: Math.min(DIAL_BATCH, count - i) }, () => dial()))));
  return calls;
}

/** Every caller speaks after an exponential pause (mean `meanGapMs`, at least 300 ms) until `turns` are done. */
async function converse(calls, turns, meanGapMs) {
  const client = [];
  let left = turns;
  await Promise.all(calls.map(async (call) => {
    while (left > 0) {
      await sleep(calls.length > 1 ? 300 - Math.log(1 - Math.random()) * meanGapMs : 300);
      if (left <= 0) break;
      left -= 1;
      client.push(await call.turn());
    }
  }));
  return client;
}

async function hangUpAll(url, calls) {
  await Promise.all(calls.map((call) => call.hangUp()));
  for (let waited = 0; ; waited += 200) {
    const { unfinished } = await benchRoute(url, '/bench/relay-unfinished', { callIds: calls.map((c) => c.callId) });
    if (unfinished === 0) return;
    if (waited > 120_000) throw new Error(`${unfinished} calls had still not ended after 2 minutes`);
    await sleep(200);
  }
}

/** The in-server times the calls' traces keep, per turn: first audio on our pipeline, first words on the relay. */
async function tracedTimes(url, token, calls, key) {
  const times = [];
  for (const { callId } of calls) {
    const trace = await api(url, 'GET', `/v1/call/get-call-trace/${callId}`, token).catch(() => null);
    for (const turn of trace?.turns ?? []) if (turn[key] !== null) times.push(turn[key]);
  }
  return times;
}

async function measure(url, token, dial, load, key) {
  const warm = await openCalls(dial, 1);
  await converse(warm, 5, 0);
  await hangUpAll(url, warm);
  const rows = [];
  for (const { calls: count, turns } of load.rows) {
    const before = await benchRoute(url, '/bench/memory');
    const calls = await openCalls(dial, count);
    await sleep(300);
    const after = await benchRoute(url, '/bench/memory');
    const cpuBefore = await benchRoute(url, '/bench/cpu');
    const started = performance.now();
    const client = await converse(calls, turns, load.meanGapMs);
    const seconds = (performance.now() - started) / 1000;
    const cpu = await benchRoute(url, '/bench/cpu');
    const loadAverage = os.loadavg()[0];
    await hangUpAll(url, calls);
    const server = (await tracedTimes(url, token, calls, key)).slice(-turns);
    const cpuMs = (cpu.user + cpu.system - cpuBefore.user - cpuBefore.system) / 1000;
    rows.push({
      calls: count, turns: client.length, turnsPerSecond: client.length / seconds,
      serverP50: percentile(server, 0.5), serverP99: percentile(server, 0.99),
      clientP50: percentile(client, 0.5), clientP99: percentile(client, 0.99),
      cpuPerTurnMs: cpuMs / client.length, corePerCall: cpuMs / 1000 / seconds / count,
      heapPerCall: count === 1 ? null : (after.heapUsed + after.external - before.heapUsed - before.external) / count,
      loadAverage,
    });
  }
  return rows;
}

export async function benchPipeline({ smoke }) {
  const load = smoke ? SMOKE : FULL;
  const pgDb = await createDatabase();
  const standIns = fork(new URL('./lib/speech-stand-ins.mjs', import.meta.url), { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_SPEECH_KEY: KEY } });
  let server = null;
  try {
    await new Promise((resolve, reject) => { standIns.once('message', resolve); standIns.once('error', reject); });
    standIns.send({ questions: QUESTIONS });
    const { origin } = await new Promise((resolve) => standIns.once('message', resolve));
    server = await startApiServer({ port: 4295, databaseUrl: pgDb?.url, env: { NODE_ENV: 'development', BENCH_RELAY_PROBE: '1' } });
    const { token, pipeline, relay } = await setUp(server.url, origin);
    const pipelineRows = await measure(server.url, token, () => dialPipeline(server.url, pipeline.phoneNumber), load, 'firstAudioMs');
    const relayRows = await measure(server.url, token, () => dialRelay(server.url, relay.phoneNumber), load, 'firstTokenMs');
    return { database: pgDb ? 'PostgreSQL' : 'embedded PGlite (no PostgreSQL on 127.0.0.1:5432)', pipelineRows, relayRows };
  } finally {
    await server?.stop();
    await pgDb?.drop();
    standIns.disconnect();
  }
}
