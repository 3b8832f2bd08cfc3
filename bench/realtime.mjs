// Realtime fan-out: N authenticated sockets in one account receive STATUS_UPDATED after an
// agent's UPDATE_STATUS, against a bare `ws` server broadcasting the same frame to N sockets.
// Both servers' sockets stay open and their rounds alternate, so a slow spell of the machine
// falls on both alike.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { broadcastRound, closeAll, newTally, openSockets, summary } from './lib/sockets.mjs';
import { nextOfType, openRealtimeSocket, realtimeSocketUrl, signIn } from 'shared-test-kit';
import { startApiServer } from './lib/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const STATUSES = ['busy', 'available'];
const memory = async (url) => (await fetch(`${url}/bench/memory`)).json();
const openOne = (url) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url);
  ws.once('open', () => resolve(ws));
  ws.once('error', reject);
});

/** Our API with `count` USER sockets in one account, and an AGENT socket whose status change fans out. */
async function openOurs(count) {
  const server = await startApiServer({ port: 4292 });
  const user = await signIn(server.apiUrl, 'user@demo.test');
  const agent = await signIn(server.apiUrl, 'agent@demo.test');
  const before = await memory(server.url);
  const sockets = await openSockets(realtimeSocketUrl(server.url, { accountId: user.user.accountId, token: user.token }), count, (m) => m.type === 'INITIAL_STATUS');
  await new Promise((r) => setTimeout(r, 500));
  const after = await memory(server.url);
  const agentSocket = openRealtimeSocket(server.url, { accountId: agent.user.accountId, token: agent.token });
  await nextOfType(agentSocket, 'INITIAL_STATUS', 10_000);
  const perSocket = (key) => (after[key] - before[key]) / count;
  return {
    sockets,
    memory: { heapPerSocket: perSocket('heapUsed') + perSocket('external'), rssPerSocket: perSocket('rss') },
    trigger: (round) => agentSocket.send({ type: 'UPDATE_STATUS', agentId: agent.user.id, status: STATUSES[round % 2] }),
    matches: (m, round) => m.type === 'STATUS_UPDATED' && m.status === STATUSES[round % 2],
    close: async () => {
      await closeAll([...sockets, agentSocket.socket]);
      await server.stop();
    },
  };
}

/** A bare `ws` server in its own process, with `count` sockets and a control socket that triggers a broadcast. */
async function openRaw(count) {
  const port = 4293;
  const child = fork(path.join(here, 'lib', 'raw-broadcast-server.mjs'), [String(port)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  const sockets = await openSockets(`ws://127.0.0.1:${port}/`, count, (m) => m.type === 'HELLO');
  const control = await openOne(`ws://127.0.0.1:${port}/control`);
  const frame = (round) => JSON.stringify({ type: 'STATUS_UPDATED', agentId: '00000000-0000-4000-8000-000000000000', status: STATUSES[round % 2], busyFrom: null });
  return {
    sockets,
    trigger: (round) => control.send(frame(round)),
    matches: (m, round) => m.status === STATUSES[round % 2],
    close: async () => {
      await closeAll([...sockets, control]);
      child.kill();
    },
  };
}

export async function benchRealtime({ smoke }) {
  const load = smoke ? { count: 200, rounds: 3 } : { count: 5000, rounds: 20 };
  const servers = [];
  try {
    const mine = await openOurs(load.count);
    servers.push(mine);
    const base = await openRaw(load.count);
    servers.push(base);
    const tallies = [newTally(mine.sockets), newTally(base.sockets)];
    for (let round = 0; round < load.rounds; round += 1) {
      // In turns of ours-bare then bare-ours, so neither always runs first.
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) await broadcastRound(servers[i].sockets, round, servers[i].trigger, servers[i].matches, tallies[i]);
    }
    const [ours, raw] = tallies.map(summary);
    return { ...load, ours: { ...ours, ...mine.memory }, raw, ratio: ours.deliveriesPerSecond / raw.deliveriesPerSecond };
  } finally {
    for (const server of servers) await server.close();
  }
}
