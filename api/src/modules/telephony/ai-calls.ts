import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CALL_END_REASONS, CALL_STATUSES } from 'shared-contracts';

type CallStatus = (typeof CALL_STATUSES)[number];
import { aiAgents, calls } from '../../db/schema';
import { raiseCallFailed, raiseCallStarted } from '../webhooks';
import type { TelephonyContext } from './call-events';
import { accountOfNumber } from './number-claims';
import { leadByNumber } from './numbers';

/** What the AI call log writes need: the database, and the call-logs pages to tell. */
type CallLogWriter = Pick<TelephonyContext, 'db' | 'callLogs'>;
/** And the account's webhook events, for the writes that start or fail a call. */
export type CallEventWriter = Pick<TelephonyContext, 'db' | 'callLogs' | 'events'>;

/** Logs an AI agent's outbound call before the provider is asked, so its callbacks always find it. */
export async function aiCallPlaced(ctx: CallLogWriter, input: { accountId: string; aiAgentId: string; from: string; to: string }): Promise<string> {
  const lead = await leadByNumber(ctx.db, input.accountId, input.to);
  const [row] = await ctx.db.insert(calls).values({
    accountId: input.accountId, aiAgentId: input.aiAgentId, direction: 'outbound', status: 'queued',
    fromNumber: input.from, toNumber: input.to, leadId: lead?.id ?? null,
    // The version the call runs on, read in the same statement so a save in between cannot split them.
    aiAgentVersion: sql`(select ${aiAgents.version} from ${aiAgents} where ${aiAgents.id} = ${input.aiAgentId})`,
  }).returning({ id: calls.id });
  ctx.callLogs.changed(input.accountId);
  return row!.id;
}

const asCallStatus = (status: string): CallStatus =>
  (CALL_STATUSES as readonly string[]).includes(status) ? (status as CallStatus) : 'queued';

/** The provider took the call: the log row gets its CallSid and the provider's first status. */
export async function aiCallAccepted(ctx: CallLogWriter, callId: string, result: { sid: string; status: string }): Promise<void> {
  const [call] = await ctx.db.update(calls).set({ callSid: result.sid, status: asCallStatus(result.status) })
    .where(eq(calls.id, callId)).returning({ accountId: calls.accountId });
  if (call) ctx.callLogs.changed(call.accountId);
}

/** The provider refused the call: it stays in the logs as failed, never connected, and the account hears `call.failed`. */
export async function aiCallFailed(ctx: CallEventWriter, callId: string): Promise<void> {
  const [call] = await ctx.db.update(calls).set({ status: 'failed', endReason: CALL_END_REASONS.neverConnected })
    .where(eq(calls.id, callId)).returning({ accountId: calls.accountId });
  if (!call) return;
  ctx.callLogs.changed(call.accountId);
  await raiseCallFailed(ctx.db, ctx.events, callId, 'failed');
}

/**
 * A caller dialled an AI agent's number (an agent that takes inbound calls): the call is logged
 * as the agent's, with the caller's lead when known. A repeated CallSid logs nothing new.
 * Null when no such agent of the number's account answers it: the account's human agents' lines
 * come next, and never another account's agent.
 */
export async function aiCallIncoming(ctx: CallLogWriter, input: { callSid: string; from: string; to: string }): Promise<{ callId: string; agent: { id: string; name: string } } | null> {
  const { db } = ctx;
  const accountId = await accountOfNumber(db, input.to);
  if (accountId === null) return null;
  // Within the number's account, its oldest AI agent that takes inbound calls answers.
  const [agent] = await db.select({ id: aiAgents.id, name: aiAgents.name, accountId: aiAgents.accountId, version: aiAgents.version }).from(aiAgents)
    .where(and(eq(aiAgents.accountId, accountId), eq(aiAgents.phoneNumber, input.to), inArray(aiAgents.handleCallType, ['inbound', 'both'])))
    .orderBy(asc(aiAgents.createdAt), asc(aiAgents.id)).limit(1);
  if (!agent) return null;
  const lead = await leadByNumber(db, agent.accountId, input.from);
  await db.insert(calls).values({
    accountId: agent.accountId, aiAgentId: agent.id, aiAgentVersion: agent.version, direction: 'inbound', status: 'ringing',
    fromNumber: input.from, toNumber: input.to, callSid: input.callSid, leadId: lead?.id ?? null,
  }).onConflictDoNothing();
  ctx.callLogs.changed(agent.accountId);
  const [call] = await db.select({ id: calls.id }).from(calls).where(eq(calls.callSid, input.callSid));
  return call ? { callId: call.id, agent: { id: agent.id, name: agent.name } } : null;
}

/**
 * The AI agent picked up (its TwiML was fetched, or its relay session opened): the call is in
 * progress, and its session counts as seen from now, not from when it started ringing (the sweep
 * of unfinished calls would otherwise take a call answered after a long ring before its session beats).
 * Only the write that moves the call in progress raises `call.started`: a second connect changes nothing.
 */
export async function aiCallConnected(ctx: CallEventWriter, callId: string): Promise<void> {
  const [call] = await ctx.db.update(calls).set({ status: 'in-progress', sessionSeenAt: sql`now()` })
    .where(and(eq(calls.id, callId), sql`${calls.status} in ('queued', 'ringing')`)).returning({ accountId: calls.accountId, isTest: calls.isTest });
  if (!call) return;
  ctx.callLogs.changed(call.accountId);
  // An agent test's call is no call of the business's: nothing is announced.
  if (!call.isTest) await raiseCallStarted(ctx.db, ctx.events, callId);
}
