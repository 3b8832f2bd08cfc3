import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id, SMS_UNCONFIRMED_STATUS } from 'shared-contracts';
import { smsMessages } from '../../db/schema';
import { servicePlugin } from '../../plugins/service-plugin';
import type { JobDefinition } from '../jobs';

const SettleData = v.object({ messageId: Id });

/**
 * A text still queued with no provider id once its send should long have had an answer: the
 * process that sent it stopped in between. Whether the carrier has it is unknown (Twilio takes
 * no idempotency key, and sending again could text the lead twice), so it is marked unconfirmed
 * and every screen of the account hears it; the sender chooses whether to send it again. A
 * status callback that arrives later (it names the message, see twilio-provider.ts) replaces it.
 */
export async function settleSmsSend(app: FastifyInstance, messageId: string): Promise<boolean> {
  const [row] = await app.db.update(smsMessages).set({ status: SMS_UNCONFIRMED_STATUS })
    .where(and(eq(smsMessages.id, messageId), eq(smsMessages.status, 'queued'), isNull(smsMessages.messageSid)))
    .returning({ id: smsMessages.id, conversationId: smsMessages.conversationId, accountId: smsMessages.accountId });
  if (!row) return false;
  app.log.warn({ messageId }, 'sms send stopped before the provider answered; marked unconfirmed');
  await app.realtime.broadcast(row.accountId, {
    type: 'SMS_STATUS_CHANGED', payload: { id: row.id, conversationId: row.conversationId, status: SMS_UNCONFIRMED_STATUS },
  });
  return true;
}

/**
 * Queued for every send before its row is stored, to run once the send should be over: a process
 * that dies mid-send leaves this job behind, and whichever instance takes it settles the text.
 * For a send that finished it finds nothing to do (and for a repeat whose row was never stored).
 */
export const smsSettleJob: JobDefinition<typeof SettleData> = {
  name: 'sms-settle',
  data: SettleData,
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 60,
  async handle(app, { messageId }) {
    await settleSmsSend(app, messageId);
  },
};

/**
 * On start, texts left queued past the bound (SMS_SETTLE_AFTER_SECONDS) with no settle job to
 * look at them (sent before the job existed, or whose job ran out of retries while the database
 * was away) are settled too.
 */
export const settleStaleSmsSendsPlugin = servicePlugin('settle-stale-sms-sends', async (app) => {
  app.addHook('onReady', async () => {
    const stale = await app.db.select({ id: smsMessages.id }).from(smsMessages).where(and(
      eq(smsMessages.direction, 'outbound'), eq(smsMessages.status, 'queued'), isNull(smsMessages.messageSid),
      lt(smsMessages.createdAt, sql`now() - make_interval(secs => ${app.config.smsSettleAfterSeconds})`),
    ));
    for (const { id } of stale) await settleSmsSend(app, id);
  });
});
