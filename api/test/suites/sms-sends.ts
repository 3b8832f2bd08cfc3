import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import {
  IDEMPOTENCY_KEY_INVALID_TEXT, IDEMPOTENCY_KEY_REQUIRED_TEXT, SMS_KEY_REUSED_TEXT, SMS_UNCONFIRMED_STATUS,
} from 'shared-contracts';
import { smsConversations, smsMessages } from '../../src/db/schema';
import { settleSmsSend, smsSettleJob } from '../../src/modules/conversation/sms-settle-job';
import { smsStatusCallbackPath } from '../../src/modules/telephony/twilio-paths';
import { createTenant, uniquePhone } from '../factories';
import { serverOnTwilioCloud, type FakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { call, startServer, type TestServer } from '../helpers/server';
import { nextOfType } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO } from '../helpers/twilio-fixture';
import { waitFor } from '../helpers/wait-for';

/** The next status change of message `id` pushed to `room` (a settle job run here may push others first). */
async function statusChange(room: ReturnType<typeof openSocket>, id: string) {
  for (;;) {
    const message = await nextOfType(room, 'SMS_STATUS_CHANGED');
    if (message.payload.id === id) return message.payload;
  }
}

export function smsSendsSuite(ctx: SuiteContext) {
  describe('SMS sends: once per idempotency key, never left queued (Twilio cloud played locally)', () => {
    let server: TestServer;
    let cloud: FakeTwilioCloud;
    serverOnTwilioCloud(() => ctx.server.db, (on) => ({ server, cloud } = on));

    const texts = () => cloud.requests.filter((r) => r.path.endsWith('/Messages.json'));
    const rows = (accountId: string) => server.db.select().from(smsMessages).where(eq(smsMessages.accountId, accountId));
    const send = (token: string, body: Record<string, unknown>) => call(server, 'POST', 'conversation/send-sms', { token, body });

    it('a send repeated with its key, one after another or at the same moment, is stored once and reaches Twilio once', async () => {
      const t = await createTenant(server);
      const body = { toNumber: uniquePhone(), content: 'See you at 5', agentNo: t.agent.agentNumber, idempotencyKey: randomUUID() };
      const before = texts().length;
      const first = await send(t.agentToken, body);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.data.status, 'queued');
      const again = await send(t.agentToken, body);
      assert.deepEqual([again.status, again.body.data], [200, first.body.data]);
      // Twilio's status callbacks name the stored row.
      assert.equal(texts().at(-1)!.form.get('StatusCallback'), `${PUBLIC_URL}${smsStatusCallbackPath(first.body.data.id)}`);

      cloud.answerAfter(300);
      try {
        const burst = { ...body, content: 'Running late', idempotencyKey: randomUUID() };
        const answers = await Promise.all(Array.from({ length: 5 }, () => send(t.agentToken, burst)));
        assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200]);
        assert.equal(new Set(answers.map((a) => a.body.data.id)).size, 1);
      } finally {
        cloud.answerAfter(0);
      }
      assert.equal(texts().length - before, 2);
      const stored = await rows(t.account.id);
      assert.deepEqual(stored.map((r) => r.content).sort(), ['Running late', 'See you at 5']);
      assert.ok(stored.every((r) => r.messageSid !== null));
    });

    it('the same key with another text or recipient is refused (409) and sends nothing', async () => {
      const t = await createTenant(server);
      const body = { toNumber: uniquePhone(), content: 'On my way', agentNo: t.agent.agentNumber, idempotencyKey: randomUUID() };
      assert.equal((await send(t.agentToken, body)).status, 200);
      const before = texts().length;
      for (const changed of [{ content: 'On my way!' }, { toNumber: uniquePhone() }]) {
        const refused = await send(t.agentToken, { ...body, ...changed });
        assert.deepEqual([refused.status, refused.body.type, refused.body.message], [409, 'Conflict', SMS_KEY_REUSED_TEXT]);
      }
      assert.equal(texts().length, before);
      assert.equal((await rows(t.account.id)).length, 1);
      // Keys are the sender account's own: another account may use the same one.
      const other = await createTenant(server);
      assert.equal((await send(other.agentToken, { ...body, agentNo: other.agent.agentNumber })).status, 200);
    });

    it('a missing or malformed key is a 400 that stores and sends nothing', async () => {
      const t = await createTenant(server);
      const body = { toNumber: uniquePhone(), content: 'Hello', agentNo: t.agent.agentNumber };
      const before = texts().length;
      for (const [key, message] of [[undefined, IDEMPOTENCY_KEY_REQUIRED_TEXT], ['12345', IDEMPOTENCY_KEY_INVALID_TEXT], [42, IDEMPOTENCY_KEY_REQUIRED_TEXT]] as const) {
        const refused = await send(t.agentToken, key === undefined ? body : { ...body, idempotencyKey: key });
        assert.deepEqual([refused.status, refused.body.message], [400, message]);
      }
      assert.equal(texts().length, before);
      assert.equal((await rows(t.account.id)).length, 0);
      assert.equal((await server.db.select().from(smsConversations).where(eq(smsConversations.accountId, t.account.id))).length, 0);
    });

    it('a text Twilio refuses is stored and answered as failed; its key answers the same without sending again', async () => {
      const t = await createTenant(server);
      const body = { toNumber: uniquePhone(), content: 'Refused', agentNo: t.agent.agentNumber, idempotencyKey: randomUUID() };
      const before = texts().length;
      cloud.failNext(true);
      try {
        const refused = await send(t.agentToken, body);
        assert.deepEqual([refused.status, refused.body.data.status], [200, 'failed']);
      } finally {
        cloud.failNext(false);
      }
      const again = await send(t.agentToken, body);
      assert.deepEqual([again.status, again.body.data.status], [200, 'failed']);
      assert.equal(texts().length - before, 1);
      assert.deepEqual((await rows(t.account.id)).map((r) => r.status), ['failed']);
    });

    it('a text left queued by a send that died is settled unconfirmed; its key answers it unsent; Twilio\'s late callback stores the truth', async () => {
      const t = await createTenant(server);
      const leadNumber = uniquePhone();
      const [thread] = await server.db.insert(smsConversations).values({ accountId: t.account.id, agentNumber: t.agent.agentNumber!, leadNumber }).returning();
      // What a process killed while waiting for Twilio leaves behind: the row, queued, with no MessageSid.
      const dead = async (content: string) => {
        const [row] = await server.db.insert(smsMessages).values({
          conversationId: thread!.id, accountId: t.account.id, direction: 'outbound', content, status: 'queued',
          idempotencyKey: randomUUID(), createdAt: new Date(Date.now() - 10 * 60_000),
        }).returning();
        return row!;
      };
      const room = openSocket(server, { accountId: t.account.id, token: t.agentToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      const before = texts().length;

      // The settle job that the send queued runs on whichever instance takes it.
      const byJob = await dead('Left by a crash');
      const retried = await send(t.agentToken, { toNumber: leadNumber, content: byJob.content, agentNo: t.agent.agentNumber, idempotencyKey: byJob.idempotencyKey });
      assert.deepEqual([retried.status, retried.body.data.id, retried.body.data.status], [200, byJob.id, 'queued']);
      await server.app.jobs.send(smsSettleJob, { messageId: byJob.id });
      const settled = await waitFor(async () => (await rows(t.account.id)).find((r) => r.id === byJob.id)!, (r) => r.status !== 'queued');
      assert.equal(settled.status, SMS_UNCONFIRMED_STATUS);

      // Settling is pushed to the account's screens.
      const pushed = await dead('Pushed');
      assert.equal(await settleSmsSend(server.app, pushed.id), true);
      assert.deepEqual(await statusChange(room, pushed.id), { id: pushed.id, conversationId: thread!.id, status: SMS_UNCONFIRMED_STATUS });

      // An instance that starts settles what no job looks at.
      const orphan = await dead('No job');
      const restarted = await startServer(server.db);
      await restarted.close();
      assert.equal((await rows(t.account.id)).find((r) => r.id === orphan.id)!.status, SMS_UNCONFIRMED_STATUS);

      // Twilio had the text after all: its callback names the row, which takes the MessageSid and status.
      const messageSid = `SM${randomUUID().replace(/-/g, '')}`;
      const path = smsStatusCallbackPath(byJob.id);
      const params = { MessageSid: messageSid, MessageStatus: 'delivered' };
      const callback = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, params) },
        body: new URLSearchParams(params).toString(),
      });
      assert.equal(callback.status, 204);
      assert.equal((await statusChange(room, byJob.id)).status, 'delivered');
      const [delivered] = await server.db.select().from(smsMessages).where(and(eq(smsMessages.id, byJob.id), eq(smsMessages.messageSid, messageSid)));
      assert.equal(delivered?.status, 'delivered');
      const later = await send(t.agentToken, { toNumber: leadNumber, content: byJob.content, agentNo: t.agent.agentNumber, idempotencyKey: byJob.idempotencyKey });
      assert.equal(later.body.data.status, 'delivered');
      assert.equal(texts().length, before);
      room.close();
    });
  });
}
