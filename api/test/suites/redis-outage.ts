import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { SESSION_EXPIRED_TEXT, type ServerMessage } from 'shared-contracts';
import { DEFAULT_AUTH_RATE_LIMITS } from '../../src/config';
import { REJOIN_GRACE_MS } from '../../src/modules/auth/session-cache';
import { createTenant, createUser, createAccount, PASSWORD, signIn } from '../factories';
import { ownRedisSkipReason, startOwnRedis, type OwnRedis } from 'own-services';
import { call, startServer, type TestServer } from '../helpers/server';
import { openSocket, statusWithoutSince, type TestSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** The next message of a type, skipping others (presence updates and the like). */
async function nextOfType(socket: TestSocket, type: ServerMessage['type'], timeoutMs = 3_000): Promise<ServerMessage> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const message = await socket.next(Math.max(1, end - Date.now()));
    if (message.type === type) return message;
  }
}

async function joined(server: TestServer, accountId: string, token: string): Promise<TestSocket> {
  const socket = openSocket(server, { accountId, token });
  assert.equal((await socket.next()).type, 'INITIAL_STATUS');
  return socket;
}

/**
 * The status a token gets once a revocation has had the few milliseconds it takes to cross Redis
 * (a busy machine may deschedule Redis between its answer to the publisher and its message to
 * the subscriber). Without the revocation heard, the answer stays 200 for the cache's 60 s.
 */
const statusSoon = async (server: TestServer, path: string, token: string) =>
  (await waitFor(() => call(server, 'GET', path, { token }), (r) => r.status === 401, 250)).status;

const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
  const started = Date.now();
  const result = await work;
  return [result, Date.now() - started];
};

const login = (server: TestServer, email: string, password: string) =>
  call(server, 'POST', 'auth/login', { body: { email, password } });

/**
 * Two API instances on one Redis of the test's own, which the tests stop and start again: the
 * tests run in order and share the outage.
 */
