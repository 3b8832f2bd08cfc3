import WebSocket from 'ws';

/** Opens `count` sockets, a few hundred at a time, each resolved once `ready(message)` is true. */
export async function openSockets(url, count, ready) {
  const sockets = [];
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    const opening = [];
    for (let j = i; j < Math.min(count, i + batch); j += 1) {
      opening.push(new Promise((resolve, reject) => {
        const ws = new WebSocket(url, { perMessageDeflate: false });
        ws.once('error', reject);
        ws.on('message', function first(data) {
          if (!ready(JSON.parse(data.toString()))) return;
          ws.off('message', first);
          resolve(ws);
        });
        ws.once('close', (code) => reject(new Error(`socket closed with ${code} before it was ready`)));
      }));
    }
    sockets.push(...(await Promise.all(opening)));
  }
  return sockets;
}

/** The deliveries and latencies of a server's broadcast rounds, added up by `broadcastRound`. */
export const newTally = (sockets) => ({ sockets: sockets.length, rounds: 0, busy: 0, latencies: [] });

/**
 * One broadcast: `trigger(round)` makes the server send one message to every socket; the round
 * ends when every socket has received a message that `matches(message, round)`.
 */
export async function broadcastRound(sockets, round, trigger, matches, tally) {
  let pending = sockets.length;
  const started = performance.now();
  const done = new Promise((resolve) => {
    for (const ws of sockets) {
      const onMessage = (data) => {
        if (!matches(JSON.parse(data.toString()), round)) return;
        ws.off('message', onMessage);
        tally.latencies.push(performance.now() - started);
        pending -= 1;
        if (pending === 0) resolve();
      };
      ws.on('message', onMessage);
    }
  });
  await trigger(round);
  await done;
  tally.busy += performance.now() - started;
  tally.rounds += 1;
}

/** Deliveries per second over all rounds, and the latency percentiles. */
export function summary(tally) {
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { deliveriesPerSecond: (tally.sockets * tally.rounds) / (tally.busy / 1000), p50: at(0.5), p99: at(0.99) };
}

export const closeAll = (sockets) => Promise.all(sockets.map((ws) => new Promise((r) => { ws.once('close', r); ws.close(); })));
