import { and, eq, inArray, sql } from 'drizzle-orm';
import { CALL_STATUSES } from 'shared-contracts';

type CallStatus = (typeof CALL_STATUSES)[number];
import type { Db } from '../../db/client';
import { aiAgents, calls } from '../../db/schema';
import { leadByNumber } from './numbers';

/** Logs an AI agent's outbound call before the provider is asked, so its callbacks always find it. */
export async function aiCallPlaced(db: Db, input: { accountId: string; aiAgentId: string; from: string; to: string }): Promise<string> {
  const lead = await leadByNumber(db, input.accountId, input.to);
  const [row] = await db.insert(calls).values({
    accountId: input.accountId, aiAgentId: input.aiAgentId, direction: 'outbound', status: 'queued',
    fromNumber: input.from, toNumber: input.to, leadId: lead?.id ?? null,
  }).returning({ id: calls.id });
  return row!.id;
}

const asCallStatus = (status: string): CallStatus =>
  (CALL_STATUSES as readonly string[]).includes(status) ? (status as CallStatus) : 'queued';

/** The provider took the call: the log row gets its CallSid and the provider's first status. */
export async function aiCallAccepted(db: Db, callId: string, result: { sid: string; status: string }): Promise<void> {
  await db.update(calls).set({ callSid: result.sid, status: asCallStatus(result.status) }).where(eq(calls.id, callId));
}

/** The provider refused the call: it stays in the logs as failed. */
export async function aiCallFailed(db: Db, callId: string): Promise<void> {
  await db.update(calls).set({ status: 'failed' }).where(eq(calls.id, callId));
}

/**
 * A caller dialled an AI agent's number (an agent that takes inbound calls): the call is logged
 * as the agent's, with the caller's lead when known. A repeated CallSid logs nothing new.
 * Null when no such agent answers that number.
 */
export async function aiCallIncoming(db: Db, input: { callSid: string; from: string; to: string }): Promise<{ callId: string; agent: { id: string; name: string } } | null> {
  const [agent] = await db.select({ id: aiAgents.id, name: aiAgents.name, accountId: aiAgents.accountId }).from(aiAgents)
    .where(and(eq(aiAgents.phoneNumber, input.to), inArray(aiAgents.handleCallType, ['inbound', 'both'])))
    .orderBy(aiAgents.createdAt).limit(1);
  if (!agent) return null;
  const lead = await leadByNumber(db, agent.accountId, input.from);
  await db.insert(calls).values({
    accountId: agent.accountId, aiAgentId: agent.id, direction: 'inbound', status: 'ringing',
    fromNumber: input.from, toNumber: input.to, callSid: input.callSid, leadId: lead?.id ?? null,
  }).onConflictDoNothing();
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.callSid, input.callSid));
  return call ? { callId: call.id, agent: { id: agent.id, name: agent.name } } : null;
}

/** The AI agent picked up (its TwiML was fetched, or its relay session opened): the call is in progress. */
export async function aiCallConnected(db: Db, callId: string): Promise<void> {
  await db.update(calls).set({ status: 'in-progress' }).where(and(eq(calls.id, callId), sql`${calls.status} in ('queued', 'ringing')`));
}
