// Realtime fan-out: N authenticated sockets in one account receive STATUS_UPDATED after an
// agent's UPDATE_STATUS, against a bare `ws` server broadcasting the same frame to N sockets.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { closeAll, measureBroadcasts, openSockets } from './lib/sockets.mjs';
import { signIn, startApiServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const memory = async (url) => (await fetch(`${url}/bench/memory`)).json();
const openOne = (url) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url);
  ws.once('open', () => resolve(ws));
  ws.once('error', reject);
});

async function ours({ count, rounds }) {
  const server = await startApiServer({ port: 4292 });
  try {
    const user = await signIn(server.url, 'user@demo.test');
    const agent = await signIn(server.url, 'agent@demo.test');
    const wsUrl = (s) => `${server.url.replace('http', 'ws')}/ws?accountId=${s.user.accountId}&token=${s.token}`;
    const before = await memory(server.url);
    const sockets = await openSockets(wsUrl(user), count, (m) => m.type === 'INITIAL_STATUS');
    await new Promise((r) => setTimeout(r, 500));
    const after = await memory(server.url);
    const agentSocket = (await openSockets(wsUrl(agent), 1, (m) => m.type === 'INITIAL_STATUS'))[0];
    const statuses = ['busy', 'available'];
    const result = await measureBroadcasts(
      sockets, rounds,
      (round) => agentSocket.send(JSON.stringify({ type: 'UPDATE_STATUS', agentId: agent.user.id, status: statuses[round % 2] })),
      (m, round) => m.type === 'STATUS_UPDATED' && m.status === statuses[round % 2],
    );
    await closeAll([...sockets, agentSocket]);
    const perSocket = (key) => (after[key] - before[key]) / count;
    return { ...result, heapPerSocket: perSocket('heapUsed') + perSocket('external'), rssPerSocket: perSocket('rss') };
  } finally {
    await server.stop();
  }
}

async function raw({ count, rounds }) {
  const port = 4293;
  const child = fork(path.join(here, 'lib', 'raw-broadcast-server.mjs'), [String(port)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  try {
    const sockets = await openSockets(`ws://127.0.0.1:${port}/`, count, (m) => m.type === 'HELLO');
    const control = await openOne(`ws://127.0.0.1:${port}/control`);
    const statuses = ['busy', 'available'];
    const frame = (round) => JSON.stringify({ type: 'STATUS_UPDATED', agentId: '00000000-0000-4000-8000-000000000000', status: statuses[round % 2], busyFrom: null });
    const result = await measureBroadcasts(sockets, rounds, (round) => control.send(frame(round)), (m, round) => m.status === statuses[round % 2]);
    await closeAll([...sockets, control]);
    return result;
  } finally {
    child.kill();
  }
}

export async function benchRealtime({ smoke }) {
  const load = smoke ? { count: 200, rounds: 3 } : { count: 5000, rounds: 20 };
  const mine = await ours(load);
  const base = await raw(load);
  return { ...load, ours: mine, raw: base, ratio: mine.deliveriesPerSecond / base.deliveriesPerSecond };
}