export function redisOutageSuite(ctx: SuiteContext) {
  describe('Redis outage', () => {
    const skip = ownRedisSkipReason();
    let redis: OwnRedis;
    let one: TestServer;
    let two: TestServer;
    const keyPrefix = `outage-${randomUUID()}`;
    /** A socket on two whose session one ends while Redis is away: two hears of it only when Redis is back. */
    let revokedSocket: TestSocket | undefined;
    before(async () => {
      if (skip) return;
      redis = await startOwnRedis();
      const authRateLimits = { ...DEFAULT_AUTH_RATE_LIMITS, failuresPerAccount: 3, keyPrefix };
      const start = () => startServer(ctx.server.db, { redisUrl: redis.url, authRateLimits });
      [one, two] = await Promise.all([start(), start()]);
      // Until then no instance answers from its session cache, and the logout tests would pass without Redis.
      await sleep(REJOIN_GRACE_MS);
    });
    after(async () => {
      if (skip) return;
      await Promise.all([one?.close(), two?.close()]);
      await redis?.destroy();
    });

    /** A token that instance two has just accepted (and so remembers). */
    async function acceptedOnTwo() {
      const { owner, account } = await createTenant(ctx.server);
      const token = await signIn(one, owner.email);
      const path = `call/get-call-stats/${account.id}`;
      assert.equal((await call(two, 'GET', path, { token })).status, 200);
      return { token, path, accountId: account.id };
    }

    it('with Redis up, a logout on one instance is refused on the other at once', { skip }, async () => {
      const { token, path } = await acceptedOnTwo();
      assert.equal((await call(one, 'POST', 'auth/logout', { token })).status, 200);
      assert.equal(await statusSoon(two, path, token), 401);
    });

    it('with Redis frozen (connections open, nothing answered), sign-in answers and a logout is refused on the other instance within seconds', { skip }, async (t) => {
      const remembered = await acceptedOnTwo();
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      redis.pause();
      try {
        const [signedIn, signInMs] = await timed(login(two, user.email, PASSWORD));
        assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
        const [out, logoutMs] = await timed(call(one, 'POST', 'auth/logout', { token: remembered.token }));
        assert.equal(out.status, 200);
        const refused = await timed(waitFor(() => call(two, 'GET', remembered.path, { token: remembered.token }), (r) => r.status === 401, 4_000));
        assert.equal(refused[0].status, 401);
        t.diagnostic(`with Redis frozen: sign-in in ${signInMs} ms, logout in ${logoutMs} ms, refused on the other instance ${refused[1]} ms later`);
        assert.ok(signInMs < 2_500 && logoutMs < 2_500, `sign-in ${signInMs} ms, logout ${logoutMs} ms`);
      } finally {
        redis.resume();
      }
      for (const server of [one, two]) await waitFor(() => call(server, 'GET', 'ready'), (r) => r.status === 200, 10_000);
      await sleep(REJOIN_GRACE_MS);
    });

    it('with Redis stopped, sign-in, its limits and logout work on every instance, and readiness names Redis', { skip }, async (t) => {
      const remembered = await acceptedOnTwo();
      const account = await createAccount(ctx.server.db);
      const user = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      const limited = await createUser(ctx.server.db, { accountId: account.id, role: 'USER' });
      await redis.stop();

      // Instance two cannot hear the logout, so it must not answer from what it remembers.
      revokedSocket = await joined(two, remembered.accountId, remembered.token);
      assert.equal((await call(one, 'POST', 'auth/logout', { token: remembered.token })).status, 200);
      assert.equal(await statusSoon(two, remembered.path, remembered.token), 401);

      for (const server of [one, two]) {
        const ready = await call(server, 'GET', 'ready');
        assert.equal(ready.status, 503);
        assert.ok(ready.body.data.problems.some((p: string) => p.startsWith('redis: ')), JSON.stringify(ready.body));
      }

      const started = Date.now();
      const signedIn = await login(one, user.email, PASSWORD);
      const took = Date.now() - started;
      t.diagnostic(`sign-in with Redis stopped answered ${signedIn.status} in ${took} ms`);
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      assert.ok(took < 2_000, `sign-in took ${took} ms`);
      assert.equal((await login(two, user.email, 'Wrong-pass-1')).status, 401);

      // The limit still holds, counted together by both instances (in the database meanwhile).
      assert.equal((await login(one, limited.email, 'Wrong-pass-1')).status, 401);
      assert.equal((await login(two, limited.email, 'Wrong-pass-1')).status, 401);
      assert.equal((await login(one, limited.email, 'Wrong-pass-1')).status, 401);
      assert.equal((await login(two, limited.email, PASSWORD)).status, 429);

      const token = signedIn.body.data.token as string;
      assert.equal((await call(two, 'POST', 'auth/logout', { token })).status, 200);
      assert.equal((await call(one, 'POST', 'auth/logout', { token })).status, 401);
    });

    it('with Redis stopped, an SMS send answers 200 and its broadcast reaches the sockets of the same instance', { skip }, async () => {
      const a = await createTenant(ctx.server);
      const socket = await joined(one, a.account.id, a.agentToken);
      const sent = await call(one, 'POST', 'conversation/send-sms', {
        token: a.agentToken, body: { toNumber: '+15555550199', content: 'Sent while Redis is away', agentNo: a.agent.agentNumber, idempotencyKey: randomUUID() },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const pushed = await nextOfType(socket, 'RECEIVE_SMS');
      assert.deepEqual((pushed as { payload: unknown }).payload, sent.body.data);

      socket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' });
      assert.deepEqual(statusWithoutSince(await nextOfType(socket, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'available', busyFrom: null, awayReason: null });
      socket.close();
    });

    it('when Redis returns, readiness, realtime and logout across instances and counting in Redis resume without a restart, and sockets revoked meanwhile close', { skip }, async (t) => {
      const a = await createTenant(ctx.server);
      // Sockets opened during the outage stay open through its end.
      const onOne = await joined(one, a.account.id, a.agentToken);
      const onTwo = await joined(two, a.account.id, a.ownerToken);

      const restarted = Date.now();
      await redis.start();
      for (const server of [one, two]) {
        assert.equal((await waitFor(() => call(server, 'GET', 'ready'), (r) => r.status === 200, 10_000)).status, 200);
      }
      const readyAfter = Date.now() - restarted;
      assert.deepEqual(await Promise.race([revokedSocket!.closed, sleep(5_000)]), { code: 4401, reason: SESSION_EXPIRED_TEXT });

      // A status set on one reaches the socket on two once both hear the channel again.
      let heard: ServerMessage | undefined;
      while (heard === undefined && Date.now() - restarted < 15_000) {
        onOne.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'busy' });
        heard = await nextOfType(onTwo, 'STATUS_UPDATED', 300).catch(() => undefined);
      }
      const realtimeAfter = Date.now() - restarted;
      t.diagnostic(`after Redis restarted: ready in ${readyAfter} ms, realtime across instances in ${realtimeAfter} ms`);
      assert.equal(heard?.type, 'STATUS_UPDATED', 'a status set on one never reached the socket on two');
      onOne.close();
      onTwo.close();

      await sleep(restarted + REJOIN_GRACE_MS - Date.now());
      const { token, path } = await acceptedOnTwo();
      assert.equal((await call(one, 'POST', 'auth/logout', { token })).status, 200);
      assert.equal(await statusSoon(two, path, token), 401);

      const counted = await createUser(ctx.server.db, { accountId: a.account.id, role: 'USER' });
      assert.equal((await login(one, counted.email, 'Wrong-pass-1')).status, 401);
      const probe = new Redis(redis.url);
      try {
        assert.equal(await probe.exists(`${keyPrefix}:login:account:${counted.email}`), 1);
      } finally {
        probe.disconnect();
      }
    });
  });
}
