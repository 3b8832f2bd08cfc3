import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAdmin, createCall, createTenant, missingId } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const NOT_FOUND = { type: 'NotFound', message: 'Not found' };

export function tenantSuite(ctx: SuiteContext) {
  describe('tenant checks', () => {
    it('answers 404 when a USER asks for another account\'s stats, agents or overview', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      for (const path of [
        `call/get-call-stats/${a.account.id}`,
        `agent/get-agents/${a.account.id}`,
        `agent/get-agents-overview/${a.account.id}`,
      ]) {
        const res = await call(ctx.server, 'GET', path, { token: b.ownerToken });
        assert.deepEqual([res.status, res.body], [404, NOT_FOUND], path);
      }
      // The same answer for an account that does not exist: nothing tells the two apart.
      const ghost = await call(ctx.server, 'GET', `call/get-call-stats/${missingId()}`, { token: b.ownerToken });
      assert.deepEqual([ghost.status, ghost.body], [404, NOT_FOUND]);
    });

    it('answers 404 for another user\'s record, even in the same account', async () => {
      const { owner, agentToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'GET', `users/get-current-user/${owner.id}`, { token: agentToken });
      assert.deepEqual([res.status, res.body], [404, NOT_FOUND]);
    });

    it('lets an administrator through to any account', async () => {
      const a = await createTenant(ctx.server);
      await createCall(ctx.server.db, { accountId: a.account.id });
      const admin = await createAdmin(ctx.server);
      const stats = await call(ctx.server, 'GET', `call/get-call-stats/${a.account.id}`, { token: admin.token });
      assert.equal(stats.status, 403, 'get-call-stats is USER only, so the role check answers first');
      const user = await call(ctx.server, 'GET', `users/get-current-user/${a.owner.id}`, { token: admin.token });
      assert.equal(user.status, 200);
      assert.equal(user.body.data.user.email, a.owner.email);
    });

    it('answers a malformed uuid with 400 "Invalid id"', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'GET', 'call/get-call-stats/not-a-uuid', { token: ownerToken });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { type: 'BadRequest', message: 'Invalid id', errors: ['Invalid id'] });
    });

    it('checks the token before the input: a bad id without a token is 401', async () => {
      const res = await call(ctx.server, 'GET', 'call/get-call-stats/not-a-uuid');
      assert.equal(res.status, 401);
    });
  });
}
