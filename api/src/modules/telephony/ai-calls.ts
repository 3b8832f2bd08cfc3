import { and, eq, sql } from 'drizzle-orm';
import { CALL_STATUSES } from 'shared-contracts';

type CallStatus = (typeof CALL_STATUSES)[number];
import type { Db } from '../../db/client';
import { aiAgents, calls, conversationMessages, conversations } from '../../db/schema';
import type { TelephonyContext } from './call-events';
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
 * The callee answered: the call is in progress, and what the agent says (its greeting) starts
 * the transcript. Answers the greeting to speak, or null for an unknown or finished call.
 */
export async function aiCallAnswered(ctx: TelephonyContext, callSid: string): Promise<{ greeting: string; name: string } | null> {
  const [call] = await ctx.db.update(calls).set({ status: 'in-progress' })
    .where(and(eq(calls.callSid, callSid), sql`${calls.status} in ('queued', 'ringing')`))
    .returning({ id: calls.id, aiAgentId: calls.aiAgentId });
  if (!call || call.aiAgentId === null) return null;
  const [agent] = await ctx.db.select({ greeting: aiAgents.greeting, name: aiAgents.name }).from(aiAgents).where(eq(aiAgents.id, call.aiAgentId));
  if (!agent) return null;
  const greeting = agent.greeting.trim() !== '' ? agent.greeting : `Hello, this is ${agent.name}.`;
  const [conversation] = await ctx.db.insert(conversations).values({ callId: call.id })
    .onConflictDoNothing().returning({ id: conversations.id });
  if (conversation) await ctx.db.insert(conversationMessages).values({ conversationId: conversation.id, authorType: 'ai', content: greeting });
  return { greeting, name: agent.name };
}
