import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { calls, type CallRow } from '../../db/schema';
import type { TelephonyContext } from './call-events';

/** A supervisor's claim on a call lapses when their browser phone has not joined within this time. */
export const SUPERVISOR_JOIN_SECONDS = 30;

/**
 * The supervisor's browser phone joined the call they claimed (`legSid`, its leg). Null when they
 * hold no claim on it (it lapsed, another supervisor's stands, or the call left its person): the
 * leg is then refused, so two supervisors never both get one.
 */
export async function supervisorJoined(ctx: TelephonyContext, input: { callSid: string; supervisorUserId: string; legSid: string }): Promise<CallRow | null> {
  const [call] = await ctx.db.update(calls).set({ supervisorLegSid: input.legSid })
    .where(and(
      eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), isNotNull(calls.agentUserId),
      eq(calls.supervisorUserId, input.supervisorUserId), isNull(calls.supervisorLegSid),
    ))
    .returning();
  return call ?? null;
}

/**
 * The supervision of a call ended: the supervisor left, their phone went, or the call ended or
 * left the person it was supervised with. With `legSid`, only while that leg is the supervisor's
 * (a late report of an earlier leg changes nothing).
 */
export async function supervisionEnded(ctx: TelephonyContext, input: { callSid: string; legSid?: string }): Promise<void> {
  const where: SQL[] = [eq(calls.callSid, input.callSid), isNotNull(calls.supervisorUserId)];
  if (input.legSid !== undefined) where.push(eq(calls.supervisorLegSid, input.legSid));
  const [ended] = await ctx.db.update(calls).set({ supervisorUserId: null, superviseMode: null, supervisedSince: null, supervisorLegSid: null })
    .where(and(...where)).returning();
  if (ended) await tellSupervision(ctx, ended);
}

/** Tells the account's sockets who supervises the call and how (the live desk follows it). */
export async function tellSupervision(ctx: TelephonyContext, call: CallRow): Promise<void> {
  if (call.callSid === null) return;
  await ctx.realtime.broadcast(call.accountId, {
    type: 'CALL_SUPERVISION_CHANGED', callSid: call.callSid, agentId: call.agentUserId, supervisorId: call.supervisorUserId, mode: call.superviseMode,
  });
}
