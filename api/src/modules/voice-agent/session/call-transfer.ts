import { and, eq, isNull } from 'drizzle-orm';
import { callbackRequests, calls } from '../../../db/schema';
import { availableAgents, type TelephonyContext } from '../../telephony';
import type { RelayCall } from './call-record';
import type { TransferRoute } from './call-session';
import type { CallbackMessage } from './message-taking';

/**
 * Where a caller who asks for a person goes: an available human agent of the account (the queue
 * the softphones serve), else the AI agent's transfer number, else nobody: the agent takes a message.
 */
export async function transferRoute(ctx: Pick<TelephonyContext, 'db'>, call: RelayCall): Promise<TransferRoute> {
  if ((await availableAgents(ctx.db, call.accountId)).length > 0) return { to: 'queue' };
  const number = call.agent.transferNumber?.trim();
  return number ? { to: 'number', number } : { to: 'message' };
}

/**
 * A message the agent took for a call back: stored on the call (one per call), shown in the call
 * logs, and sent to the account's `call.callback_requested` webhooks.
 */
export async function requestCallback(ctx: TelephonyContext, call: RelayCall, message: CallbackMessage): Promise<void> {
  const [stored] = await ctx.db.insert(callbackRequests).values({
    accountId: call.accountId, callId: call.callId, callerName: message.callerName, phoneNumber: message.phoneNumber, reason: message.reason,
  }).onConflictDoNothing().returning({ id: callbackRequests.id });
  if (!stored) return;
  ctx.callLogs.changed(call.accountId);
  await ctx.events.emit(call.accountId, 'call.callback_requested', call.callId, { callId: call.callId, ...message });
}

/** Why the call ended, kept on it; the first reason written stands (a carrier's later report does not replace it). */
export async function recordEndReason(ctx: Pick<TelephonyContext, 'db'>, callId: string, reason: string): Promise<void> {
  await ctx.db.update(calls).set({ endReason: reason }).where(and(eq(calls.id, callId), isNull(calls.endReason)));
}
