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

/**
 * Runs `rounds` broadcasts: `trigger(round)` makes the server send one message to every socket;
 * a round ends when every socket has received a message that `matches(message, round)`.
 * Returns deliveries per second over all rounds and the latency percentiles.
 */
export async function measureBroadcasts(sockets, rounds, trigger, matches) {
  const latencies = [];
  let busy = 0;
  for (let round = 0; round < rounds; round += 1) {
    let pending = sockets.length;
    const started = performance.now();
    const done = new Promise((resolve) => {
      for (const ws of sockets) {
        const onMessage = (data) => {
          if (!matches(JSON.parse(data.toString()), round)) return;
          ws.off('message', onMessage);
          latencies.push(performance.now() - started);
          pending -= 1;
          if (pending === 0) resolve();
        };
        ws.on('message', onMessage);
      }
    });
    await trigger(round);
    await done;
    busy += performance.now() - started;
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { deliveriesPerSecond: (sockets.length * rounds) / (busy / 1000), p50: at(0.5), p99: at(0.99) };
}

export const closeAll = (sockets) => Promise.all(sockets.map((ws) => new Promise((r) => { ws.once('close', r); ws.close(); })));
