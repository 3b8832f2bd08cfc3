// The server's own share of an AI call turn, read inside the API process: from the moment the
// socket library hands the relay route a caller's last `prompt` frame to the moment the route
// hands it the reply's first `text` frame. It watches the `ws` class the API's WebSocket plugin
// uses, so the voice-agent code runs exactly as shipped.
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type WebSocket from 'ws';

type Ws = typeof WebSocket;

/** The `ws` module @fastify/websocket loads (the API's copy, whichever that is). */
function apiWs(): Ws {
  const fromBench = createRequire(import.meta.url);
  const fromApi = createRequire(fromBench.resolve('api/package.json'));
  const fromPlugin = createRequire(fromApi.resolve('@fastify/websocket'));
  return fromPlugin('ws') as Ws;
}

/** The loop is sampled this often; a sample is the time between two samples, so this is taken off. */
const LOOP_SAMPLE_MS = 10;

const isLastPrompt = (data: unknown) => {
  if (!Buffer.isBuffer(data) || data.length > 8192) return false;
  const text = data.toString();
  return text.includes('"type":"prompt"') && /"last"\s*:\s*true/.test(text);
};

/**
 * Starts watching. `take()` answers the turns measured since its last call and how late the event
 * loop ran meanwhile (a turn waits behind whatever else the process is doing), in milliseconds.
 */
export function watchRelayTurns() {
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  loopDelay.enable();
  const Socket = apiWs();
  const promptAt = new WeakMap<WebSocket, number>();
  let turns: number[] = [];
  const emit = Socket.prototype.emit;
  const send = Socket.prototype.send;
  Socket.prototype.emit = function watchedEmit(this: WebSocket, event: string | symbol, ...args: unknown[]) {
    if (event === 'message' && isLastPrompt(args[0])) promptAt.set(this, performance.now());
    return emit.call(this, event, ...args);
  };
  Socket.prototype.send = function watchedSend(this: WebSocket, data: unknown, ...rest: unknown[]) {
    const at = promptAt.get(this);
    if (at !== undefined && typeof data === 'string' && data.startsWith('{"type":"text"')) {
      turns.push(performance.now() - at);
      promptAt.delete(this);
    }
    return (send as (...a: unknown[]) => void).call(this, data, ...rest);
  } as typeof send;
  return {
    take() {
      const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS);
      const taken = { turns, loopDelayP99: late(loopDelay.percentile(99)), loopDelayMax: late(loopDelay.max) };
      turns = [];
      loopDelay.reset();
      return taken;
    },
  };
}
