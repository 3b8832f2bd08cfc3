import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { DESK_TEAM_TEXT, PHONE_NUMBER_TAKEN_TEXT } from 'shared-contracts';
import { users } from '../../src/db/schema';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { freshEmail, lastMail, resetIdIn } from '../helpers/auth-support';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function deskTeamSuite(ctx: SuiteContext) {
  describe('adding human agents to a desk', () => {
    it('the USER adds an agent with their own line; the agent sets a password from the email and signs in to the same account', async () => {
      const t = await createTenant(ctx.server);
      const email = freshEmail('new-agent');
      const agentNumber = uniquePhone();
      const add = (body: Record<string, unknown>, token = t.ownerToken) => call(ctx.server, 'POST', 'desk/add-agent', { token, body });
      const added = await add({ firstName: ' Bo ', lastName: 'Lee', email: email.toUpperCase(), agentNumber });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assert.deepEqual({ ...added.body.data, agentId: undefined }, {
        agentId: undefined, fullName: 'Bo Lee', agentNumber, status: 'offline', busyFrom: null, awayReason: null, since: null,
      });
      const team = await call(ctx.server, 'GET', 'agent/get-team', { token: t.ownerToken });
      assert.ok((team.body.data as Array<{ agentId: string }>).some((m) => m.agentId === added.body.data.agentId));

      // Nobody signs in as them until they choose a password from the invitation.
      const mail = await lastMail(ctx.server.db, email, 'agent_invite');
      assert.match(mail.text, /added you as a human agent of/);
      const reset = await call(ctx.server, 'POST', '/auth/reset-password', { body: { id: resetIdIn(mail.text), password: 'Agent-pass-1', confirmPassword: 'Agent-pass-1' } });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      const login = await call(ctx.server, 'POST', '/auth/login', { body: { email, password: 'Agent-pass-1' } });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      assert.deepEqual([login.body.data.user.role, login.body.data.user.accountId], ['AGENT', t.account.id]);

      // Refused, adding nobody: the same email, a number another account has, a number an AI agent of this account answers, bad input, an AGENT.
      const other = await createTenant(ctx.server);
      const before = (await ctx.server.db.select().from(users).where(eq(users.accountId, t.account.id))).length;
      const aiNumber = uniquePhone();
      await createAiAgent(ctx.server.db, { accountId: t.account.id, phoneNumber: aiNumber });
      for (const [body, status, message] of [
        [{ firstName: 'Cy', lastName: 'Dee', email, agentNumber: uniquePhone() }, 409, DESK_TEAM_TEXT.emailTaken],
        [{ firstName: 'Cy', lastName: 'Dee', email: freshEmail('cy'), agentNumber: other.agent.agentNumber }, 409, PHONE_NUMBER_TAKEN_TEXT],
        [{ firstName: 'Cy', lastName: 'Dee', email: freshEmail('cy'), agentNumber: aiNumber }, 409, DESK_TEAM_TEXT.numberIsAnAiAgents],
        [{ firstName: 'Cy', lastName: 'Dee', email: freshEmail('cy'), agentNumber: agentNumber }, 409, PHONE_NUMBER_TAKEN_TEXT],
        [{ firstName: '', lastName: 'Dee', email: freshEmail('cy'), agentNumber: uniquePhone() }, 400, null],
        [{ firstName: 'Cy', lastName: 'Dee', email: 'not-an-email', agentNumber: uniquePhone() }, 400, null],
        [{ firstName: 'Cy', lastName: 'Dee', email: freshEmail('cy'), agentNumber: '555' }, 400, null],
      ] as Array<[Record<string, unknown>, number, string | null]>) {
        const refused = await add(body);
        assert.equal(refused.status, status, JSON.stringify([body, refused.body]));
        if (message !== null) assert.equal(refused.body.message, message);
      }
      assert.equal((await add({ firstName: 'Cy', lastName: 'Dee', email: freshEmail('cy'), agentNumber: uniquePhone() }, t.agentToken)).status, 403);
      assert.equal((await ctx.server.db.select().from(users).where(eq(users.accountId, t.account.id))).length, before);
    });
  });
}
