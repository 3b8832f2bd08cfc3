import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { RELAY_PATH } from 'shared-contracts';
import { aiClients } from '../../src/db/schema';
import { RelayCaller } from '../../src/modules/voice-agent/transport/relay-caller';
import type { TestServer } from './server';
import type { SuiteContext } from './suite-context';

/** A local caller door of the telephony simulator (only this machine may use them). */
export async function simulatorDoor(server: TestServer, path: string, body?: unknown) {
  const response = await fetch(`${server.origin}/v1/telephony/simulator/${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as any };
}

export const relaySocketUrl = (server: TestServer) => `${server.origin.replace(/^http/, 'ws')}${RELAY_PATH}`;

/**
 * A caller dials an AI agent's number through the simulator and the call connects to the agent
 * over the relay socket, exactly as `pnpm --filter api sim call` does.
 */
export async function dialAiAgent(server: TestServer, to: string, from: string) {
  const door = await simulatorDoor(server, 'inbound-call', { from, to });
  assert.equal(door.status, 200, JSON.stringify(door.body));
  const { callSid, callId, relay } = door.body.data as { callSid: string; callId: string; relay: { url: string; signature: string } };
  const caller = new RelayCaller({ url: relaySocketUrl(server), signature: relay.signature, callSid, callId, from, to });
  await caller.start();
  return { caller, callSid, callId };
}

/**
 * AI clients are global: ones other suites left enabled with a key would answer these calls, so
 * they are switched off for the describe block and back on after it.
 */
export function answeredByLocalResponder(ctx: SuiteContext) {
  let paused: string[] = [];
  before(async () => {
    paused = (await ctx.server.db.update(aiClients).set({ enabled: false })
      .where(and(eq(aiClients.type, 'AI Client'), eq(aiClients.enabled, true))).returning({ id: aiClients.id })).map((r) => r.id);
  });
  after(async () => {
    if (paused.length > 0) await ctx.server.db.update(aiClients).set({ enabled: true }).where(inArray(aiClients.id, paused));
  });
}
