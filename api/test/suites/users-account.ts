import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAdmin, createTenant } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const NOT_FOUND = { type: 'NotFound', message: 'Not found' };

export function usersAccountSuite(ctx: SuiteContext) {
  describe('users: profile and security preferences', () => {
    it('updates the caller\'s own profile and shows it in the session', async () => {
      const { agent, agentToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'PATCH', `users/update-current-user/${agent.id}`, {
        token: agentToken, body: { firstName: ' Dana ', lastName: 'Reyes', timeZone: 'America/Denver', phoneNumber: '(303) 555-0199' },
      });
      assert.equal(res.status, 200);
      assert.deepEqual(
        { firstName: res.body.data.user.firstName, lastName: res.body.data.user.lastName, timeZone: res.body.data.user.timeZone },
        { firstName: 'Dana', lastName: 'Reyes', timeZone: 'America/Denver' },
      );
      assert.equal(res.body.data.phoneNumber, '+13035550199');
      const me = await call(ctx.server, 'GET', `users/get-current-user/${agent.id}`, { token: agentToken });
      assert.equal(me.body.data.user.firstName, 'Dana');
      assert.equal(me.body.data.phoneNumber, '+13035550199');
      const cleared = await call(ctx.server, 'PATCH', `users/update-current-user/${agent.id}`, { token: agentToken, body: { phoneNumber: null } });
      assert.deepEqual([cleared.status, cleared.body.data.phoneNumber, cleared.body.data.user.firstName], [200, null, 'Dana']);
      const session = await call(ctx.server, 'GET', 'auth/session-user', { token: agentToken });
      assert.equal(session.body.data.timeZone, 'America/Denver');
    });

    it('refuses cross-user updates: same account, another account, and an administrator for someone else', async () => {
      const { owner, agent, agentToken } = await createTenant(ctx.server);
      const stranger = await createTenant(ctx.server);
      const admin = await createAdmin(ctx.server);
      const attempts = [
        [agentToken, `users/update-current-user/${owner.id}`, { firstName: 'Hacked' }],
        [stranger.ownerToken, `users/update-current-user/${agent.id}`, { firstName: 'Hacked' }],
        [admin.token, `users/update-current-user/${agent.id}`, { firstName: 'Hacked' }],
        [agentToken, `users/update-security-preference/${owner.id}`, { twoStepEnabled: true }],
        [admin.token, `users/update-security-preference/${owner.id}`, { twoStepEnabled: false }],
      ] as const;
      for (const [token, path, body] of attempts) {
        const res = await call(ctx.server, 'PATCH', path, { token, body });
        assert.deepEqual([res.status, res.body], [404, NOT_FOUND], path);
      }
      const read = await call(ctx.server, 'GET', `users/get-security-preference/${owner.id}`, { token: agentToken });
      assert.deepEqual([read.status, read.body], [404, NOT_FOUND]);
      const ownerView = await call(ctx.server, 'GET', `users/get-current-user/${owner.id}`, { token: stranger.ownerToken });
      assert.deepEqual([ownerView.status, ownerView.body], [404, NOT_FOUND]);
      const unchanged = await call(ctx.server, 'GET', `users/get-current-user/${owner.id}`, { token: admin.token });
      assert.equal(unchanged.body.data.user.firstName, owner.firstName);
      const noToken = await call(ctx.server, 'PATCH', `users/update-current-user/${owner.id}`, { body: { firstName: 'X' } });
      assert.equal(noToken.status, 401);
    });

    it('validates profile updates', async () => {
      const { owner, ownerToken } = await createTenant(ctx.server);
      const cases: [unknown, string][] = [
        [{}, 'Change at least one field'],
        [{ role: 'ADMINISTRATOR' }, 'Change at least one field'],
        [{ firstName: '<script>x</script>' }, 'First name: HTML tags are not allowed'],
        [{ timeZone: 'Mars/Base' }, 'Choose a valid time zone'],
        [{ phoneNumber: '+44 20 7946 0958' }, 'Phone number must be a US number: +1 followed by ten digits'],
      ];
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'PATCH', `users/update-current-user/${owner.id}`, { token: ownerToken, body });
        assert.deepEqual([res.status, res.body.message], [400, message]);
      }
      const bad = await call(ctx.server, 'PATCH', 'users/update-current-user/not-a-uuid', { token: ownerToken, body: { firstName: 'A' } });
      assert.equal(bad.status, 400);
    });

    it('reads defaults, saves changes, refuses SMS codes and out-of-range timeouts', async () => {
      const { agent, agentToken } = await createTenant(ctx.server);
      const path = `users/get-security-preference/${agent.id}`;
      const defaults = await call(ctx.server, 'GET', path, { token: agentToken });
      assert.deepEqual(defaults.body, { data: {
        twoStepEnabled: false, twoStepChannel: 'email', loginAlerts: false, sessionTimeoutMinutes: 720, passwordChangedAt: null,
      } });
      const update = `users/update-security-preference/${agent.id}`;
      const saved = await call(ctx.server, 'PATCH', update, { token: agentToken, body: { loginAlerts: true, sessionTimeoutMinutes: 60 } });
      assert.equal(saved.status, 200);
      assert.equal(saved.body.data.sessionTimeoutMinutes, 60);
      assert.equal((await call(ctx.server, 'GET', path, { token: agentToken })).body.data.loginAlerts, true);
      const sms = await call(ctx.server, 'PATCH', update, { token: agentToken, body: { twoStepChannel: 'sms' } });
      assert.deepEqual([sms.status, sms.body], [400, { type: 'BadRequest', message: 'Codes by SMS are not available yet. Choose email.' }]);
      const low = await call(ctx.server, 'PATCH', update, { token: agentToken, body: { sessionTimeoutMinutes: 5 } });
      assert.deepEqual([low.status, low.body.message], [400, 'Session timeout must be at least 15 minutes']);
    });
  });
}
