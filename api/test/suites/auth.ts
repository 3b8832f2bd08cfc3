import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../src/db/schema';
import { createAccount, createTenant, createUser, PASSWORD, signIn } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const UNAUTHORIZED = { type: 'Unauthorized', message: 'Session expired, Please login again.' };
const INVALID_CREDENTIALS = { type: 'InvalidCredentials', message: 'Invalid email or password' };

export function authSuite(ctx: SuiteContext) {
  describe('auth', () => {
    it('logs in with email and password, whatever the email\'s case', async () => {
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      const res = await call(ctx.server, 'POST', '/auth/login', { body: { email: user.email.toUpperCase(), password: PASSWORD } });
      assert.equal(res.status, 200);
      assert.equal(typeof res.body.data.token, 'string');
      assert.deepEqual(res.body.data.user, {
        id: user.id, accountId: account.id, email: user.email, role: 'USER',
        firstName: user.firstName, lastName: user.lastName, agentNumber: null, timeZone: user.timeZone,
      });
      const claims = decodeJwt(res.body.data.token);
      assert.equal(claims.sub, user.id);
      assert.equal(typeof claims.sid, 'string');
      assert.ok(claims.exp! > Date.now() / 1000);
    });

    it('refuses a wrong password and an unknown email with the same answer', async () => {
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      const wrong = await call(ctx.server, 'POST', '/auth/login', { body: { email: user.email, password: 'not-the-password' } });
      const unknown = await call(ctx.server, 'POST', '/auth/login', { body: { email: 'nobody-here@factory.test', password: PASSWORD } });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.body, INVALID_CREDENTIALS);
      assert.equal(unknown.status, 401);
      assert.deepEqual(unknown.body, INVALID_CREDENTIALS);
    });

    it('answers a malformed body with 400 and every problem', async () => {
      const res = await call(ctx.server, 'POST', '/auth/login', { body: { email: 'not-an-email', password: '' } });
      assert.equal(res.status, 400);
      assert.equal(res.body.type, 'BadRequest');
      assert.equal(res.body.message, 'Enter a valid email address');
      assert.deepEqual(res.body.errors, ['Enter a valid email address', 'Password is required']);
      const empty = await call(ctx.server, 'POST', '/auth/login');
      assert.equal(empty.status, 400);
      assert.deepEqual(empty.body.errors, ['Email is required', 'Password is required']);
      const broken = await call(ctx.server, 'POST', '/auth/login', { rawBody: '{"email":' });
      assert.equal(broken.status, 400);
      assert.equal(broken.body.type, 'BadRequest');
    });

    it('session-user is null without a token or with a bad one, and the user with a good one', async () => {
      const none = await call(ctx.server, 'GET', 'auth/session-user');
      assert.deepEqual([none.status, none.body], [200, { data: null }]);
      const bad = await call(ctx.server, 'GET', 'auth/session-user', { token: 'not.a.token' });
      assert.deepEqual([bad.status, bad.body], [200, { data: null }]);
      const { agent, agentToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'GET', 'auth/session-user', { token: agentToken });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.id, agent.id);
      assert.equal(res.body.data.agentNumber, agent.agentNumber);
      assert.equal(res.body.data.sessionId, undefined);
      assert.equal(res.body.data.passwordHash, undefined);
    });

    it('answers a missing or forged token with 401 Unauthorized', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const missing = await call(ctx.server, 'GET', `call/get-call-stats/${account.id}`);
      assert.deepEqual([missing.status, missing.body], [401, UNAUTHORIZED]);
      const [header, payload] = ownerToken.split('.');
      const forged = await call(ctx.server, 'GET', `call/get-call-stats/${account.id}`, { token: `${header}.${payload}.AAAA` });
      assert.deepEqual([forged.status, forged.body], [401, UNAUTHORIZED]);
    });

    it('refuses a revoked session and an expired one', async () => {
      const { owner, account } = await createTenant(ctx.server);
      const token = await signIn(ctx.server, owner.email);
      const path = `call/get-call-stats/${account.id}`;
      assert.equal((await call(ctx.server, 'GET', path, { token })).status, 200);
      await ctx.server.app.auth.revokeSession(decodeJwt(token).sid as string);
      const revoked = await call(ctx.server, 'GET', path, { token });
      assert.deepEqual([revoked.status, revoked.body], [401, UNAUTHORIZED]);
      const session = await call(ctx.server, 'GET', 'auth/session-user', { token });
      assert.deepEqual(session.body, { data: null });

      const other = await signIn(ctx.server, owner.email);
      await ctx.server.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.id, decodeJwt(other).sid as string));
      assert.equal((await call(ctx.server, 'GET', path, { token: other })).status, 401);
    });

    it('logout ends that session only: the token is refused afterwards, other sessions go on', async () => {
      const { owner, account } = await createTenant(ctx.server);
      const token = await signIn(ctx.server, owner.email);
      const other = await signIn(ctx.server, owner.email);
      const out = await call(ctx.server, 'POST', 'auth/logout', { token });
      assert.deepEqual([out.status, out.body], [200, { data: { message: 'Signed out' } }]);
      const path = `call/get-call-stats/${account.id}`;
      const after = await call(ctx.server, 'GET', path, { token });
      assert.deepEqual([after.status, after.body], [401, UNAUTHORIZED]);
      assert.equal((await call(ctx.server, 'GET', path, { token: other })).status, 200);
      assert.equal((await call(ctx.server, 'POST', 'auth/logout', {})).status, 401);
    });

    it('refuses a role the endpoint does not allow with 403', async () => {
      const { account, agentToken, ownerToken } = await createTenant(ctx.server);
      const forbidden = { type: 'Forbidden', message: 'You do not have access to this resource' };
      const asAgent = await call(ctx.server, 'GET', `call/get-call-stats/${account.id}`, { token: agentToken });
      assert.deepEqual([asAgent.status, asAgent.body], [403, forbidden]);
      const asUser = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: ownerToken, body: {} });
      assert.deepEqual([asUser.status, asUser.body], [403, forbidden]);
    });

    it('returns the caller\'s own record from get-current-user', async () => {
      const { agent, agentToken } = await createTenant(ctx.server);
      const res = await call(ctx.server, 'GET', `users/get-current-user/${agent.id}`, { token: agentToken });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.user.id, agent.id);
      assert.equal(res.body.data.user.role, 'AGENT');
    });
  });
}
