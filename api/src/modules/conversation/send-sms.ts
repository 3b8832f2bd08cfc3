import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contract, SMS_KEY_REUSED_TEXT, type BodyOf, type SmsPayload } from 'shared-contracts';
import type { Db } from '../../db/client';
import { smsConversations, smsMessages } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { implement } from '../../http/implement';
import { threadFor, toSmsPayload } from '../telephony';
import { smsSettleJob } from './sms-settle-job';

type SendBody = BodyOf<typeof contract.conversation.sendSms>;
type SmsRow = typeof smsMessages.$inferSelect;
type Numbers = { agentNumber: string; leadNumber: string };

/** The text an account already stored under this key, with the numbers of its thread. */
async function storedSend(db: Db, accountId: string, key: string) {
  const [row] = await db.select({ message: smsMessages, agentNumber: smsConversations.agentNumber, leadNumber: smsConversations.leadNumber })
    .from(smsMessages).innerJoin(smsConversations, eq(smsConversations.id, smsMessages.conversationId))
    .where(and(eq(smsMessages.accountId, accountId), eq(smsMessages.idempotencyKey, key)));
  return row;
}

/** A repeat answers what is stored, whatever its state; the key of another message is refused. */
function answerRepeat(stored: NonNullable<Awaited<ReturnType<typeof storedSend>>>, body: SendBody, numbers: Numbers): SmsPayload {
  const same = stored.agentNumber === body.agentNo && stored.leadNumber === body.toNumber && stored.message.content === body.content;
  if (!same) throw new ApiError(409, 'Conflict', SMS_KEY_REUSED_TEXT);
  return toSmsPayload(stored.message, numbers);
}

/**
 * Records the provider's answer on a claimed row. A status callback may have named the row first
 * (it carries the row's id), in which case the row already holds the provider's word and stays.
 */
async function record(db: Db, id: string, outcome: { status: string; messageSid?: string }): Promise<SmsRow> {
  const [row] = await db.update(smsMessages).set(outcome)
    .where(and(eq(smsMessages.id, id), isNull(smsMessages.messageSid))).returning();
  if (row) return row;
  const [current] = await db.select().from(smsMessages).where(eq(smsMessages.id, id));
  if (!current) throw new Error('sms row vanished while it was being sent');
  return current;
}

/**
 * Hands a claimed row to the provider (outside any transaction: it is a network call). Only the
 * provider's own failure marks it failed; a failure to store an accepted text's answer leaves
 * the row queued, for the settle job and the provider's callback.
 */
async function deliver(app: FastifyInstance, claimed: SmsRow, body: SendBody): Promise<SmsRow> {
  let sent: { sid: string; status: string };
  try {
    sent = await app.telephony.provider.sendSms({ from: body.agentNo, to: body.toNumber, body: body.content, messageId: claimed.id });
  } catch (err) {
    app.log.error({ err, messageId: claimed.id }, 'sms send failed');
    return record(app.db, claimed.id, { status: 'failed' });
  }
  return record(app.db, claimed.id, { messageSid: sent.sid, status: sent.status });
}

/**
 * Sends a text once per idempotency key. The insert of the row under its key is the claim: a
 * repeat, concurrent or after a crash, finds the row and answers it without reaching the
 * provider. A settle job is queued before the claim so that a process dying mid-send never leaves
 * the text queued for good (sms-settle-job.ts). The answer is always the stored message, a
 * refused one included (status `failed`), and it is pushed to every screen of the account
 * (RECEIVE_SMS); delivery progress follows through the status path (SMS_STATUS_CHANGED).
 */
export const sendSms = implement(contract.conversation.sendSms, async ({ body, user, db, app }) => {
  const numbers = { agentNumber: body.agentNo, leadNumber: body.toNumber };
  const earlier = await storedSend(db, user.accountId, body.idempotencyKey);
  if (earlier) return answerRepeat(earlier, body, numbers);

  const conversationId = await threadFor(app.telephony.context, user.accountId, body.agentNo, body.toNumber);
  const id = randomUUID();
  await app.jobs.send(smsSettleJob, { messageId: id }, { startAfter: app.config.smsSettleAfterSeconds });
  const [claimed] = await db.insert(smsMessages).values({
    id, conversationId, accountId: user.accountId, direction: 'outbound', content: body.content, status: 'queued', idempotencyKey: body.idempotencyKey,
  }).onConflictDoNothing({ target: [smsMessages.accountId, smsMessages.idempotencyKey] }).returning();
  if (!claimed) {
    const winner = await storedSend(db, user.accountId, body.idempotencyKey);
    if (!winner) throw new Error('sms idempotency key conflicted with no stored row');
    return answerRepeat(winner, body, numbers);
  }

  const payload = toSmsPayload(await deliver(app, claimed, body), numbers);
  await app.realtime.broadcast(user.accountId, { type: 'RECEIVE_SMS', payload });
  return payload;
});
