import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { calls, conversations, queueEntries } from '../../../db/schema';
import { broadcastQueue, dialerPolicy, type DialerPolicy, type TelephonyContext, availableAgents, leadByNumber, type AgentLine } from '../../telephony';

export type HandoffResult =
  | { ok: false }
  | { ok: true; accountId: string; from: string; ring: AgentLine[]; policy: DialerPolicy };

/**
 * An AI agent hands its caller to a person: the call (still in progress: the AI answered it)
 * now rings the account's available human agents, and the caller joins the queue the
 * softphones show; the first agent to answer takes it (callAnswered). The reason is kept
 * with the transcript so the agent who answers sees why. Only a call in progress with an AI agent
 * can be handed over, and only once.
 */
export async function aiCallHandedOff(ctx: TelephonyContext, input: { callSid: string; reason: string }): Promise<HandoffResult> {
  const [call] = await ctx.db.select().from(calls)
    .where(and(eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), isNotNull(calls.aiAgentId), isNull(calls.agentUserId)));
  if (!call) return { ok: false };
  const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const lead = await leadByNumber(ctx.db, call.accountId, party);
  await ctx.db.update(conversations).set({ handoffReason: input.reason.trim() || null }).where(eq(conversations.callId, call.id));
  // From here the caller waits for a person.
  await ctx.db.update(calls).set({ queuedAt: sql`coalesce(${calls.queuedAt}, now())` }).where(eq(calls.id, call.id));
  await ctx.db.insert(queueEntries).values({
    accountId: call.accountId, phoneNumber: party, callerName: lead?.fullName ?? null, callSid: input.callSid,
  }).onConflictDoNothing();
  await broadcastQueue(ctx, call.accountId);
  await ctx.events.emit(call.accountId, 'call.transferred', call.id, { callId: call.id, party, reason: input.reason.trim() });
  const [ring, policy] = await Promise.all([availableAgents(ctx.db, call.accountId), dialerPolicy(ctx.db, call.accountId)]);
  return { ok: true, accountId: call.accountId, from: party, ring, policy };
}
