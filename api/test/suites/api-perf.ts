import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { calls } from '../../src/db/schema';
import { createAdmin, createAiAgent, createCall, createConversation, createLead, createTenant, PASSWORD, signIn, uniquePhone } from '../factories';
import { withoutChangeNotifications } from '../helpers/change-notifications';
import { simulatorDoor as simulator } from '../helpers/relay';
import { call } from '../helpers/server';
import { redisSkipReason, startTwoInstances } from '../helpers/redis';
import { onlineAgent } from '../helpers/simulator-device';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id);

export function apiPerfSuite(ctx: SuiteContext) {
  describe('caches of the hot paths', () => {
    const logs = (token: string, body: object = {}) => call(ctx.server, 'POST', 'call/get-call-logs', { token, body });
    const me = (token: string) => call(ctx.server, 'GET', 'auth/session-user', { token });

    it('refuses a signed-out token on its very next request, though it was just accepted', async () => {
      const t = await createTenant(ctx.server);
      const second = await signIn(ctx.server, t.owner.email);
      assert.equal((await logs(t.ownerToken)).status, 200);
      assert.equal((await logs(second)).status, 200);

      assert.equal((await call(ctx.server, 'POST', 'auth/logout', { token: t.ownerToken })).status, 200);
      const after = await logs(t.ownerToken);
      assert.deepEqual([after.status, after.body.type], [401, 'Unauthorized']);
      // Only that session ended: the same user's other sign-in still works.
      assert.equal((await logs(second)).status, 200);
    });

    it('refuses a token signed out on another instance on its next request, through Redis', async (t) => {
      const skip = await redisSkipReason();
      if (skip) return t.skip(skip);
      const tenant = await createTenant(ctx.server);
      // With Redis an entry may live 60 s: only the pub/sub message can end it this soon.
      const [one, two] = await startTwoInstances(ctx.server.db);
      try {
        const onTwo = () => call(two, 'GET', 'auth/session-user', { token: tenant.ownerToken });
        assert.equal((await onTwo()).body.data.id, tenant.owner.id);
        assert.equal((await call(one, 'POST', 'auth/logout', { token: tenant.ownerToken })).status, 200);
        let answer = await onTwo();
        for (let i = 0; i < 20 && answer.body.data !== null; i += 1) {
          await new Promise((r) => setTimeout(r, 10));
          answer = await onTwo();
        }
        // session-user answers null for a token that no longer counts.
        assert.equal(answer.body.data, null);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('ends the other sessions at once when the password changes, keeping the one that changed it', async () => {
      const t = await createTenant(ctx.server);
      const other = await signIn(ctx.server, t.owner.email);
      assert.equal((await me(other)).body.data.id, t.owner.id);

      const changed = await call(ctx.server, 'POST', 'auth/change-password', {
        token: t.ownerToken, body: { password: PASSWORD, passwordNew: 'Another-pass-2', passwordConfirm: 'Another-pass-2' },
      });
      assert.equal(changed.status, 200);
      assert.deepEqual([(await logs(other)).status, (await logs(other)).body.type], [401, 'Unauthorized']);
      assert.equal((await logs(t.ownerToken)).status, 200);
    });

    it('applies a profile edit and an administrator\'s role change on the user\'s next request', async () => {
      const t = await createTenant(ctx.server);
      assert.equal((await me(t.ownerToken)).body.data.firstName, 'Test');
      const edited = await call(ctx.server, 'PATCH', `users/update-current-user/${t.owner.id}`, { token: t.ownerToken, body: { firstName: 'Renamed' } });
      assert.equal(edited.status, 200);
      assert.equal((await me(t.ownerToken)).body.data.firstName, 'Renamed');

      // The agent's caller is cached with role AGENT; the demotion must hold on its next request.
      assert.equal((await me(t.agentToken)).body.data.role, 'AGENT');
      const { token: admin } = await createAdmin(ctx.server);
      const demoted = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, {
        token: admin, body: { roles: [{ id: t.agent.id, title: 'USER', twilio_number: t.agent.agentNumber }] },
      });
      assert.equal(demoted.status, 200);
      assert.equal((await me(t.agentToken)).body.data.role, 'USER');
      const agentScreen = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: t.agentToken, body: {} });
      assert.equal(agentScreen.status, 403);
    });

    it('shows each change made through the API or the telephony simulator on the very next read of a cached page', async () => {
      const a = await onlineAgent(ctx.server);
      const db = ctx.server.db;
      const caller = uniquePhone();
      const lead = await createLead(db, { accountId: a.account.id, fullName: 'Old Lead Name', phoneNumber: caller });
      const ava = await createAiAgent(db, { accountId: a.account.id, name: 'Ava' });
      const avaCall = await createCall(db, { accountId: a.account.id, aiAgentId: ava.id, startedAt: hoursAgo(1) });
      const dialer = await createAiAgent(db, { accountId: a.account.id, name: 'Dialer', handleCallType: 'outbound' });
      type Log = { id: string; status: string; fromNumber: string; toNumber: string; durationSeconds: number | null;
        aiAgent: { name: string } | null; agent: { fullName: string } | null; lead: { fullName: string } | null;
        conversation: { recordingUrl: string | null } | null };
      const page = async () => (await logs(a.ownerToken)).body.data as Log[];
      const callFrom = async (from: string) => (await page()).find((log) => log.fromNumber === from);
      const put = (path: string, token: string, body: object) => call(ctx.server, 'PATCH', path, { token, body });

      await withoutChangeNotifications(db, async () => {
        assert.deepEqual(ids({ data: await page() }), [avaCall.id]);

        // A call arrives, an agent answers it, renames themself, and hangs up: a recording follows.
        const rung = await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber });
        const { callSid } = rung.body.data as { callSid: string };
        assert.deepEqual([(await callFrom(caller))?.status, (await callFrom(caller))?.lead?.fullName], ['ringing', 'Old Lead Name']);
        assert.equal((await a.device.next()).type, 'incoming');
        a.device.send({ type: 'accept', callSid });
        assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
        const answered = await callFrom(caller);
        assert.deepEqual([answered?.status, answered?.agent?.fullName], ['in-progress', `${a.agent.firstName} ${a.agent.lastName}`]);
        assert.equal((await put(`users/update-current-user/${a.agent.id}`, a.agentToken, { firstName: 'Renamed' })).status, 200);
        assert.equal((await callFrom(caller))?.agent?.fullName, `Renamed ${a.agent.lastName}`);
        a.device.send({ type: 'hangup', callSid });
        assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
        const ended = await callFrom(caller);
        assert.equal(ended?.status, 'completed');
        assert.equal(typeof ended?.durationSeconds, 'number');
        assert.ok(ended?.conversation?.recordingUrl, 'the recording shows');
        // The agent dials out from the softphone.
        const callee = uniquePhone();
        a.device.send({ type: 'connect', requestId: 'r1', to: callee });
        const { callSid: outbound } = await a.device.next() as { callSid: string };
        assert.equal((await page()).find((log) => log.toNumber === callee)?.agent?.fullName, `Renamed ${a.agent.lastName}`);
        assert.deepEqual(await a.device.next(5_000), { type: 'accepted', callSid: outbound });
        a.device.send({ type: 'hangup', callSid: outbound });
        assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid: outbound });
        assert.equal((await page()).find((log) => log.toNumber === callee)?.status, 'completed');

        // The lead and the AI agent are renamed, then the agent is deleted: its call stays, nameless.
        assert.equal((await put(`lead/update-lead/${lead.id}`, a.ownerToken, { fullName: 'New Lead Name' })).status, 200);
        assert.equal((await callFrom(caller))?.lead?.fullName, 'New Lead Name');
        assert.equal((await put(`agent/update-agent/${ava.id}`, a.ownerToken, { name: 'Ava Renamed' })).status, 200);
        assert.equal((await page()).find((log) => log.id === avaCall.id)?.aiAgent?.name, 'Ava Renamed');
        assert.equal((await call(ctx.server, 'DELETE', `agent/delete-agent/${ava.id}`, { token: a.ownerToken })).status, 200);
        assert.equal((await page()).find((log) => log.id === avaCall.id)?.aiAgent ?? null, null);

        // An AI agent's test call and a browser conversation with it are logged as they start.
        const tested = uniquePhone();
        const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: a.ownerToken, body: { agentId: dialer.id, phoneNumber: tested } });
        assert.equal(placed.status, 200, JSON.stringify(placed.body));
        assert.equal((await page()).find((log) => log.toNumber === tested)?.aiAgent?.name, 'Dialer');
        const browser = await call(ctx.server, 'POST', 'call/start-browser-call', { token: a.ownerToken, body: { agentId: dialer.id } });
        assert.equal(browser.status, 200, JSON.stringify(browser.body));
        assert.ok((await page()).some((log) => log.id === browser.body.data.callId), 'the browser call shows');
      });
      a.room.close();
      a.device.close();
    });

    it('keeps the totals exact per direction as any writer adds, redirects and deletes calls', async () => {
      const t = await createTenant(ctx.server);
      const db = ctx.server.db;
      const first = await createCall(db, { accountId: t.account.id, direction: 'inbound', startedAt: hoursAgo(3) });
      const second = await createCall(db, { accountId: t.account.id, direction: 'outbound', startedAt: hoursAgo(2) });
      const before = await logs(t.ownerToken, { limit: 1 });
      assert.deepEqual([before.body.total, ids(before.body)], [2, [second.id]]);
      assert.equal((await logs(t.ownerToken, { direction: 'inbound' })).body.total, 1);
      // Written straight to the database, as another instance or a script would: the pages are
      // dropped by the database's notification, within milliseconds (a page lives 2 s otherwise).
      const settled = (body: object, done: (page: { total: number; data: Array<{ id: string }> }) => boolean) =>
        waitFor(async () => (await logs(t.ownerToken, body)).body, done, 1_000);

      const third = await createCall(db, { accountId: t.account.id, direction: 'inbound', startedAt: hoursAgo(1) });
      const after = await settled({ limit: 1 }, (p) => p.total === 3);
      assert.deepEqual([after.total, ids(after)], [3, [third.id]]);
      const inbound = await settled({ direction: 'inbound' }, (p) => p.total === 2);
      assert.deepEqual([inbound.total, ids(inbound)], [2, [third.id, first.id]]);
      // Past the last page: no rows, the total still right.
      const past = await logs(t.ownerToken, { page: 9, limit: 1 });
      assert.deepEqual([past.body.total, past.body.data], [3, []]);

      // A call that changes direction, and one deleted.
      await db.update(calls).set({ direction: 'outbound' }).where(eq(calls.id, first.id));
      assert.equal((await settled({ direction: 'inbound' }, (p) => p.total === 1)).total, 1);
      assert.equal((await logs(t.ownerToken, { direction: 'outbound' })).body.total, 2);
      await db.delete(calls).where(eq(calls.id, third.id));
      const deleted = await settled({}, (p) => p.total === 2);
      assert.deepEqual([deleted.total, ids(deleted)], [2, [second.id, first.id]]);
    });

    it('never counts another account\'s calls on a page', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      await createCall(ctx.server.db, { accountId: t.account.id });
      await createCall(ctx.server.db, { accountId: other.account.id });
      assert.equal((await logs(t.ownerToken)).body.total, 1);
      assert.equal((await logs(other.ownerToken)).body.total, 1);
    });

    it('drops a cached page when a call is written by another connection (another instance, plain SQL)', async () => {
      const t = await createTenant(ctx.server);
      await createCall(ctx.server.db, { accountId: t.account.id });
      assert.equal((await logs(t.ownerToken)).body.total, 1);
      // Straight through the driver: no statement of this process's query builder sees it, only
      // the database's own notification does.
      const driver = (ctx.server.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
      await driver.query(
        `insert into calls (account_id, direction, status, from_number, to_number) values ($1, 'inbound', 'completed', '+15550000001', '+15550000002')`,
        [t.account.id],
      );
      // The notification arrives within milliseconds; a cached page would otherwise live 2 s,
      // longer than these tries take.
      let total = 0;
      for (let i = 0; i < 20 && total !== 2; i += 1) {
        total = (await logs(t.ownerToken)).body.total;
        if (total !== 2) await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(total, 2);
    });

    it('shows a recording written by another connection on its account\'s call-logs page', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const other = await createTenant(ctx.server);
      const answered = await createCall(ctx.server.db, { accountId: t.account.id });
      const conversation = await createConversation(ctx.server.db, { callId: answered.id });
      await createCall(ctx.server.db, { accountId: other.account.id });
      assert.equal((await logs(t.ownerToken)).body.data[0].conversation?.recordingUrl ?? null, null);
      assert.equal((await logs(other.ownerToken)).body.total, 1);
      const driver = (ctx.server.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
      await driver.query(`update conversations set recording_url = $1 where id = $2`, ['https://recordings.example.test/a.mp3', conversation.id]);
      let recording: string | null = null;
      for (let i = 0; i < 20 && recording === null; i += 1) {
        recording = (await logs(t.ownerToken)).body.data[0].conversation?.recordingUrl ?? null;
        if (recording === null) await new Promise((r) => setTimeout(r, 10));
      }
      assert.ok(recording, 'the account\'s page was dropped and read again');
      assert.equal((await logs(other.ownerToken)).body.total, 1);
    });
  });
}
