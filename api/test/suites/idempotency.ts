import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_HEADER_INVALID_TEXT, IDEMPOTENCY_KEY_IN_PROGRESS_TEXT, IDEMPOTENCY_KEY_REUSED_TEXT, allEndpoints, contract,
} from 'shared-contracts';
import { idempotentRequests, leads, supportRequests, webhookEndpoints } from '../../src/db/schema';
import { ABANDONED_AFTER_SECONDS, sweepExpiredIdempotentRequests } from '../../src/modules/idempotency';
import { createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { webhookReceiver } from '../helpers/webhook-receiver';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A POST with an Idempotency-Key (or none), answering status, body and headers as a client sees them. */
async function post(server: TestServer, path: string, token: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  const response = await fetch(`${server.origin}/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, text, body: JSON.parse(text) as any, headers: response.headers };
}

async function createKey(server: TestServer, t: Tenant): Promise<string> {
  const created = await call(server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'Retries' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return created.body.data.secret as string;
}

const leadBody = () => ({ fullName: 'Dana Brooks', phoneNumber: uniquePhone(), email: 'dana@example.com' });
const supportBody = { subject: 'Invoice question', category: 'billing', message: 'Why two invoices?' };
const leadsOf = async (server: TestServer, accountId: string) => server.db.select().from(leads).where(eq(leads.accountId, accountId));
const supportRequestsOf = async (server: TestServer, accountId: string) =>
  server.db.select().from(supportRequests).where(eq(supportRequests.accountId, accountId));

export function idempotencySuite(ctx: SuiteContext) {
  describe('Idempotency-Key on creates', () => {
    let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
    before(async () => {
      receiver = await webhookReceiver();
    });
    after(async () => {
      await receiver.close();
    });

    it('the contract marks every create an integrator retries, and not the key create whose secret is never kept', () => {
      const marked = allEndpoints().filter((e) => e.def.idempotent === true).map((e) => e.def.path.trim());
      for (const path of ['lead/create-lead', 'call/make-test-call', 'agent/create-agent', 'agent/duplicate-agent', 'webhook/create', 'support/create-request']) {
        assert.ok(marked.includes(path), `${path} takes an Idempotency-Key`);
      }
      assert.ok(!marked.includes('api-key/create'));
      for (const e of allEndpoints().filter((x) => x.def.idempotent === true)) assert.equal(e.def.method, 'POST', e.def.path);
    });

    it('a retry with the same key and body answers the first result and creates one lead; another body is a 409', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const body = leadBody();
      const first = await post(ctx.server, 'lead/create-lead', key, body, 'crm-import-2026-11-28-row-17');
      assert.equal(first.status, 200, first.text);
      assertContract(contract.lead.createLead, first.body);
      assert.equal(first.headers.get('idempotent-replayed'), null);

      // The same request spelled differently (key order) is the same request.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await post(ctx.server, 'lead/create-lead', key, reordered, 'crm-import-2026-11-28-row-17');
      assert.equal(again.status, 200);
      assert.equal(again.text, first.text);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      // The account's own session shares the account's keys: a retry through it is the same request.
      assert.equal((await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'crm-import-2026-11-28-row-17')).text, first.text);
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 1);

      const other = await post(ctx.server, 'lead/create-lead', key, { ...body, fullName: 'Someone Else' }, 'crm-import-2026-11-28-row-17');
      assert.equal(other.status, 409);
      assert.equal(other.body.message, IDEMPOTENCY_KEY_REUSED_TEXT);
      // The same key on another create is another request too.
      const elsewhere = await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'crm-import-2026-11-28-row-17');
      assert.equal(elsewhere.status, 409);
      assert.equal(elsewhere.body.message, IDEMPOTENCY_KEY_REUSED_TEXT);
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 1);
      assert.equal((await supportRequestsOf(ctx.server, t.account.id)).length, 0);

      // Without a key every request creates: the header is what makes a retry safe.
      assert.equal((await post(ctx.server, 'support/create-request', t.ownerToken, supportBody)).status, 200);
      assert.equal((await post(ctx.server, 'support/create-request', t.ownerToken, supportBody)).status, 200);
      assert.equal((await supportRequestsOf(ctx.server, t.account.id)).length, 2);
    });

    it('works for a signed-in session, keys are per account, and a failed create keeps nothing', async () => {
      const t = await createTenant(ctx.server);
      const first = await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'dashboard-1');
      assert.equal(first.status, 200, first.text);
      const replay = await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'dashboard-1');
      assert.equal(replay.text, first.text);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal((await supportRequestsOf(ctx.server, t.account.id)).length, 1);

      // Another account's request with the same key is its own.
      const other = await createTenant(ctx.server);
      const theirs = await post(ctx.server, 'support/create-request', other.ownerToken, supportBody, 'dashboard-1');
      assert.equal(theirs.status, 200);
      assert.notEqual(theirs.body.data.id, first.body.data.id);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);

      // A refused create (a taken phone number) leaves the key free: the fixed request runs with it.
      const body = leadBody();
      assert.equal((await post(ctx.server, 'lead/create-lead', t.ownerToken, body)).status, 200);
      const taken = await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'lead-2');
      assert.equal(taken.status, 400);
      const fixed = await post(ctx.server, 'lead/create-lead', t.ownerToken, { ...body, phoneNumber: uniquePhone() }, 'lead-2');
      assert.equal(fixed.status, 200, fixed.text);
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 2);
    });

    it('refuses a bad key with 400 and changes nothing', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      for (const bad of ['x'.repeat(256), 'naïve-key', 'tab\there']) {
        const res = await post(ctx.server, 'lead/create-lead', key, leadBody(), bad);
        assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${res.text}`);
        assert.equal(res.body.message, IDEMPOTENCY_KEY_HEADER_INVALID_TEXT);
      }
      // An empty header, sent as raw HTTP would.
      const empty = await fetch(`${ctx.server.origin}/v1/lead/create-lead`, {
        method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': '' }, body: JSON.stringify(leadBody()),
      });
      assert.equal(empty.status, 400);
      assert.equal(((await empty.json()) as { message: string }).message, IDEMPOTENCY_KEY_HEADER_INVALID_TEXT);
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 0);
      assert.equal((await ctx.server.db.select().from(idempotentRequests).where(eq(idempotentRequests.accountId, t.account.id))).length, 0);
      // 255 printable characters, spaces and symbols included, are a key.
      const longest = `${'k'.repeat(250)} ~!@#`;
      assert.equal((await post(ctx.server, 'lead/create-lead', key, leadBody(), longest)).status, 200);
    });

    it('concurrent retries create once: each answers the first result or 409 with Retry-After while it runs', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const body = leadBody();
      const answers = await Promise.all(Array.from({ length: 6 }, () => post(ctx.server, 'lead/create-lead', key, body, 'burst')));
      const created = answers.filter((a) => a.status === 200);
      assert.ok(created.length >= 1, answers.map((a) => a.status).join());
      assert.equal(new Set(created.map((a) => a.body.data.id)).size, 1);
      for (const busy of answers.filter((a) => a.status !== 200)) {
        assert.equal(busy.status, 409);
        assert.equal(busy.body.message, IDEMPOTENCY_KEY_IN_PROGRESS_TEXT);
        assert.equal(busy.headers.get('retry-after'), '1');
      }
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 1);
    });

    it('a key whose first request is still running answers 409 with Retry-After; one abandoned for 5 minutes runs again', async () => {
      const t = await createTenant(ctx.server);
      const body = leadBody();
      // What an instance holding the key mid-create leaves in the table: a claim with no answer yet.
      const first = await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'held');
      const held = and(eq(idempotentRequests.accountId, t.account.id), eq(idempotentRequests.key, 'held'));
      await ctx.server.db.update(idempotentRequests).set({ statusCode: null, responseSealed: null }).where(held);
      await ctx.server.db.delete(leads).where(eq(leads.id, first.body.data.id));

      const busy = await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'held');
      assert.equal(busy.status, 409);
      assert.equal(busy.body.message, IDEMPOTENCY_KEY_IN_PROGRESS_TEXT);
      assert.equal(busy.headers.get('retry-after'), '1');
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 0);
      // Another request with the key is refused as reused, running or not.
      assert.equal((await post(ctx.server, 'lead/create-lead', t.ownerToken, leadBody(), 'held')).body.message, IDEMPOTENCY_KEY_REUSED_TEXT);

      await ctx.server.db.update(idempotentRequests).set({ createdAt: sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 1})` }).where(held);
      const retried = await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'held');
      assert.equal(retried.status, 200, retried.text);
      assert.equal((await leadsOf(ctx.server, t.account.id)).length, 1);
      assert.equal((await post(ctx.server, 'lead/create-lead', t.ownerToken, body, 'held')).text, retried.text);
    });

    it('another instance on the same database answers the first result', async () => {
      const second = await startServer(ctx.server.db);
      try {
        const t = await createTenant(ctx.server);
        const key = await createKey(ctx.server, t);
        const body = leadBody();
        const first = await post(ctx.server, 'lead/create-lead', key, body, 'across');
        const there = await post(second, 'lead/create-lead', key, body, 'across');
        assert.equal(there.status, 200);
        assert.equal(there.text, first.text);
        assert.equal(there.headers.get('idempotent-replayed'), 'true');
        assert.equal((await leadsOf(ctx.server, t.account.id)).length, 1);
      } finally {
        await second.close();
      }
    });

    it('a key lasts 24 hours: after that the same request creates again, and expired rows are swept', async () => {
      const t = await createTenant(ctx.server);
      const first = await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'daily');
      const [row] = await ctx.server.db.select().from(idempotentRequests)
        .where(and(eq(idempotentRequests.accountId, t.account.id), eq(idempotentRequests.key, 'daily')));
      const window = row!.expiresAt.getTime() - row!.createdAt.getTime();
      assert.ok(Math.abs(window - 24 * 3_600_000) < 5_000, `kept for ${window} ms`);

      await ctx.server.db.update(idempotentRequests).set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(idempotentRequests.accountId, t.account.id));
      const later = await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'daily');
      assert.equal(later.status, 200);
      assert.notEqual(later.body.data.id, first.body.data.id);
      assert.equal((await supportRequestsOf(ctx.server, t.account.id)).length, 2);

      await post(ctx.server, 'support/create-request', t.ownerToken, supportBody, 'stale');
      await ctx.server.db.update(idempotentRequests).set({ expiresAt: sql`now() - interval '1 second'` })
        .where(and(eq(idempotentRequests.accountId, t.account.id), eq(idempotentRequests.key, 'stale')));
      assert.ok(await sweepExpiredIdempotentRequests(ctx.server.db) >= 1);
      const left = await ctx.server.db.select({ key: idempotentRequests.key }).from(idempotentRequests).where(eq(idempotentRequests.accountId, t.account.id));
      assert.deepEqual(left.map((r) => r.key), ['daily']);
    });

    it('a replayed webhook endpoint shows its secret again, which is kept sealed, never in the clear', async () => {
      const t = await createTenant(ctx.server);
      const body = { url: receiver.url('/idempotent'), events: ['call.completed'] };
      const first = await post(ctx.server, 'webhook/create', t.ownerToken, body, 'hook');
      assert.equal(first.status, 200, first.text);
      const replay = await post(ctx.server, 'webhook/create', t.ownerToken, body, 'hook');
      assert.equal(replay.body.data.secret, first.body.data.secret);
      assert.equal((await ctx.server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, t.account.id))).length, 1);
      const rows = await ctx.server.db.select().from(idempotentRequests).where(eq(idempotentRequests.accountId, t.account.id));
      assert.ok(!JSON.stringify(rows).includes(first.body.data.secret));
    });

    it('the OpenAPI document offers the Idempotency-Key header and its 409 on exactly the creates that take it', async () => {
      const doc = (await call(ctx.server, 'GET', 'openapi.json')).body;
      for (const { def } of allEndpoints()) {
        const operation = doc.paths[`/v1/${def.path.trim().replace(/^\//, '')}`][def.method.toLowerCase()];
        const header = operation.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
        assert.equal(header !== undefined, def.idempotent === true, def.path);
        if (def.idempotent) {
          assert.equal(header.in, 'header');
          assert.equal(header.schema.maxLength, 255);
          assert.ok(operation.responses['409'], def.path);
        }
      }
    });
  });
}
