import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { calls, leads } from '../../src/db/schema';
import { createAdmin, createCall, createConversation, createLead, createTenant, PASSWORD, signIn } from '../factories';
import { call } from '../helpers/server';
import { redisSkipReason, startTwoInstances } from '../helpers/redis';
import type { SuiteContext } from '../helpers/suite-context';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const ids = (body: { data: Array<{ id: string }> }) => body.data.map((c) => c.id);

/**
 * The caller of a token and whole-account call-logs pages are kept in memory between
 * requests. These prove nothing stale is ever answered on the same instance.
 */
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

    it('shows a new call and the right total on the page right after the call is written, per direction too', async () => {
      const t = await createTenant(ctx.server);
      const db = ctx.server.db;
      const first = await createCall(db, { accountId: t.account.id, direction: 'inbound', startedAt: hoursAgo(3) });
      const second = await createCall(db, { accountId: t.account.id, direction: 'outbound', startedAt: hoursAgo(2) });
      const before = await logs(t.ownerToken, { limit: 1 });
      assert.deepEqual([before.body.total, ids(before.body)], [2, [second.id]]);
      assert.equal((await logs(t.ownerToken, { direction: 'inbound' })).body.total, 1);

      const third = await createCall(db, { accountId: t.account.id, direction: 'inbound', startedAt: hoursAgo(1) });
      const after = await logs(t.ownerToken, { limit: 1 });
      assert.deepEqual([after.body.total, ids(after.body)], [3, [third.id]]);
      const inbound = await logs(t.ownerToken, { direction: 'inbound' });
      assert.deepEqual([inbound.body.total, ids(inbound.body)], [2, [third.id, first.id]]);
      // Past the last page: no rows, the total still right.
      const past = await logs(t.ownerToken, { page: 9, limit: 1 });
      assert.deepEqual([past.body.total, past.body.data], [3, []]);

      // A call that changes direction, and one deleted.
      await db.update(calls).set({ direction: 'outbound' }).where(eq(calls.id, first.id));
      assert.deepEqual([(await logs(t.ownerToken, { direction: 'inbound' })).body.total, (await logs(t.ownerToken, { direction: 'outbound' })).body.total], [1, 2]);
      await db.delete(calls).where(eq(calls.id, third.id));
      const deleted = await logs(t.ownerToken);
      assert.deepEqual([deleted.body.total, ids(deleted.body)], [2, [second.id, first.id]]);
    });

    it('shows a lead renamed after the page was read, and another account\'s calls never count', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const lead = await createLead(ctx.server.db, { accountId: t.account.id, fullName: 'Old Name' });
      await createCall(ctx.server.db, { accountId: t.account.id, leadId: lead.id });
      assert.equal((await logs(t.ownerToken)).body.data[0].lead.fullName, 'Old Name');
      await ctx.server.db.update(leads).set({ fullName: 'New Name' }).where(eq(leads.id, lead.id));
      assert.equal((await logs(t.ownerToken)).body.data[0].lead.fullName, 'New Name');

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
      const t = await createTenant(ctx.server);
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
