import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { accounts, users } from '../../src/db/schema';
import { createAccount, createAdmin, createAiAgent, createTenant, createUser, missingId, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function accountAdminSuite(ctx: SuiteContext) {
  const accountRow = async (id: string) => (await ctx.server.db.select().from(accounts).where(eq(accounts.id, id)))[0];
  const userRow = async (id: string) => (await ctx.server.db.select().from(users).where(eq(users.id, id)))[0];
  const audit = (token: string, id: string, query = '') => call(ctx.server, 'GET', `account/get-account-audit/${id}${query}`, { token });

  describe('account admin: who may call', () => {
    it('refuses a USER and an AGENT, even on their own account, and changes nothing', async () => {
      const t = await createTenant(ctx.server, { plan: 'free' });
      for (const token of [t.ownerToken, t.agentToken]) {
        for (const [method, path, body] of [
          ['POST', 'account/get-all-accounts', {}],
          ['GET', `account/get-account/${t.account.id}`, undefined],
          ['PATCH', `account/update-account/${t.account.id}`, { plan: 'enterprise-edge', agentCapOverride: 50 }],
          ['GET', `account/get-account-audit/${t.account.id}`, undefined],
        ] as const) {
          const res = await call(ctx.server, method, path, { token, body });
          assert.deepEqual([res.status, res.body.type], [403, 'Forbidden'], `${method} ${path}`);
        }
      }
      const row = await accountRow(t.account.id);
      assert.deepEqual([row?.plan, row?.agentCapOverride], ['free', null]);
      const { token } = await createAdmin(ctx.server);
      assert.equal((await audit(token, t.account.id)).body.total, 0);
    });
  });

  describe('account/get-account', () => {
    it('shows the account with its users\' roles, plan, agent cap and agent count', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      await createAiAgent(ctx.server.db, { accountId: t.account.id });
      await createAiAgent(ctx.server.db, { accountId: t.account.id });
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'GET', `account/get-account/${t.account.id}`, { token });
      assert.equal(res.status, 200);
      assertContract(contract.account.getAccount, res.body);
      const d = res.body.data;
      assert.deepEqual(
        [d.id, d.name, d.plan, d.ownerEmail, d.userCount, d.agentCapOverride, d.aiAgentCount, d.updatedAt],
        [t.account.id, t.account.name, 'efficiency-plus', t.owner.email, 2, null, 2, t.account.createdAt.toISOString()],
      );
      assert.deepEqual(d.roles.map((r: { id: string; title: string }) => [r.id, r.title]), [[t.owner.id, 'USER'], [t.agent.id, 'AGENT']]);
      assert.equal(d.roles[1].twilio_number, t.agent.agentNumber);
      assert.equal(d.roles[1].description, `${t.agent.firstName} ${t.agent.lastName} <${t.agent.email}>`);
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const { token } = await createAdmin(ctx.server);
      for (const path of ['account/get-account/', 'account/get-account-audit/']) {
        const bad = await call(ctx.server, 'GET', `${path}nope`, { token });
        assert.deepEqual([bad.status, bad.body.message], [400, 'Invalid id']);
        const missing = await call(ctx.server, 'GET', `${path}${missingId()}`, { token });
        assert.equal(missing.status, 404);
      }
    });
  });

  describe('account/update-account', () => {
    it('changes name, plan, agent cap, roles and numbers (normalised), and audits who changed what', async () => {
      const t = await createTenant(ctx.server, { plan: 'free' });
      const { admin, token } = await createAdmin(ctx.server);
      const digits = uniquePhone().slice(2);
      const res = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, {
        token,
        body: {
          name: 'Renamed Dental', plan: 'performance-suite', agentCapOverride: 7,
          roles: [
            { id: t.owner.id, title: 'USER', twilio_number: null },
            { id: t.agent.id, title: 'AGENT', twilio_number: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` },
          ],
        },
      });
      assert.equal(res.status, 200);
      assertContract(contract.account.updateAccount, res.body);
      assert.deepEqual([res.body.data.name, res.body.data.plan, res.body.data.agentCapOverride], ['Renamed Dental', 'performance-suite', 7]);
      assert.equal(res.body.data.roles[1].twilio_number, `+1${digits}`);

      const row = await accountRow(t.account.id);
      assert.deepEqual([row?.name, row?.plan, row?.agentCapOverride], ['Renamed Dental', 'performance-suite', 7]);
      assert.equal((await userRow(t.agent.id))?.agentNumber, `+1${digits}`);

      const log = await audit(token, t.account.id);
      assert.equal(log.status, 200);
      assertContract(contract.account.getAccountAudit, log.body);
      assert.equal(log.body.total, 1);
      const [entry] = log.body.data;
      assert.deepEqual(entry.actor, { id: admin.id, email: admin.email });
      assert.equal(entry.action, 'Account updated');
      assert.deepEqual(entry.changes, {
        name: { from: t.account.name, to: 'Renamed Dental' },
        plan: { from: 'free', to: 'performance-suite' },
        agentCapOverride: { from: null, to: 7 },
        [`${t.agent.email} twilio_number`]: { from: t.agent.agentNumber, to: `+1${digits}` },
      });
      assert.ok(Date.now() - Date.parse(entry.at) < 60_000);
      assert.equal(res.body.data.updatedAt, entry.at);
    });

    it('changes a role and clears the cap back to the default, newest audit first', async () => {
      const t = await createTenant(ctx.server, { agentCapOverride: 5 });
      const { token } = await createAdmin(ctx.server);
      const first = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, {
        token, body: { roles: [{ id: t.agent.id, title: 'USER', twilio_number: t.agent.agentNumber }] },
      });
      assert.equal(first.status, 200);
      assert.equal((await userRow(t.agent.id))?.role, 'USER');
      // The role takes effect at once: the demoted agent's token now gets USER access only.
      const asAgent = await call(ctx.server, 'GET', 'auth/session-user', { token: t.agentToken });
      assert.equal(asAgent.body.data.role, 'USER');

      await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, { token, body: { agentCapOverride: null } });
      assert.equal((await accountRow(t.account.id))?.agentCapOverride, null);
      const log = await audit(token, t.account.id, '?page=1&limit=1');
      assert.equal(log.body.total, 2);
      assert.deepEqual(log.body.data.map((e: { changes: object }) => e.changes), [{ agentCapOverride: { from: 5, to: null } }]);
      const older = await audit(token, t.account.id, '?page=2&limit=1');
      assert.deepEqual(older.body.data[0].changes, { [`${t.agent.email} role`]: { from: 'AGENT', to: 'USER' } });
    });

    it('writes no audit entry when nothing really changes', async () => {
      const t = await createTenant(ctx.server, { plan: 'free' });
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, { token, body: { plan: 'free', name: t.account.name } });
      assert.equal(res.status, 200);
      assert.equal((await audit(token, t.account.id)).body.total, 0);
    });

    it('refuses bad bodies and foreign, duplicate or taken numbers with a clear error, changing nothing', async () => {
      const t = await createTenant(ctx.server, { plan: 'free' });
      const other = await createTenant(ctx.server);
      const { admin, account: house, token } = await createAdmin(ctx.server);
      const fresh = uniquePhone();
      const cases: Array<[object, number, string]> = [
        [{}, 400, 'Change at least one field'],
        [{ plan: 'gold' }, 400, 'Choose a plan'],
        [{ agentCapOverride: 101 }, 400, 'Agent cap must be from 0 to 100'],
        [{ agentCapOverride: 2.5 }, 400, 'Agent cap must be a whole number'],
        [{ name: '  ' }, 400, 'Account name is required'],
        [{ name: 'Ok', roles: [{ id: t.agent.id, title: 'AGENT', twilio_number: '12' }] }, 400, 'Twilio number must be a US number: +1 followed by ten digits'],
        [{ name: 'Ok', roles: [{ id: t.agent.id, title: 'BOSS', twilio_number: null }] }, 400, 'Unknown role'],
        [{ name: 'Ok', roles: [{ id: other.agent.id, title: 'AGENT', twilio_number: fresh }] }, 400, 'Roles may only list users of this account'],
        [{ name: 'Ok', roles: [{ id: t.owner.id, title: 'USER', twilio_number: fresh }, { id: t.agent.id, title: 'AGENT', twilio_number: fresh }] }, 400, `${fresh} is given to more than one user`],
        [{ name: 'Ok', roles: [{ id: t.agent.id, title: 'AGENT', twilio_number: other.agent.agentNumber }] }, 409, `${other.agent.agentNumber} is already used by another user`],
      ];
      for (const [body, status, message] of cases) {
        const res = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, { token, body });
        assert.deepEqual([res.status, res.body.message], [status, message], JSON.stringify(body));
      }
      const bad = await call(ctx.server, 'PATCH', 'account/update-account/nope', { token, body: { name: 'x' } });
      assert.equal(bad.status, 400);
      const missing = await call(ctx.server, 'PATCH', `account/update-account/${missingId()}`, { token, body: { name: 'x' } });
      assert.equal(missing.status, 404);

      // An administrator cannot lock themselves out by changing their own role.
      const self = await call(ctx.server, 'PATCH', `account/update-account/${house.id}`, {
        token, body: { roles: [{ id: admin.id, title: 'USER', twilio_number: null }] },
      });
      assert.deepEqual([self.status, self.body.message], [400, 'You cannot change your own role']);
      assert.equal((await userRow(admin.id))?.role, 'ADMINISTRATOR');

      const row = await accountRow(t.account.id);
      assert.deepEqual([row?.name, row?.plan, row?.agentCapOverride], [t.account.name, 'free', null]);
      assert.equal((await userRow(t.agent.id))?.agentNumber, t.agent.agentNumber);
      assert.equal((await audit(token, t.account.id)).body.total, 0);
    });

    it('lets two users of the account swap their numbers in one edit', async () => {
      const account = await createAccount(ctx.server.db);
      const a = await createUser(ctx.server.db, { accountId: account.id, role: 'AGENT' });
      const b = await createUser(ctx.server.db, { accountId: account.id, role: 'AGENT' });
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'PATCH', `account/update-account/${account.id}`, {
        token, body: { roles: [{ id: a.id, title: 'AGENT', twilio_number: b.agentNumber }, { id: b.id, title: 'AGENT', twilio_number: a.agentNumber }] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual([(await userRow(a.id))?.agentNumber, (await userRow(b.id))?.agentNumber], [b.agentNumber, a.agentNumber]);
    });
  });
}
