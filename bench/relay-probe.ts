// The server's own share of an AI call turn, read inside the API process: from the moment the
// socket library hands the relay route a caller's last `prompt` frame to the moment the route
// hands it the reply's first `text` frame. It watches the `ws` class the API's WebSocket plugin
// uses, and the `pg` pool the API's database client uses, so the voice-agent code runs exactly
// as shipped; what a turn waited for is read from those two and from the garbage collector.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type WebSocket from 'ws';

type Ws = typeof WebSocket;

const fromApi = () => createRequire(createRequire(import.meta.url).resolve('api/package.json'));

/** The `ws` module @fastify/websocket loads (the API's copy, whichever that is). */
function apiWs(): Ws {
  const fromPlugin = createRequire(fromApi().resolve('@fastify/websocket'));
  return fromPlugin('ws') as Ws;
}

/** What the probe touches of `pg` (the bench has no types of its own for it). */
interface PgPool { query(...args: unknown[]): Promise<unknown>; waitingCount: number }
interface Pg { Pool: { prototype: PgPool }; Client: { prototype: { query(...args: unknown[]): unknown } } }

/** The `pg` module the API's database client loads. */
const apiPg = () => fromApi()('pg') as Pg;

/** The loop is sampled this often; a sample is the time between two samples, so this is taken off. */
const LOOP_SAMPLE_MS = 10;
/** A turn slower than this is taken apart in the report. */
const SLOW_TURN_MS = 20;

const isLastPrompt = (data: unknown) => {
  if (!Buffer.isBuffer(data) || data.length > 8192) return false;
  const text = data.toString();
  return text.includes('"type":"prompt"') && /"last"\s*:\s*true/.test(text);
};

type QueryKind = 'lookup' | 'write' | 'read';

interface QueryRecord {
  kind: QueryKind;
  /** The query was asked of the pool / handed a connection / answered, in ms (performance.now). */
  asked: number;
  started: number | null;
  done: number | null;
  /** Queries waiting for a connection of that pool when this one was asked. */
  queuedAhead: number;
}

interface TurnRecord {
  socket: WebSocket;
  at: number;
  queries: QueryRecord[];
  /** Database work of this socket's earlier turns still unanswered when the prompt came in. */
  writesPending: number;
}

const kindOf = (text: string): QueryKind =>
  /ts_rank/.test(text) ? 'lookup' : /^\s*(insert|update|delete)/i.test(text) ? 'write' : 'read';

