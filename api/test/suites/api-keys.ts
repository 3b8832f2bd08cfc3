import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import {
  API_KEY_EXPIRED_TEXT, API_KEY_NOT_ALLOWED_TEXT, API_KEY_REVOKED_TEXT, INVALID_API_KEY_TEXT, SESSION_EXPIRED_TEXT, contract,
} from 'shared-contracts';
import { apiKeys } from '../../src/db/schema';
import { createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { TEST_REDIS_URL, redisSkipReason } from '../helpers/redis';
import { call, startServer, TEST_CONFIG, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function createKey(server: TestServer, t: Tenant, name = 'CRM sync'): Promise<{ id: string; secret: string }> {
  const created = await call(server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { id: created.body.data.apiKey.id, secret: created.body.data.secret };
}

/** A request as an integrator's script sends it, answering the headers too. */
async function send(server: TestServer, path: string, token: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.origin}/v1/${path}`, {
    method: 'POST', body: '{}',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.status, body: (await response.json()) as { type: string; message: string }, headers: response.headers };
}

/** `"default";r=<remaining>;t=<seconds>` read back into numbers. */
function rateOf(header: string | null): { remaining: number; reset: number } {
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(header ?? '');
  assert.ok(match, `RateLimit: ${header}`);
  return { remaining: Number(match[1]), reset: Number(match[2]) };
}

export function apiKeysSuite(ctx: SuiteContext) {
  describe('API keys', () => {
    it('shows the secret once, keeps only its hash, lists keys without it, and revokes', async () => {
      const t = await createTenant(ctx.server);
      const created = await call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'CRM sync', expiresInDays: 30 } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.apiKey.create, created.body);
      const { apiKey, secret } = created.body.data;
      assert.match(secret, /^ak_live_[A-Za-z0-9_-]{43}$/);
      assert.ok(secret.startsWith(apiKey.prefix));
      assert.ok(Math.abs(Date.parse(apiKey.expiresAt) - Date.now() - 30 * 86_400_000) < 60_000);
      const [row] = await ctx.server.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
      assert.equal(row!.secretHash, createHash('sha256').update(secret).digest('hex'));
      assert.ok(!JSON.stringify(row).includes(secret));

      const list = await call(ctx.server, 'GET', 'api-key/list', { token: t.ownerToken });
      assertContract(contract.apiKey.list, list.body);
      assert.deepEqual(list.body.data.map((k: { id: string }) => k.id), [apiKey.id]);
      assert.ok(!JSON.stringify(list.body).includes(secret));

      const revoked = await call(ctx.server, 'POST', `api-key/revoke/${apiKey.id}`, { token: t.ownerToken });
      assert.equal(revoked.status, 200);
      assertContract(contract.apiKey.revoke, revoked.body);
      assert.ok(revoked.body.data.revokedAt);
      const again = await call(ctx.server, 'POST', `api-key/revoke/${apiKey.id}`, { token: t.ownerToken });
      assert.equal(again.body.data.revokedAt, revoked.body.data.revokedAt);
    });

    it('refuses bad input, an eleventh active key and another account\'s key', async () => {
      const t = await createTenant(ctx.server);
      for (const [body, message] of [
        [{ name: '' }, 'Key name is required'],
        [{ name: 'x', expiresInDays: 0 }, 'Expiry must be from 1 to 365 days'],
        [{ name: 'x', expiresInDays: 1.5 }, 'Expiry must be whole days'],
      ] as const) {
        const res = await call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body });
        assert.equal(res.status, 400);
        assert.equal(res.body.message, message);
      }
      for (let i = 0; i < 10; i += 1) {
        assert.equal((await call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: `k${i}` } })).status, 200);
      }
      const eleventh = await call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'k10' } });
      assert.equal(eleventh.status, 400);
      assert.equal(eleventh.body.message, 'You can have at most 10 active API keys; revoke one first');
      assert.equal((await ctx.server.db.select().from(apiKeys).where(eq(apiKeys.accountId, t.account.id))).length, 10);

      const other = await createTenant(ctx.server);
      const [mine] = await ctx.server.db.select().from(apiKeys).where(eq(apiKeys.accountId, t.account.id)).limit(1);
      assert.equal((await call(ctx.server, 'POST', `api-key/revoke/${mine!.id}`, { token: other.ownerToken })).status, 404);
      assert.equal((await call(ctx.server, 'POST', `api-key/revoke/${missingId()}`, { token: other.ownerToken })).status, 404);
      const [still] = await ctx.server.db.select().from(apiKeys).where(eq(apiKeys.id, mine!.id));
      assert.equal(still!.revokedAt, null);
      assert.deepEqual((await call(ctx.server, 'GET', 'api-key/list', { token: other.ownerToken })).body.data, []);
    });

    it('a key that does not work says why: invalid, revoked or expired; a missing token keeps the session text', async () => {
      const t = await createTenant(ctx.server);
      const revoked = await createKey(ctx.server, t, 'Old');
      const expired = await createKey(ctx.server, t, 'Trial');
      assert.equal((await call(ctx.server, 'POST', `api-key/revoke/${revoked.id}`, { token: t.ownerToken })).status, 200);
      await ctx.server.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, expired.id));

      for (const [token, message] of [
        [`${revoked.secret.slice(0, -2)}xx`, INVALID_API_KEY_TEXT],
        ['ak_live_', INVALID_API_KEY_TEXT],
        ['ak_live_not-a-key', INVALID_API_KEY_TEXT],
        [revoked.secret, API_KEY_REVOKED_TEXT],
        [expired.secret, API_KEY_EXPIRED_TEXT],
        [undefined, SESSION_EXPIRED_TEXT],
        ['not-a-session-token', SESSION_EXPIRED_TEXT],
      ] as const) {
        const res = await send(ctx.server, 'lead/get-leads', token);
        assert.equal(res.status, 401, `${token}`);
        assert.deepEqual(res.body, { type: 'Unauthorized', message }, `${token}`);
        // No key was recognised, so no quota is shown.
        assert.equal(res.headers.get('ratelimit'), null);
      }
      // A key that does not work is refused before anything else, whatever the endpoint.
      assert.equal((await send(ctx.server, 'billing/create-portal-session', revoked.secret)).body.message, API_KEY_REVOKED_TEXT);
    });

    for (const counters of ['database', 'Redis'] as const) {
      it(`every answer to a key shows its quota counting down (${counters}); 429 adds Retry-After; browsers may read them`, async (t) => {
        const skip = counters === 'Redis' ? await redisSkipReason() : undefined;
        if (skip) return t.skip(skip);
        const server = await startServer(ctx.server.db, {
          apiKeyRateLimit: { requests: 3, windowSeconds: 60 }, ...(counters === 'Redis' ? { redisUrl: TEST_REDIS_URL } : {}),
        });
        try {
          const tenant = await createTenant(server);
          const key = await createKey(server, tenant);
          const origin = TEST_CONFIG.corsOrigins[0]!;
          const first = await send(server, 'lead/get-leads', key.secret, { origin });
          assert.equal(first.status, 200);
          assert.equal(first.headers.get('ratelimit-policy'), '"default";q=3;w=60');
          const exposed = (first.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
          for (const name of ['ratelimit-policy', 'ratelimit', 'retry-after', 'idempotent-replayed']) assert.ok(exposed.includes(name), `exposes ${name}`);
          const r1 = rateOf(first.headers.get('ratelimit'));
          assert.equal(r1.remaining, 2);
          assert.ok(r1.reset >= 1 && r1.reset <= 60, `t=${r1.reset}`);

          // Errors carry the quota too: an endpoint outside the public API (403), another account's id (404).
          const refused = await send(server, 'billing/create-portal-session', key.secret);
          assert.equal(refused.status, 403);
          assert.equal(refused.body.message, API_KEY_NOT_ALLOWED_TEXT);
          assert.equal(rateOf(refused.headers.get('ratelimit')).remaining, 1);
          const notMine = await fetch(`${server.origin}/v1/agent/get-agent/${missingId()}`, { headers: { authorization: `Bearer ${key.secret}` } });
          assert.equal(notMine.status, 404);
          assert.equal(notMine.headers.get('ratelimit-policy'), '"default";q=3;w=60');
          const r3 = rateOf(notMine.headers.get('ratelimit'));
          assert.equal(r3.remaining, 0);
          assert.ok(r3.reset <= r1.reset);

          const limited = await send(server, 'lead/get-leads', key.secret);
          assert.equal(limited.status, 429);
          const r4 = rateOf(limited.headers.get('ratelimit'));
          assert.equal(r4.remaining, 0);
          assert.equal(limited.headers.get('retry-after'), String(r4.reset));
          assert.equal(limited.headers.get('ratelimit-policy'), '"default";q=3;w=60');
          // Refused requests do not push the window on: the reset time does not grow.
          assert.ok(rateOf((await send(server, 'lead/get-leads', key.secret)).headers.get('ratelimit')).reset <= r4.reset);

          // A browser's session is not counted against a key and shows no quota.
          const session = await send(server, 'lead/get-leads', tenant.ownerToken);
          assert.equal(session.status, 200);
          assert.equal(session.headers.get('ratelimit'), null);
          assert.equal(session.headers.get('ratelimit-policy'), null);
        } finally {
          await server.close();
        }
      });
    }

    it('a browser may send an Idempotency-Key across origins', async () => {
      const origin = TEST_CONFIG.corsOrigins[0]!;
      const preflight = await fetch(`${ctx.server.origin}/v1/lead/create-lead`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
      });
      assert.ok(preflight.status < 300, `preflight ${preflight.status}`);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Idempotency-Key/i);
    });

    it('the OpenAPI document shows the quota headers on every public answer to a key, and Retry-After on 429', async () => {
      const doc = (await call(ctx.server, 'GET', 'openapi.json')).body;
      const operation = doc.paths['/v1/lead/get-leads'].post;
      assert.deepEqual(Object.keys(operation.responses['200'].headers).sort(), ['RateLimit', 'RateLimit-Policy']);
      assert.deepEqual(Object.keys(operation.responses['429'].headers).sort(), ['RateLimit', 'RateLimit-Policy', 'Retry-After']);
      assert.equal(operation.responses['401'].headers, undefined);
      assert.equal(doc.paths['/v1/api-key/list'].get.responses['200'].headers, undefined);

      // The interactive reference tells an integrator the same, with the texts the API answers.
      const reference = await (await fetch(`${ctx.server.origin}/v1/reference/json`)).json() as { info: { description: string } };
      for (const text of ['RateLimit-Policy: "default";q=', 'Retry-After', 'Idempotency-Key', 'Idempotent-Replayed: true', INVALID_API_KEY_TEXT, API_KEY_REVOKED_TEXT]) {
        assert.ok(reference.info.description.includes(text), text);
      }
    });
  });
}
