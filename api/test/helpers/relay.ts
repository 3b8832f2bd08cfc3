import { after, before } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { dialAiAgent as dial, relaySocketUrl as relayUrl, simulatorDoor as door } from 'shared-test-kit';
import { aiClients } from '../../src/db/schema';
import type { TestServer } from './server';
import type { SuiteContext } from './suite-context';

/** A local caller door of the telephony simulator (only this machine may use them). */
export const simulatorDoor = (server: TestServer, path: string, body?: unknown) => door(server.origin, path, body);

export const relaySocketUrl = (server: TestServer) => relayUrl(server.origin);

/**
 * A caller dials an AI agent's number through the simulator and the call connects to the agent
 * over the relay socket, exactly as `pnpm --filter api sim call` does.
 */
export const dialAiAgent = (server: TestServer, to: string, from: string) => dial(server.origin, to, from);

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