const percentile = (values: number[], q: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

/** Where one turn's time went, in ms: each stage ends where the next begins. */
function stagesOf(turn: TurnRecord, firstToken: number) {
  const lookup = turn.queries.find((q) => q.kind === 'lookup' && q.done !== null);
  if (!lookup) return { total: firstToken - turn.at, beforeLookup: firstToken - turn.at, poolWait: 0, lookupRun: 0, afterLookup: 0 };
  return {
    total: firstToken - turn.at,
    // The session's earlier frames (its last reply's transcript write) and the turn's own start.
    beforeLookup: lookup.asked - turn.at,
    poolWait: lookup.started! - lookup.asked,
    lookupRun: lookup.done! - lookup.started!,
    afterLookup: firstToken - lookup.done!,
  };
}

/**
 * Starts watching. `take()` answers the turns measured since its last call and how late the event
 * loop ran meanwhile (a turn waits behind whatever else the process is doing), in milliseconds;
 * with `trace`, also where the turns' time went (see `stagesOf`), the slow ones one by one. Tracing
 * follows each turn's queries through an AsyncLocalStorage, which costs every promise in the
 * process a little: figures for the record are taken without it.
 */
export function watchRelayTurns({ trace = false } = {}) {
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loopDelay.enable();
  const Socket = apiWs();
  const { Pool, Client } = apiPg();
  const context = new AsyncLocalStorage<TurnRecord>();
  const open = new WeakMap<WebSocket, TurnRecord>();
  /** Unanswered queries asked in a socket's turns, whichever turn asked them. */
  const inFlight = new WeakMap<WebSocket, Set<QueryRecord>>();
  const asked = new WeakMap<object, QueryRecord[]>();
  let turns: number[] = [];
  let slow: Array<ReturnType<typeof stagesOf> & { wall: number; writesPending: number; queuedAhead: number; gcMs: number }> = [];
  let stages: Array<ReturnType<typeof stagesOf>> = [];
  let writes: QueryRecord[] = [];
  let gcs: Array<{ start: number; end: number }> = [];
  if (trace) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) gcs.push({ start: e.startTime, end: e.startTime + e.duration });
    }).observe({ entryTypes: ['gc'] });
  }

  const emit = Socket.prototype.emit;
  const send = Socket.prototype.send;
  Socket.prototype.emit = function watchedEmit(this: WebSocket, event: string | symbol, ...args: unknown[]) {
    if (event === 'message' && isLastPrompt(args[0])) {
      const turn: TurnRecord = { socket: this, at: performance.now(), queries: [], writesPending: inFlight.get(this)?.size ?? 0 };
      open.set(this, turn);
      if (trace) return context.run(turn, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  };
  Socket.prototype.send = function watchedSend(this: WebSocket, data: unknown, ...rest: unknown[]) {
    const turn = open.get(this);
    if (turn !== undefined && typeof data === 'string' && data.startsWith('{"type":"text"')) {
      const now = performance.now();
      turns.push(now - turn.at);
      const s = stagesOf(turn, now);
      if (trace) stages.push(s);
      if (trace && s.total > SLOW_TURN_MS) {
        const lookup = turn.queries.find((q) => q.kind === 'lookup');
        const gcMs = gcs.reduce((sum, g) => sum + Math.max(0, Math.min(g.end, now) - Math.max(g.start, turn.at)), 0);
        slow.push({ ...s, wall: performance.timeOrigin + turn.at, writesPending: turn.writesPending, queuedAhead: lookup?.queuedAhead ?? -1, gcMs });
      }
      open.delete(this);
    }
    return (send as (...a: unknown[]) => void).call(this, data, ...rest);
  } as typeof send;

  /** Each query of a turn: when it was asked of the pool, handed a connection, answered. */
  function followQueries() {
    const poolQuery = Pool.prototype.query;
    Pool.prototype.query = function watchedQuery(this: PgPool, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text?: string })?.text ?? '';
      const record: QueryRecord = {
        kind: kindOf(text), asked: performance.now(), started: null, done: null, queuedAhead: this.waitingCount,
      };
      const turn = context.getStore();
      if (turn) {
        turn.queries.push(record);
        let pending = inFlight.get(turn.socket);
        if (!pending) inFlight.set(turn.socket, (pending = new Set()));
        pending.add(record);
      }
      if (record.kind === 'write') writes.push(record);
      if (config !== null && typeof config === 'object') {
        const list = asked.get(config) ?? [];
        list.push(record);
        asked.set(config, list);
      }
      const result = (poolQuery as (...a: unknown[]) => Promise<unknown>).call(this, config, ...rest);
      const finish = () => {
        record.done = performance.now();
        if (turn) inFlight.get(turn.socket)?.delete(record);
      };
      result.then(finish, finish);
      return result;
    } as typeof poolQuery;
    const clientQuery = Client.prototype.query;
    Client.prototype.query = function watchedClientQuery(this: unknown, config: unknown, ...rest: unknown[]) {
      if (config !== null && typeof config === 'object') {
        const record = asked.get(config)?.shift();
        if (record) record.started = performance.now();
      }
      return (clientQuery as (...a: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof clientQuery;
  }
  if (trace) followQueries();

  return {
    take() {
      const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
      const stage = (key: keyof ReturnType<typeof stagesOf>) => {
        const values = stages.map((s) => s[key]);
        return { p50: round(percentile(values, 0.5)), p99: round(percentile(values, 0.99)), max: round(Math.max(0, ...values)) };
      };
      const answered = writes.filter((w) => w.done !== null && w.started !== null);
      const taken = {
        turns,
        loopDelayP99: late(loopDelay.percentile(99)),
        loopDelayMax: late(loopDelay.max),
      };
      const traced = {
        gcMaxMs: round(Math.max(0, ...gcs.map((g) => g.end - g.start))),
        stages: {
          beforeLookup: stage('beforeLookup'), poolWait: stage('poolWait'), lookupRun: stage('lookupRun'), afterLookup: stage('afterLookup'),
        },
        writeRun: {
          count: answered.length,
          p50: round(percentile(answered.map((w) => w.done! - w.started!), 0.5)),
          p99: round(percentile(answered.map((w) => w.done! - w.started!), 0.99)),
          max: round(Math.max(0, ...answered.map((w) => w.done! - w.started!))),
        },
        slowTurns: slow.map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v)]))),
      };
      turns = [];
      const result = trace ? { ...taken, ...traced } : taken;
      slow = [];
      stages = [];
      writes = [];
      gcs = [];
      loopDelay.reset();
      return result;
    },
  };
}
