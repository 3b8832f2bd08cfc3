import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { contract } from 'shared-contracts';
import { assertContract } from '../helpers/contract-shape';
import { createAccount, createAdmin, createTenant, createUser } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function accountsSuite(ctx: SuiteContext) {
  describe('account/get-all-accounts', () => {
    it('pages, searches by name and owner email, filters by plan, and counts the total', async () => {
      const { token } = await createAdmin(ctx.server);
      const tag = `zz${randomBytes(3).toString('hex')}`;
      const db = ctx.server.db;
      const first = await createAccount(db, { name: `${tag} Alpha`, plan: 'free' });
      const second = await createAccount(db, { name: `${tag} Beta`, plan: 'efficiency-plus' });
      await createAccount(db, { name: `${tag} Gamma`, plan: 'free' });
      const owner = await createUser(db, { accountId: second.id, role: 'USER', email: `owner-${tag}@factory.test` });
      await createUser(db, { accountId: second.id, role: 'AGENT' });

      const page1 = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { search: tag, page: 1, limit: 2 } });
      assert.equal(page1.status, 200);
      assert.equal(page1.body.total, 3);
      assert.equal(page1.body.data.length, 2);
      assertContract(contract.account.getAllAccounts, page1.body);
      const page2 = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { search: tag, page: 2, limit: 2 } });
      assert.equal(page2.body.total, 3);
      assert.equal(page2.body.data.length, 1);
      const names = [...page1.body.data, ...page2.body.data].map((a: { name: string }) => a.name).sort();
      assert.deepEqual(names, [`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);

      const byOwner = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { search: `OWNER-${tag}` } });
      assert.equal(byOwner.body.total, 1);
      const entry = byOwner.body.data[0];
      assert.equal(entry.id, second.id);
      assert.equal(entry.ownerEmail, owner.email);
      assert.equal(entry.userCount, 2);
      assert.deepEqual(entry.roles.map((r: { title: string }) => r.title).sort(), ['AGENT', 'USER']);
      assert.ok(entry.roles.some((r: { twilio_number: string | null }) => r.twilio_number?.startsWith('+1')));

      const paid = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { search: tag, plan: 'efficiency-plus' } });
      assert.deepEqual([paid.body.total, paid.body.data[0].id], [1, second.id]);
      assert.notEqual(first.id, second.id);
    });

    it('takes the search literally: % matches only a real percent sign', async () => {
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { search: '%' } });
      assert.equal(res.status, 200);
      assert.equal(res.body.total, 0);
    });

    it('refuses a USER with 403 and a bad plan with 400', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'POST', 'account/get-all-accounts', { token: ownerToken, body: {} });
      assert.equal(res.status, 403);
      const { token } = await createAdmin(ctx.server);
      const bad = await call(ctx.server, 'POST', 'account/get-all-accounts', { token, body: { plan: 'gold', limit: 1000 } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.errors.length, 2);
    });
  });
}
