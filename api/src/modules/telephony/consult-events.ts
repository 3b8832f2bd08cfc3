import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { calls, type CallRow } from '../../db/schema';
import { releaseAgent } from '../realtime';
import type { TelephonyContext } from './call-events';

type CallFinder = { callSid: string } | { callId: string };
const whereCall = (call: CallFinder) => ('callSid' in call ? eq(calls.callSid, call.callSid) : eq(calls.id, call.callId));

/**
 * The colleague of a warm transfer answered (`legSid`, on Twilio, the leg that did): the agent who
 * started it hears so. False when no consult is under way (a late or stray report).
 */
export async function consultAnswered(ctx: TelephonyContext, input: CallFinder & { colleagueId?: string; legSid?: string }): Promise<boolean> {
  const [call] = await ctx.db.update(calls).set({
    consultAnsweredAt: sql`coalesce(${calls.consultAnsweredAt}, now())`,
    ...(input.legSid !== undefined ? { consultLegSid: sql`coalesce(${calls.consultLegSid}, ${input.legSid})` } : {}),
  })
    .where(and(
      whereCall(input), eq(calls.status, 'in-progress'),
      input.colleagueId !== undefined ? eq(calls.consultAgentUserId, input.colleagueId) : sql`${calls.consultAgentUserId} is not null`,
      input.legSid !== undefined ? or(isNull(calls.consultLegSid), eq(calls.consultLegSid, input.legSid)) : undefined,
    ))
    .returning();
  if (!call) return false;
  await tellConsult(ctx, call, 'talking');
  return true;
}

/**
 * The colleague of a warm transfer left, declined, was not reached, or was sent back: they are
 * free again and the agent hears so; the caller stays on hold with the agent. With `legSid`, only
 * while that leg is the consult's (Twilio reports each leg's end, also after a transfer completed).
 */
export async function consultEnded(ctx: TelephonyContext, input: CallFinder & { legSid?: string }): Promise<void> {
  const [before] = await ctx.db.select().from(calls).where(whereCall(input));
  if (!before?.consultAgentUserId) return;
  if (input.legSid !== undefined && before.consultLegSid !== null && before.consultLegSid !== input.legSid) return;
  const [ended] = await ctx.db.update(calls).set({ consultAgentUserId: null, consultLegSid: null, consultAnsweredAt: null })
    .where(and(eq(calls.id, before.id), eq(calls.consultAgentUserId, before.consultAgentUserId))).returning({ id: calls.id });
  if (!ended) return;
  const freed = await releaseAgent(ctx.db, before.consultAgentUserId, 'available');
  if (freed !== null) await ctx.realtime.broadcast(before.accountId, { type: 'STATUS_UPDATED', ...freed });
  await tellConsult(ctx, before, 'ended');
}

/** Tells the account's sockets where the call's warm transfer stands (the agent's softphone follows it). */
export async function tellConsult(ctx: TelephonyContext, call: CallRow, state: 'ringing' | 'talking' | 'ended'): Promise<void> {
  if (call.callSid === null || call.agentUserId === null || call.consultAgentUserId === null) return;
  await ctx.realtime.broadcast(call.accountId, {
    type: 'CALL_CONSULT_CHANGED', callSid: call.callSid, agentId: call.agentUserId, colleagueId: call.consultAgentUserId, state,
  });
}
