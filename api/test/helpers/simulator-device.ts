import { SIMULATOR_VOICE_PATH, type SimulatorServerMessage } from 'shared-contracts';
import { openJsonSocket, type JsonSocket } from 'shared-test-kit';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { calls } from '../../src/db/schema';
import { createTenant, setAgentStatus } from '../factories';
import { call, type TestServer } from './server';
import { openSocket } from './sockets';

export { nextOfType, silentFor } from 'shared-test-kit';

export type TestDevice = JsonSocket<SimulatorServerMessage>;

/** A browser softphone's simulator device, as a plain WebSocket. */
export function openDevice(server: TestServer, token: string): TestDevice {
  return openJsonSocket<SimulatorServerMessage>(`${server.origin.replace(/^http/, 'ws')}${SIMULATOR_VOICE_PATH}?token=${encodeURIComponent(token)}`, 'device message');
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

/** The agent wraps up the call they took (by its CallSid): the call gets its disposition and the agent is offered calls again. */
export async function wrapUpCall(server: TestServer, agentToken: string, callSid: string, disposition = 'Resolved', notes?: string) {
  const [row] = await server.db.select({ id: calls.id }).from(calls).where(eq(calls.callSid, callSid));
  assert.ok(row, `no call ${callSid}`);
  const response = await call(server, 'POST', 'desk/wrap-up-call', { token: agentToken, body: { callId: row.id, disposition, ...(notes === undefined ? {} : { notes }) } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response;
}
