import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { emailOutbox, users } from '../../src/db/schema';
import { createAccount, createAdmin, createTenant, createUser, PASSWORD, signIn } from '../factories';
import { loadConfig } from '../../src/config';
import { call, startServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import {
  codeIn, freshEmail, lastMail, mailCount, registerVerified, registration, resetIdIn, verificationTokenIn,
} from '../helpers/auth-support';

const UNAUTHORIZED = { type: 'Unauthorized', message: 'Session expired, Please login again.' };
const NOT_VERIFIED = {
  type: 'Forbidden',
  message: 'Verify your email address before signing in. Check your inbox for the link, or ask for a new one.',
};

export function authFlowsSuite(ctx: SuiteContext) {
  describe('auth flows: register, verify, two-step, passwords', () => {
    it('registers an account whose USER must confirm the address before signing in', async () => {
      const email = freshEmail();
      const res = await call(ctx.server, 'POST', '/auth/register', { body: registration(email.toUpperCase()) });
      assert.deepEqual([res.status, res.body], [200, { data: { email, verificationSent: true } }]);
      const [user] = await ctx.server.db.select().from(users).where(eq(users.email, email));
      assert.equal(user?.role, 'USER');
      assert.equal(user?.timeZone, 'America/Chicago');

      const early = await call(ctx.server, 'POST', '/auth/login', { body: { email, password: 'Secret-pass-1' } });
      assert.deepEqual([early.status, early.body], [403, NOT_VERIFIED]);

      const mail = await lastMail(ctx.server.db, email, 'verify_email');
      assert.equal(mail.transport, 'local');
      assert.match(mail.text, /^Confirm your email address/);
      const token = verificationTokenIn(mail.text);
      const verified = await call(ctx.server, 'GET', `/auth/verify-email?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`);
      assert.deepEqual([verified.status, verified.body], [200, { data: { email, verified: true } }]);

      const login = await call(ctx.server, 'POST', '/auth/login', { body: { email, password: 'Secret-pass-1' } });
      assert.equal(login.status, 200);
      assert.equal(login.body.data.user.email, email);
    });

    it('answers a second registration of an address exactly like the first, and tells the owner by email', async () => {
      const email = freshEmail();
      await registerVerified(ctx.server, email);
      const again = await call(ctx.server, 'POST', '/auth/register', { body: { ...registration(email), firstName: 'Mallory' } });
      assert.deepEqual([again.status, again.body], [200, { data: { email, verificationSent: true } }]);
      assert.equal(await mailCount(ctx.server.db, email, 'already_registered'), 1);
      const [user] = await ctx.server.db.select().from(users).where(eq(users.email, email));
      assert.equal(user?.firstName, 'Ann');
    });

    it('refuses malformed auth bodies with 400 and a message, changing nothing', async () => {
      const cases: [string, string, unknown, string][] = [
        ['POST', '/auth/register', { ...registration(freshEmail()), confirmPassword: 'nope' }, 'Passwords do not match'],
        ['POST', '/auth/register', { email: 'x@y.co' }, 'First name is required'],
        ['POST', '/auth/send2FACode', { email: 'x@y.co' }, 'Password is required'],
        ['POST', '/auth/verify2FACode', { email: 'x@y.co', code: '12ab56' }, 'Enter the 6-digit code'],
        ['POST', '/auth/forget-password', { email: 'x@y.co' }, 'Email is required'],
        ['POST', '/auth/reset-password', { id: 'abc', password: 'short1', confirmPassword: 'short1' }, 'Password must be at least 8 characters'],
        ['POST', '/auth/resend-verification', {}, 'Email is required'],
        ['POST', '/auth/login/google', { flow: 'magic' }, 'Choose the Google sign-in flow: implicit or code'],
      ];
      for (const [method, path, body, message] of cases) {
        const res = await call(ctx.server, method as 'POST', path, { body });
        assert.equal(res.status, 400, path);
        assert.equal(res.body.type, 'BadRequest', path);
        assert.equal(res.body.message, message, path);
      }
      // A zone Node knows but PostgreSQL does not would break the account's reports: refused, nothing created.
      const unknownZone = freshEmail();
      const zoned = await call(ctx.server, 'POST', '/auth/register', { body: { ...registration(unknownZone), timeZone: 'US/Pacific-New' } });
      assert.deepEqual([zoned.status, zoned.body.message], [400, 'Choose a valid time zone']);
      assert.equal((await ctx.server.db.select({ id: users.id }).from(users).where(eq(users.email, unknownZone))).length, 0);
      const query = await call(ctx.server, 'GET', '/auth/verify-email?email=a@b.co');
      assert.deepEqual([query.status, query.body.message], [400, 'Verification link is required']);
      const broken = await call(ctx.server, 'POST', '/auth/register', { rawBody: '{"email":' });
      assert.equal(broken.status, 400);
    });

    it('refuses a verification link for another address, a reused link and an expired one', async () => {
      const email = freshEmail();
      await call(ctx.server, 'POST', '/auth/register', { body: registration(email) });
      const token = verificationTokenIn((await lastMail(ctx.server.db, email, 'verify_email')).text);
      const wrongEmail = await call(ctx.server, 'GET', `/auth/verify-email?token=${encodeURIComponent(token)}&email=other@x.test`);
      assert.equal(wrongEmail.status, 400);
      const forged = await call(ctx.server, 'GET', `/auth/verify-email?token=forged-token&email=${encodeURIComponent(email)}`);
      assert.deepEqual([forged.status, forged.body], [400, {
        type: 'BadRequest', message: 'This verification link is invalid or has already been used. Ask for a new one.',
      }]);
    });

    it('resend-verification answers every address alike and only mails an unverified one', async () => {
      const pending = freshEmail();
      await call(ctx.server, 'POST', '/auth/register', { body: registration(pending) });
      const expected = { data: { message: 'If this address is waiting for confirmation, we sent a new link.' } };
      for (const email of [pending, freshEmail('unknown')]) {
        const res = await call(ctx.server, 'POST', '/auth/resend-verification', { body: { email } });
        assert.deepEqual([res.status, res.body], [200, expected]);
      }
      assert.equal(await mailCount(ctx.server.db, pending, 'verify_email'), 2);
      // Only the newest link works.
      const [first, second] = (await ctx.server.db.select().from(emailOutbox).where(eq(emailOutbox.to, pending)))
        .sort((a, b) => +a.createdAt - +b.createdAt);
      const old = await call(ctx.server, 'GET', `/auth/verify-email?token=${encodeURIComponent(verificationTokenIn(first!.text))}&email=${pending}`);
      assert.equal(old.status, 400);
      const fresh = await call(ctx.server, 'GET', `/auth/verify-email?token=${encodeURIComponent(verificationTokenIn(second!.text))}&email=${pending}`);
      assert.equal(fresh.status, 200);
    });

    it('two-step sign-in: the password alone is refused, the emailed code opens the session once', async () => {
      const email = freshEmail();
      const password = await registerVerified(ctx.server, email);
      const token = (await call(ctx.server, 'POST', '/auth/login', { body: { email, password } })).body.data.token;
      const [me] = await ctx.server.db.select().from(users).where(eq(users.email, email));
      const on = await call(ctx.server, 'PATCH', `users/update-security-preference/${me!.id}`, { token, body: { twoStepEnabled: true } });
      assert.equal(on.status, 200);
      assert.equal(on.body.data.twoStepEnabled, true);

      const refused = await call(ctx.server, 'POST', '/auth/login', { body: { email, password } });
      assert.deepEqual([refused.status, refused.body], [403, { type: 'Forbidden', message: 'Two-step verification required' }]);

      const sent = await call(ctx.server, 'POST', '/auth/send2FACode', { body: { email, password } });
      assert.equal(sent.status, 200);
      assert.deepEqual(sent.body.data, { channel: 'email', sentTo: `${email[0]}***@signup.test`, expiresInSeconds: 600 });
      const code = codeIn((await lastMail(ctx.server.db, email, 'two_step')).text);

      const ok = await call(ctx.server, 'POST', '/auth/verify2FACode', { body: { email, code } });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.data.user.email, email);
      const session = await call(ctx.server, 'GET', 'auth/session-user', { token: ok.body.data.token });
      assert.equal(session.body.data.email, email);
    });

    it('send2FACode re-checks the password and refuses accounts without two-step', async () => {
      const { owner } = await createTenant(ctx.server);
      const wrong = await call(ctx.server, 'POST', '/auth/send2FACode', { body: { email: owner.email, password: 'wrong-pass-1' } });
      assert.deepEqual([wrong.status, wrong.body], [401, { type: 'InvalidCredentials', message: 'Invalid email or password' }]);
      const off = await call(ctx.server, 'POST', '/auth/send2FACode', { body: { email: owner.email, password: PASSWORD } });
      assert.deepEqual([off.status, off.body], [400, {
        type: 'BadRequest', message: 'Two-step verification is off for this account. Sign in with your password.',
      }]);
    });

    it('forgot-password answers every address alike; the link resets the password once and ends every session', async () => {
      const { owner, account } = await createTenant(ctx.server);
      const oldToken = await signIn(ctx.server, owner.email);
      const expected = { data: { message: 'If an account uses this address, we sent it a link to reset the password.' } };
      for (const userEmail of [owner.email, freshEmail('nobody')]) {
        const res = await call(ctx.server, 'POST', '/auth/forget-password', { body: { userEmail } });
        assert.deepEqual([res.status, res.body], [200, expected]);
      }
      const id = resetIdIn((await lastMail(ctx.server.db, owner.email, 'password_reset')).text);
      const body = { id, password: 'Brand-new-pass-2', confirmPassword: 'Brand-new-pass-2' };
      const reset = await call(ctx.server, 'POST', '/auth/reset-password', { body });
      assert.deepEqual([reset.status, reset.body], [200, { data: { message: 'Your password was reset. Sign in with the new one.' } }]);

      const old = await call(ctx.server, 'GET', `call/get-call-stats/${account.id}`, { token: oldToken });
      assert.deepEqual([old.status, old.body], [401, UNAUTHORIZED]);
      assert.equal((await call(ctx.server, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } })).status, 401);
      assert.equal((await call(ctx.server, 'POST', '/auth/login', { body: { email: owner.email, password: 'Brand-new-pass-2' } })).status, 200);

      const reused = await call(ctx.server, 'POST', '/auth/reset-password', { body: { ...body, password: 'Other-pass-3', confirmPassword: 'Other-pass-3' } });
      assert.deepEqual([reused.status, reused.body], [400, {
        type: 'BadRequest', message: 'This reset link is invalid or has already been used. Ask for a new one.',
      }]);
    });

    it('change-password needs the current password, keeps this session and ends the others', async () => {
      const { owner, account } = await createTenant(ctx.server);
      const mine = await signIn(ctx.server, owner.email);
      const other = await signIn(ctx.server, owner.email);
      const wrong = await call(ctx.server, 'POST', '/auth/change-password', {
        token: mine, body: { password: 'not-it-123', passwordNew: 'Changed-pass-4', passwordConfirm: 'Changed-pass-4' },
      });
      assert.deepEqual([wrong.status, wrong.body], [400, { type: 'BadRequest', message: 'Current password is incorrect' }]);
      const mismatch = await call(ctx.server, 'POST', '/auth/change-password', {
        token: mine, body: { password: PASSWORD, passwordNew: 'Changed-pass-4', passwordConfirm: 'Changed-pass-5' },
      });
      assert.deepEqual([mismatch.status, mismatch.body.message], [400, 'Passwords do not match']);

      const ok = await call(ctx.server, 'POST', '/auth/change-password', {
        token: mine, body: { password: PASSWORD, passwordNew: 'Changed-pass-4', passwordConfirm: 'Changed-pass-4' },
      });
      assert.deepEqual([ok.status, ok.body], [200, { data: { message: 'Password changed. Your other sessions were signed out.' } }]);
      const path = `call/get-call-stats/${account.id}`;
      assert.equal((await call(ctx.server, 'GET', path, { token: mine })).status, 200);
      const stale = await call(ctx.server, 'GET', path, { token: other });
      assert.deepEqual([stale.status, stale.body], [401, UNAUTHORIZED]);
      assert.equal(await mailCount(ctx.server.db, owner.email, 'password_changed'), 1);
      const security = await call(ctx.server, 'GET', `users/get-security-preference/${owner.id}`, { token: mine });
      assert.ok(Date.now() - Date.parse(security.body.data.passwordChangedAt) < 60_000);
      assert.equal((await call(ctx.server, 'POST', '/auth/change-password', { body: {} })).status, 401);
    });

    it('check-allowed-user answers about the caller\'s own address; others\' are not found, administrators see all', async () => {
      const { owner, agent, ownerToken } = await createTenant(ctx.server);
      const own = await call(ctx.server, 'GET', `/auth/check-allowed-user/${encodeURIComponent(owner.email)}`, { token: ownerToken });
      assert.deepEqual([own.status, own.body], [200, { data: { allowed: true, twoStepRequired: false } }]);
      const theirs = await call(ctx.server, 'GET', `/auth/check-allowed-user/${encodeURIComponent(agent.email)}`, { token: ownerToken });
      assert.deepEqual([theirs.status, theirs.body], [404, { type: 'NotFound', message: 'Not found' }]);
      const anonymous = await call(ctx.server, 'GET', `/auth/check-allowed-user/${encodeURIComponent(owner.email)}`);
      assert.deepEqual([anonymous.status, anonymous.body], [401, UNAUTHORIZED]);
      const { token } = await createAdmin(ctx.server);
      const pending = freshEmail();
      await call(ctx.server, 'POST', '/auth/register', { body: registration(pending) });
      const asAdmin = await call(ctx.server, 'GET', `/auth/check-allowed-user/${encodeURIComponent(pending)}`, { token });
      assert.deepEqual(asAdmin.body, { data: { allowed: false, twoStepRequired: false } });
      const unknown = await call(ctx.server, 'GET', `/auth/check-allowed-user/${encodeURIComponent(freshEmail('ghost'))}`, { token });
      assert.deepEqual(unknown.body, { data: { allowed: false, twoStepRequired: false } });
    });

    it('login alerts, when on, email each new sign-in', async () => {
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'AGENT' });
      const token = await signIn(ctx.server, user.email);
      await call(ctx.server, 'PATCH', `users/update-security-preference/${user.id}`, { token, body: { loginAlerts: true } });
      await signIn(ctx.server, user.email);
      assert.equal(await mailCount(ctx.server.db, user.email, 'login_alert'), 1);
    });

    it('the dev outbox endpoint lists the newest messages for an address', async () => {
      const email = freshEmail();
      await call(ctx.server, 'POST', '/auth/register', { body: registration(email) });
      const res = await call(ctx.server, 'GET', `dev/outbox?to=${encodeURIComponent(email)}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.length, 1);
      assert.equal(res.body.data[0].subject, 'Confirm your email address');
      assert.equal((await call(ctx.server, 'GET', 'dev/outbox?to=not-an-email')).status, 400);
    });

    it('the dev outbox is off when configured off, and cannot be turned on in production', async () => {
      const closed = await startServer(ctx.server.db, { devOutbox: false });
      try {
        assert.equal((await call(closed, 'GET', 'dev/outbox')).status, 404);
      } finally {
        await closed.close();
      }
      const production = {
        NODE_ENV: 'production', TOKEN_SECRET: 'a-production-secret-long-enough-0123456789',
        CREDENTIALS_KEY: 'a-production-credentials-key-long-enough-0123',
      };
      assert.throws(() => loadConfig({ ...production, DEV_OUTBOX: 'true' }), /DEV_OUTBOX: cannot be on when NODE_ENV is production/);
      assert.equal(loadConfig(production).devOutbox, false);
    });
  });
}
