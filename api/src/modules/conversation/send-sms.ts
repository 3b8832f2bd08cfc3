import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { smsMessages } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { threadFor, toSmsPayload } from '../telephony/sms-events';

export const SMS_SEND_FAILED_TEXT = 'The message could not be sent. Please try again.';

/**
 * Stores the text as queued, hands it to the provider (outside any transaction: it is a network
 * call), then pushes it to every screen of the account (RECEIVE_SMS) so other tabs show it too.
 * Delivery progress arrives later through the status path (SMS_STATUS_CHANGED).
 */
export const sendSms = implement(contract.conversation.sendSms, async ({ body, user, db, app }) => {
  const ctx = app.telephony.context;
  const conversationId = await threadFor(ctx, user.accountId, body.agentNo, body.toNumber);
  const [queued] = await db.insert(smsMessages).values({
    conversationId, accountId: user.accountId, direction: 'outbound', content: body.content, status: 'queued',
  }).returning();
  const numbers = { agentNumber: body.agentNo, leadNumber: body.toNumber };
  let sent: { sid: string; status: string };
  try {
    sent = await app.telephony.provider.sendSms({ from: body.agentNo, to: body.toNumber, body: body.content });
  } catch (err) {
    app.log.error({ err }, 'sms send failed');
    await db.update(smsMessages).set({ status: 'failed' }).where(eq(smsMessages.id, queued!.id));
    throw new ApiError(502, 'InternalError', SMS_SEND_FAILED_TEXT);
  }
  const [row] = await db.update(smsMessages).set({ messageSid: sent.sid, status: sent.status })
    .where(eq(smsMessages.id, queued!.id)).returning();
  const payload = toSmsPayload(row!, numbers);
  await app.realtime.broadcast(user.accountId, { type: 'RECEIVE_SMS', payload });
  return payload;
});
