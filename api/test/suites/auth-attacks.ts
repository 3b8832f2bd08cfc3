import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { sessions, users } from '../../src/db/schema';
import { databaseCounters, redisCounters, type AttemptCounters } from '../../src/modules/rate-limit/attempt-counters';
import { createTenant, missingId, PASSWORD, signIn } from '../factories';
import { redisSkipReason, TEST_REDIS_URL } from '../helpers/redis';
import { call, startServer, TEST_CONFIG, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { codeIn, expireCodes, freshEmail, lastMail, registerVerified, resetIdIn } from '../helpers/auth-support';

const LIMITED = { type: 'TooManyRequests', message: 'Too many attempts. Try again in 15 minutes.' };
const INVALID = { type: 'InvalidCredentials', message: 'Invalid email or password' };
const WRONG_CODE = { type: 'InvalidCredentials', message: 'The code is incorrect' };

/** A user with two-step on; returns what signing in needs. */
async function twoStepUser(server: TestServer) {
  const email = freshEmail('2fa');
  const password = await registerVerified(server, email);
  const token = (await call(server, 'POST', '/auth/login', { body: { email, password } })).body.data.token;
  const [user] = await server.db.select().from(users).where(eq(users.email, email));
  await call(server, 'PATCH', `users/update-security-preference/${user!.id}`, { token, body: { twoStepEnabled: true } });
  const sendCode = async () => {
    const res = await call(server, 'POST', '/auth/send2FACode', { body: { email, password } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return codeIn((await lastMail(server.db, email, 'two_step')).text);
  };
  return { email, password, user: user!, sendCode };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function authAttacksSuite(ctx: SuiteContext) {
  describe('auth attacks', () => {
    // Low limits so a test reaches them in a few requests; the shared server keeps the defaults.
    let server: TestServer;
    before(async () => {
      server = await startServer(ctx.server.db, {
        authRateLimits: { windowSeconds: 900, failuresPerAccount: 5, failuresPerIp: 12, emailsPerAddress: 3, emailsPerIp: 1000 },
      });
    });
    after(() => server.close());

    it('brute force: after 5 wrong passwords the account answers 429, even to the right password', async () => {
      const { owner } = await createTenant(server);
      for (let i = 0; i < 5; i += 1) {
        const res = await call(server, 'POST', '/auth/login', { body: { email: owner.email, password: `guess-${i}` } });
        assert.deepEqual([res.status, res.body], [401, INVALID]);
      }
      const blocked = await call(server, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } });
      assert.deepEqual([blocked.status, blocked.body], [429, LIMITED]);
      // Another account from elsewhere is untouched by this account's counter (the per-IP one still has room).
      const { agent } = await createTenant(server);
      assert.equal((await call(server, 'POST', '/auth/login', { body: { email: agent.email, password: PASSWORD } })).status, 200);
    });

    it('guesses sent all at once are counted before any is checked: no more than the limit are tried, the right password among them', async () => {
      const { owner } = await createTenant(server);
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
        call(server, 'POST', '/auth/login', { body: { email: owner.email, password: i === 39 ? PASSWORD : `guess-${i}` } })));
      const statuses = answers.map((res) => res.status);
      // Which ones are checked depends on arrival; that at most five wrong ones are, does not (a right
      // one checked first gives its attempt back).
      assert.equal(statuses.filter((status) => status === 401).length, 5, statuses.join(','));
      assert.ok(statuses.filter((status) => status === 200).length <= 1);
      assert.deepEqual(answers.find((res) => res.status === 429)?.body, LIMITED);
      const after = await call(server, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } });
      assert.equal(after.status, 429, 'the right password is refused once the guesses have used the limit up');
    });

    it('counts guesses sent at once through Redis as well: several instances share one count', async (t) => {
      const skip = await redisSkipReason();
      if (skip) return t.skip(skip);
      const keyPrefix = `auth-limit-${missingId()}`;
      const limits = { windowSeconds: 900, failuresPerAccount: 5, failuresPerIp: 1000, emailsPerAddress: 3, emailsPerIp: 1000, keyPrefix };
      const instances = await Promise.all([0, 1].map(() => startServer(ctx.server.db, { redisUrl: TEST_REDIS_URL, authRateLimits: limits })));
      try {
        const { owner } = await createTenant(server);
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
          call(instances[i % 2]!, 'POST', '/auth/login', { body: { email: owner.email, password: i === 19 ? PASSWORD : `guess-${i}` } })));
        const statuses = answers.map((res) => res.status);
        assert.equal(statuses.filter((status) => status === 401).length, 5, statuses.join(','));
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });

    it('attempts counted at once against an account and an address: exactly as many go on as both limits allow', async (t) => {
      const redisSkip = await redisSkipReason();
      const redis = redisSkip ? null : new Redis(TEST_REDIS_URL);
      const stores: Array<[string, AttemptCounters]> = [['database', databaseCounters(server.db)], ...(redis ? [['redis', redisCounters(redis)] as [string, AttemptCounters]] : [])];
      try {
        for (const [name, counters] of stores) {
          const prefix = `counters-${name}-${missingId()}`;
          const ip = { key: `${prefix}:ip`, limit: 12 };
          // The address has already failed five times on other accounts: seven tries are left to it.
          for (let i = 0; i < 5; i += 1) assert.equal(await counters.take([{ key: `${prefix}:other-${i}`, limit: 5 }, ip], 900), null);
          const account = { key: `${prefix}:account`, limit: 5 };
          const answers = await Promise.all(Array.from({ length: 60 }, () => counters.take([account, ip], 900)));
          assert.equal(answers.filter((answer) => answer === null).length, 5, `${name}: the account's five, none refused by another's overflow`);
          assert.ok(answers.every((answer) => answer === null || (answer > 0 && answer <= 900)), `${name}: refusals name the wait`);
          // The refused ones left no trace: the address still has two tries.
          const more = await Promise.all(Array.from({ length: 4 }, (_, i) => counters.take([{ key: `${prefix}:late-${i}`, limit: 5 }, ip], 900)));
          assert.equal(more.filter((answer) => answer === null).length, 2, name);
        }
        if (redisSkip) t.diagnostic(`redis counters not run: ${redisSkip}`);
      } finally {
        await redis?.quit();
      }
    });

    it('a right password gives its attempt back: signing in again and again never locks the account', async () => {
      const { owner } = await createTenant(server);
      for (let i = 0; i < 8; i += 1) {
        assert.equal((await call(server, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } })).status, 200);
      }
    });

    it('password spraying: one IP failing across many accounts is stopped by the per-IP limit', async () => {
      const ipServer = await startServer(ctx.server.db, {
        authRateLimits: { ...TEST_CONFIG.authRateLimits, failuresPerAccount: 100, failuresPerIp: 3 },
      });
      try {
        for (let i = 0; i < 3; i += 1) {
          const res = await call(ipServer, 'POST', '/auth/login', { body: { email: freshEmail('spray'), password: 'Password1' } });
          assert.equal(res.status, 401);
        }
        const { owner } = await createTenant(ctx.server);
        const blocked = await call(ipServer, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } });
        assert.deepEqual([blocked.status, blocked.body], [429, LIMITED]);
      } finally {
        await ipServer.close();
      }
    });

    it('a two-step code works once: reusing it is refused', async () => {
      const { email, sendCode } = await twoStepUser(server);
      const code = await sendCode();
      assert.equal((await call(server, 'POST', '/auth/verify2FACode', { body: { email, code } })).status, 200);
      const reused = await call(server, 'POST', '/auth/verify2FACode', { body: { email, code } });
      assert.deepEqual([reused.status, reused.body], [401, WRONG_CODE]);
    });

    it('an expired two-step code is refused, and so is an older code replaced by a newer one', async () => {
      const { email, user, sendCode } = await twoStepUser(server);
      const first = await sendCode();
      const second = await sendCode();
      if (first !== second) {
        const replaced = await call(server, 'POST', '/auth/verify2FACode', { body: { email, code: first } });
        assert.deepEqual([replaced.status, replaced.body], [401, WRONG_CODE]);
      }
      await expireCodes(server.db, user.id);
      const expired = await call(server, 'POST', '/auth/verify2FACode', { body: { email, code: second } });
      assert.deepEqual([expired.status, expired.body], [400, { type: 'BadRequest', message: 'This code has expired. Ask for a new one.' }]);
    });

    it('guessing a two-step code: the 5th wrong guess kills the code, then the account is rate-limited', async () => {
      const { email, sendCode } = await twoStepUser(server);
      const code = await sendCode();
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await call(server, 'POST', '/auth/verify2FACode', { body: { email, code: otherCode(code) } });
        answers.push([res.status, res.body.message]);
      }
      assert.deepEqual(answers.slice(0, 4), Array(4).fill([401, 'The code is incorrect']));
      assert.deepEqual(answers[4], [400, 'Too many wrong codes. Ask for a new one.']);
      const right = await call(server, 'POST', '/auth/verify2FACode', { body: { email, code } });
      assert.deepEqual([right.status, right.body], [429, LIMITED]);
    });

    it('a two-step code for an unknown address gets the same answer as a wrong code', async () => {
      const res = await call(server, 'POST', '/auth/verify2FACode', { body: { email: freshEmail('ghost'), code: '123456' } });
      assert.deepEqual([res.status, res.body], [401, WRONG_CODE]);
    });

    it('reset requests are limited per address, known or not, with the same 429', async () => {
      const { owner } = await createTenant(server);
      for (const userEmail of [owner.email, freshEmail('nobody')]) {
        for (let i = 0; i < 3; i += 1) assert.equal((await call(server, 'POST', '/auth/forget-password', { body: { userEmail } })).status, 200);
        const blocked = await call(server, 'POST', '/auth/forget-password', { body: { userEmail } });
        assert.deepEqual([blocked.status, blocked.body], [429, LIMITED]);
      }
    });

    it('an expired reset link is refused and leaves the password as it was', async () => {
      const { owner } = await createTenant(server);
      await call(server, 'POST', '/auth/forget-password', { body: { userEmail: owner.email } });
      const id = resetIdIn((await lastMail(server.db, owner.email, 'password_reset')).text);
      await expireCodes(server.db, owner.id);
      const res = await call(server, 'POST', '/auth/reset-password', { body: { id, password: 'Never-set-9', confirmPassword: 'Never-set-9' } });
      assert.deepEqual([res.status, res.body], [400, { type: 'BadRequest', message: 'This reset link has expired. Ask for a new one.' }]);
      assert.equal((await call(server, 'POST', '/auth/login', { body: { email: owner.email, password: PASSWORD } })).status, 200);
    });

    it('guessing reset links is stopped per IP', async () => {
      const linkServer = await startServer(ctx.server.db, {
        authRateLimits: { ...TEST_CONFIG.authRateLimits, failuresPerIp: 2 },
      });
      try {
        const body = (id: string) => ({ id, password: 'Guess-pass-1', confirmPassword: 'Guess-pass-1' });
        assert.equal((await call(linkServer, 'POST', '/auth/reset-password', { body: body('guess-a') })).status, 400);
        assert.equal((await call(linkServer, 'POST', '/auth/reset-password', { body: body('guess-b') })).status, 400);
        const blocked = await call(linkServer, 'POST', '/auth/reset-password', { body: body('guess-c') });
        assert.deepEqual([blocked.status, blocked.body], [429, LIMITED]);
      } finally {
        await linkServer.close();
      }
    });

    it('a token used after logout or after a password change is refused with Unauthorized', async () => {
      const { owner, account } = await createTenant(server);
      const path = `call/get-call-stats/${account.id}`;
      const loggedOut = await signIn(server, owner.email);
      await call(server, 'POST', 'auth/logout', { token: loggedOut });
      const afterLogout = await call(server, 'GET', path, { token: loggedOut });
      assert.deepEqual([afterLogout.status, afterLogout.body], [401, { type: 'Unauthorized', message: 'Session expired, Please login again.' }]);

      const stolen = await signIn(server, owner.email);
      const mine = await signIn(server, owner.email);
      await call(server, 'POST', '/auth/change-password', {
        token: mine, body: { password: PASSWORD, passwordNew: 'Rotated-pass-7', passwordConfirm: 'Rotated-pass-7' },
      });
      const afterChange = await call(server, 'GET', path, { token: stolen });
      assert.deepEqual([afterChange.status, afterChange.body], [401, { type: 'Unauthorized', message: 'Session expired, Please login again.' }]);
      const socketless = await call(server, 'GET', 'auth/session-user', { token: stolen });
      assert.deepEqual(socketless.body, { data: null });
    });

    it('guessing the current password on change-password is limited too', async () => {
      const { owner } = await createTenant(server);
      const token = await signIn(server, owner.email);
      for (let i = 0; i < 5; i += 1) {
        const res = await call(server, 'POST', '/auth/change-password', {
          token, body: { password: `guess-${i}-x`, passwordNew: 'Rotated-pass-7', passwordConfirm: 'Rotated-pass-7' },
        });
        assert.equal(res.status, 400);
      }
      const blocked = await call(server, 'POST', '/auth/change-password', {
        token, body: { password: PASSWORD, passwordNew: 'Rotated-pass-7', passwordConfirm: 'Rotated-pass-7' },
      });
      assert.deepEqual([blocked.status, blocked.body], [429, LIMITED]);
    });

    it('a session idle past the user\'s timeout stops working', async () => {
      const { owner, account } = await createTenant(server);
      const token = await signIn(server, owner.email);
      await call(server, 'PATCH', `users/update-security-preference/${owner.id}`, { token, body: { sessionTimeoutMinutes: 15 } });
      await server.db.update(sessions).set({ lastSeenAt: sql`now() - interval '16 minutes'` }).where(eq(sessions.userId, owner.id));
      const res = await call(server, 'GET', `call/get-call-stats/${account.id}`, { token });
      assert.equal(res.status, 401);
    });
  });
}
