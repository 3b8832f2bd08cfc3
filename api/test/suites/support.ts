import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { supportRequests } from '../../src/db/schema';
import { createCall, createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function supportSuite(ctx: SuiteContext) {
  describe('support desk', () => {
    it('creates requests with a reference and lists the account\'s own, newest first, by status', async () => {
      const t = await createTenant(ctx.server);
      const theCall = await createCall(ctx.server.db, { accountId: t.account.id });
      const first = await call(ctx.server, 'POST', 'support/create-request', {
        token: t.ownerToken, body: { subject: 'Invoice question', category: 'billing', message: 'Why two charges?' },
      });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assertContract(contract.support.createRequest, first.body);
      assert.match(first.body.data.reference, /^SR-\d+$/);
      assert.deepEqual([first.body.data.status, first.body.data.priority, first.body.data.callId], ['open', 'normal', null]);
      const second = await call(ctx.server, 'POST', 'support/create-request', {
        token: t.ownerToken, body: { subject: 'Dropped call', category: 'technical', priority: 'high', message: 'It cut out.', callId: theCall.id },
      });
      assert.equal(second.body.data.callId, theCall.id);
      await ctx.server.db.update(supportRequests).set({ status: 'resolved' }).where(eq(supportRequests.id, first.body.data.id));
      const other = await createTenant(ctx.server);
      await call(ctx.server, 'POST', 'support/create-request', { token: other.ownerToken, body: { subject: 'Theirs', category: 'other', message: 'x' } });

      const list = await call(ctx.server, 'POST', 'support/get-requests', { token: t.ownerToken, body: {} });
      assertContract(contract.support.getRequests, list.body);
      assert.deepEqual([list.body.total, list.body.data.map((r: { subject: string }) => r.subject)], [2, ['Dropped call', 'Invoice question']]);
      const resolved = await call(ctx.server, 'POST', 'support/get-requests', { token: t.ownerToken, body: { status: 'resolved' } });
      assert.deepEqual(resolved.body.data.map((r: { subject: string }) => r.subject), ['Invoice question']);
    });

    it('refuses bad input and another account\'s call, creating nothing', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const theirCall = await createCall(ctx.server.db, { accountId: other.account.id });
      const cases: Array<[object, number, string]> = [
        [{ subject: '', category: 'billing', message: 'x' }, 400, 'Subject is required'],
        [{ subject: 'Hi', category: 'gossip', message: 'x' }, 400, 'Choose a category'],
        [{ subject: 'Hi', category: 'other', message: '<script>x</script>' }, 400, 'Message: '],
        [{ subject: 'Hi', category: 'other', message: 'x', callId: theirCall.id }, 404, 'Not found'],
      ];
      for (const [body, status, message] of cases) {
        const res = await call(ctx.server, 'POST', 'support/create-request', { token: t.ownerToken, body });
        assert.equal(res.status, status, JSON.stringify(body));
        assert.ok(res.body.message.startsWith(message), res.body.message);
      }
      assert.equal((await ctx.server.db.select().from(supportRequests).where(eq(supportRequests.accountId, t.account.id))).length, 0);
    });
  });
}
