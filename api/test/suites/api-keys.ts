import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { apiKeys } from '../../src/db/schema';
import { createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

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
  });
}
