import { WebSocket } from 'ws';
import { SIMULATOR_VOICE_PATH, type SimulatorServerMessage } from 'shared-contracts';
import assert from 'node:assert/strict';
import { createTenant, setAgentStatus } from '../factories';
import { call, type TestServer } from './server';
import { openSocket, type TestSocket } from './sockets';

export interface TestDevice {
  next(timeoutMs?: number): Promise<SimulatorServerMessage>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A browser softphone's simulator device, as a plain WebSocket. */
export function openDevice(server: TestServer, token: string): TestDevice {
  const socket = new WebSocket(`${server.origin.replace(/^http/, 'ws')}${SIMULATOR_VOICE_PATH}?token=${encodeURIComponent(token)}`);
  const inbox: SimulatorServerMessage[] = [];
  const waiters: Array<(m: SimulatorServerMessage) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as SimulatorServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    closed,
    next(timeoutMs = 3_000) {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const waiter = (m: SimulatorServerMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no device message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    send(frame) {
      void opened.then(() => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)));
    },
    close: () => socket.close(),
  };
}

/** Reads realtime messages until one of `type` arrives (others, e.g. status updates, are skipped). */
export async function nextOfType<T extends string>(socket: TestSocket, type: T, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  const skipped: string[] = [];
  for (;;) {
    const message = await socket.next(Math.max(1, deadline - Date.now())).catch(() => {
      throw new Error(`no ${type} within ${timeoutMs} ms (skipped: ${skipped.join(', ') || 'nothing'})`);
    });
    if (message.type === type) return message as Extract<typeof message, { type: T }>;
    skipped.push(message.type);
  }
}

/** Resolves true if no message of `type` arrives within `ms` (used to prove a room did not hear a broadcast). */
export async function silentFor(socket: TestSocket, type: string, ms = 400): Promise<boolean> {
  try {
    await nextOfType(socket, type, ms);
    return false;
  } catch {
    return true;
  }
}

/** A simulator voice token for the agent's softphone. */
export async function voiceToken(server: TestServer, token: string, identity: string): Promise<string> {
  const response = await call(server, 'POST', 'call/generate-token', { token, body: { identity } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data.token as string;
}

/** An agent whose softphone is open: realtime socket joined, simulator device registered, status available (on a plan with call recordings). */
export async function onlineAgent(server: TestServer) {
  const tenant = await createTenant(server, { plan: 'efficiency-plus' });
  await setAgentStatus(server.db, tenant.agent.id, 'available');
  const room = openSocket(server, { accountId: tenant.account.id, token: tenant.agentToken });
  assert.equal((await room.next()).type, 'INITIAL_STATUS');
  const device = openDevice(server, await voiceToken(server, tenant.agentToken, tenant.agent.email));
  assert.deepEqual(await device.next(), { type: 'registered' });
  return { ...tenant, room, device };
}
