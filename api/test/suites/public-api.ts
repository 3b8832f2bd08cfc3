import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_NOT_ALLOWED_TEXT, LEAD_PHONE_TAKEN_TEXT, allEndpoints, contract, publicApiEndpoints } from 'shared-contracts';
import { apiKeys, calls, leads } from '../../src/db/schema';
import {
  createAiAgent, createAppointment, createCall, createConversation, createLead, createTenant, missingId, uniquePhone,
} from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { TEST_REDIS_URL, redisSkipReason } from '../helpers/redis';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function createKey(server: TestServer, t: Tenant, name = 'CRM sync'): Promise<{ id: string; secret: string }> {
  const created = await call(server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { id: created.body.data.apiKey.id, secret: created.body.data.secret };
}

/** A tenant with one AI agent, a lead, a summarised call with its transcript, and an appointment. */
async function tenantWithCalls(server: TestServer) {
  const t = await createTenant(server);
  const aiAgent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'both' });
  const lead = await createLead(server.db, { accountId: t.account.id, fullName: 'Dana Brooks' });
  const callRow = await createCall(server.db, { accountId: t.account.id, aiAgentId: aiAgent.id, leadId: lead.id });
  const conversation = await createConversation(server.db, { callId: callRow.id, summary: 'Dana booked a cleaning for Tuesday.' }, [
    { authorType: 'lead', content: 'Can I book a cleaning?' },
    { authorType: 'ai', content: 'Tuesday at 10 is free.' },
  ]);
  const appointment = await createAppointment(server.db, { accountId: t.account.id, leadId: lead.id, aiAgentId: aiAgent.id, callId: callRow.id });
  return { ...t, aiAgent, lead, call: callRow, conversation, appointment };
}

const lastUsedOf = async (server: TestServer, id: string) =>
  (await server.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;

export function publicApiSuite(ctx: SuiteContext) {
  describe('Public API with API keys', () => {
    it('a key reads its account\'s calls, one call with its transcript and summary, agents and appointments', async () => {
      const t = await tenantWithCalls(ctx.server);
      const other = await tenantWithCalls(ctx.server);
      const key = await createKey(ctx.server, t);

      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: key.secret, body: {} });
      assert.equal(logs.status, 200, JSON.stringify(logs.body));
      assertContract(contract.call.getCallLogs, logs.body);
      assert.deepEqual(logs.body.data.map((c: { id: string }) => c.id), [t.call.id]);

      const report = await call(ctx.server, 'GET', `call/get-call-reports/${t.call.id}`, { token: key.secret });
      assert.equal(report.status, 200);
      assertContract(contract.call.getCallReports, report.body);
      assert.equal(report.body.data.summary, 'Dana booked a cleaning for Tuesday.');

      const transcript = await call(ctx.server, 'POST', `conversation/get-conversation-messages/${t.account.id}`, {
        token: key.secret, body: { conversation_id: t.conversation.id },
      });
      assert.equal(transcript.status, 200);
      assertContract(contract.conversation.getConversationMessages, transcript.body);
      assert.deepEqual(transcript.body.data.messages.map((m: { content: string }) => m.content), ['Can I book a cleaning?', 'Tuesday at 10 is free.']);

      const agents = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: key.secret });
      assert.equal(agents.status, 200);
      assert.deepEqual(agents.body.data.map((a: { id: string }) => a.id), [t.aiAgent.id]);

      const appointments = await call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: key.secret, body: {} });
      assert.equal(appointments.status, 200);
      assert.deepEqual(appointments.body.data.map((a: { id: string }) => a.id), [t.appointment.id]);
      assert.ok(!JSON.stringify([logs.body, agents.body, appointments.body]).includes(other.call.id));
    });

    it('a key places an outbound AI call from its account\'s agent', async () => {
      const t = await tenantWithCalls(ctx.server);
      const key = await createKey(ctx.server, t);
      const to = uniquePhone();
      const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: key.secret, body: { agentId: t.aiAgent.id, phoneNumber: to } });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assertContract(contract.call.makeTestCall, placed.body);
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, placed.body.data.callSid));
      assert.equal(row!.id, placed.body.data.callId);
      assert.equal(row!.accountId, t.account.id);
      assert.equal(row!.direction, 'outbound');
      assert.equal(row!.toNumber, to);
    });

    it('a key lists, creates and updates leads; a taken number or bad input changes nothing', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const created = await call(ctx.server, 'POST', 'lead/create-lead', {
        token: key.secret, body: { fullName: ' Ana Ortiz ', phoneNumber: '(415) 555-0134', email: 'Ana@Example.com' },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.lead.createLead, created.body);
      assert.deepEqual({ ...created.body.data, id: undefined, createdAt: undefined },
        { id: undefined, createdAt: undefined, fullName: 'Ana Ortiz', phoneNumber: '+14155550134', email: 'ana@example.com', timeZone: null });
      const lead = created.body.data;
      const second = await call(ctx.server, 'POST', 'lead/create-lead', { token: key.secret, body: { fullName: 'Bo Lee', phoneNumber: '+14155550199' } });
      assert.equal(second.status, 200);
      assert.equal(second.body.data.email, null);

      const taken = await call(ctx.server, 'POST', 'lead/create-lead', { token: key.secret, body: { fullName: 'Copy', phoneNumber: '+14155550134' } });
      assert.equal(taken.status, 400);
      assert.equal(taken.body.message, LEAD_PHONE_TAKEN_TEXT);
      const bad = await call(ctx.server, 'POST', 'lead/create-lead', { token: key.secret, body: { fullName: '', phoneNumber: '12' } });
      assert.equal(bad.status, 400);

      const updated = await call(ctx.server, 'PATCH', `lead/update-lead/${lead.id}`, { token: key.secret, body: { fullName: 'Ana Ortiz-Diaz', email: null } });
      assert.equal(updated.status, 200);
      assertContract(contract.lead.updateLead, updated.body);
      assert.equal(updated.body.data.fullName, 'Ana Ortiz-Diaz');
      assert.equal(updated.body.data.email, null);
      const clash = await call(ctx.server, 'PATCH', `lead/update-lead/${lead.id}`, { token: key.secret, body: { phoneNumber: '+14155550199' } });
      assert.equal(clash.status, 400);
      assert.equal(clash.body.message, LEAD_PHONE_TAKEN_TEXT);
      assert.equal((await call(ctx.server, 'PATCH', `lead/update-lead/${lead.id}`, { token: key.secret, body: {} })).status, 400);

      const listed = await call(ctx.server, 'POST', 'lead/get-leads', { token: key.secret, body: { search: 'ortiz' } });
      assert.equal(listed.status, 200);
      assertContract(contract.lead.getLeads, listed.body);
      assert.equal(listed.body.total, 1);
      assert.deepEqual(listed.body.data.map((l: { phoneNumber: string }) => l.phoneNumber), ['+14155550134']);
      const all = await call(ctx.server, 'POST', 'lead/get-leads', { token: key.secret, body: { limit: 1 } });
      assert.equal(all.body.total, 2);
      assert.deepEqual(all.body.data.map((l: { fullName: string }) => l.fullName), ['Bo Lee']);
    });

    it('refuses another account\'s ids with a key as not found, and changes nothing', async () => {
      const t = await tenantWithCalls(ctx.server);
      const other = await tenantWithCalls(ctx.server);
      const key = await createKey(ctx.server, t);
      for (const [method, path, body] of [
        ['GET', `call/get-call-reports/${other.call.id}`, undefined],
        ['POST', `conversation/get-conversation-messages/${other.account.id}`, { conversation_id: other.conversation.id }],
        ['POST', `conversation/get-conversation-messages/${t.account.id}`, { conversation_id: other.conversation.id }],
        ['GET', `agent/get-agents/${other.account.id}`, undefined],
        ['POST', 'call/make-test-call', { agentId: other.aiAgent.id, phoneNumber: uniquePhone() }],
        ['POST', 'appointment/get-appointments-reports', { agentId: other.aiAgent.id }],
        ['PATCH', `lead/update-lead/${other.lead.id}`, { fullName: 'Taken over' }],
        ['PATCH', `lead/update-lead/${missingId()}`, { fullName: 'Nobody' }],
      ] as const) {
        const res = await call(ctx.server, method, path, { token: key.secret, body });
        assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      }
      const [lead] = await ctx.server.db.select().from(leads).where(eq(leads.id, other.lead.id));
      assert.equal(lead!.fullName, 'Dana Brooks');
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.accountId, other.account.id))).length, 1);
    });

    it('a key can never reach sign-in, security, keys, billing or anything outside the public API', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      for (const [method, path, body] of [
        ['GET', 'auth/session-user', undefined],
        ['POST', 'auth/change-password', { currentPassword: 'Factory-pass-1', newPassword: 'Another-pass-2', confirmPassword: 'Another-pass-2' }],
        ['POST', 'auth/logout', undefined],
        ['GET', `users/get-security-preference/${t.owner.id}`, undefined],
        ['PATCH', `users/update-security-preference/${t.owner.id}`, { twoFactorEnabled: true }],
        ['PATCH', `users/update-current-user/${t.owner.id}`, { firstName: 'Key' }],
        ['POST', 'api-key/create', { name: 'Made by a key' }],
        ['GET', 'api-key/list', undefined],
        ['POST', `api-key/revoke/${key.id}`, undefined],
        ['POST', 'billing/create-checkout-session', { plan: 'pro' }],
        ['GET', `billing/get-usage/${t.account.id}`, undefined],
      ] as const) {
        const res = await call(ctx.server, method, path, { token: key.secret, body });
        assert.equal(res.status, 403, `${method} ${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.message, API_KEY_NOT_ALLOWED_TEXT);
      }
      const rows = await ctx.server.db.select().from(apiKeys).where(eq(apiKeys.accountId, t.account.id));
      assert.deepEqual(rows.map((r) => [r.id, r.revokedAt]), [[key.id, null]]);
      // The session that made the key is still signed in: the key's logout did nothing.
      assert.equal((await call(ctx.server, 'GET', 'api-key/list', { token: t.ownerToken })).status, 200);
    });

    it('every endpoint outside the public API refuses a key before reading its request', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const closed = allEndpoints().filter(({ def }) => def.publicApi !== true);
      assert.ok(closed.length > 50);
      for (const { domain, key: name, def } of closed) {
        const path = def.path.trim().replace(/\{(\w+)\}/g, () => missingId());
        const res = await call(ctx.server, def.method, path, { token: key.secret, body: def.body === undefined ? undefined : {} });
        assert.equal(res.status, 403, `${domain}.${name}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.message, API_KEY_NOT_ALLOWED_TEXT);
      }
    });

    it('a revoked key is refused at once by every instance; an expired or unknown key too', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const second = await startServer(ctx.server.db);
      try {
        assert.equal((await call(second, 'POST', 'call/get-call-logs', { token: key.secret, body: {} })).status, 200);
        assert.equal((await call(ctx.server, 'POST', `api-key/revoke/${key.id}`, { token: t.ownerToken })).status, 200);
        for (const server of [second, ctx.server]) {
          const refused = await call(server, 'POST', 'call/get-call-logs', { token: key.secret, body: {} });
          assert.equal(refused.status, 401);
          assert.equal(refused.body.type, 'Unauthorized');
        }

        const expiring = await createKey(ctx.server, t, 'Expiring');
        assert.equal((await call(second, 'POST', 'lead/get-leads', { token: expiring.secret, body: {} })).status, 200);
        await ctx.server.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, expiring.id));
        assert.equal((await call(second, 'POST', 'lead/get-leads', { token: expiring.secret, body: {} })).status, 401);
        assert.equal((await call(second, 'POST', 'lead/get-leads', { token: `${key.secret.slice(0, -2)}xx`, body: {} })).status, 401);
      } finally {
        await second.close();
      }
    });

    for (const counters of ['database', 'Redis'] as const) {
      it(`each key has its own rate limit, counted ${counters === 'Redis' ? 'in Redis' : 'in the database'} by every instance, answered 429 with Retry-After`, async (t) => {
        const skip = counters === 'Redis' ? await redisSkipReason() : undefined;
        if (skip) return t.skip(skip);
        const options = { apiKeyRateLimit: { requests: 3, windowSeconds: 60 }, ...(counters === 'Redis' ? { redisUrl: TEST_REDIS_URL } : {}) };
        const [a, b] = await Promise.all([startServer(ctx.server.db, options), startServer(ctx.server.db, options)]);
        try {
          const tenant = await createTenant(a);
          const key = await createKey(a, tenant);
          const spare = await createKey(a, tenant, 'Spare');
          // Sent at once to both instances: exactly the limit goes through.
          const answers = await Promise.all(Array.from({ length: 6 }, (_, i) =>
            call(i % 2 === 0 ? a : b, 'POST', 'lead/get-leads', { token: key.secret, body: {} })));
          assert.deepEqual(answers.map((r) => r.status).sort(), [200, 200, 200, 429, 429, 429]);
          const response = await fetch(`${b.origin}/v1/lead/get-leads`, {
            method: 'POST', headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' }, body: '{}',
          });
          assert.equal(response.status, 429);
          const retryAfter = Number(response.headers.get('retry-after'));
          assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
          assert.match(((await response.json()) as { message: string }).message, /^Too many requests with this API key\. Try again in \d+ seconds?\.$/);
          // Another key of the same account, and the account's own session, are not limited by it.
          assert.equal((await call(a, 'POST', 'lead/get-leads', { token: spare.secret, body: {} })).status, 200);
          assert.equal((await call(a, 'POST', 'lead/get-leads', { token: tenant.ownerToken, body: {} })).status, 200);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    }

    it('records when a key was last used, at most once a minute', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      assert.equal(await lastUsedOf(ctx.server, key.id), null);
      await call(ctx.server, 'POST', 'lead/get-leads', { token: key.secret, body: {} });
      const first = await lastUsedOf(ctx.server, key.id);
      assert.ok(first !== null && Math.abs(first.getTime() - Date.now()) < 60_000);
      await call(ctx.server, 'POST', 'lead/get-leads', { token: key.secret, body: {} });
      assert.equal((await lastUsedOf(ctx.server, key.id))!.getTime(), first.getTime());
      const listed = await call(ctx.server, 'GET', 'api-key/list', { token: t.ownerToken });
      assert.equal(listed.body.data[0].lastUsedAt, first.toISOString());

      const longAgo = new Date(Date.now() - 5 * 60_000);
      await ctx.server.db.update(apiKeys).set({ lastUsedAt: longAgo }).where(eq(apiKeys.id, key.id));
      await call(ctx.server, 'POST', 'lead/get-leads', { token: key.secret, body: {} });
      assert.ok((await lastUsedOf(ctx.server, key.id))!.getTime() > longAgo.getTime() + 4 * 60_000);
    });

    it('the OpenAPI document declares both schemes, the key scheme on exactly the public API', async () => {
      const doc = (await call(ctx.server, 'GET', 'openapi.json')).body;
      assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['apiKey', 'bearer']);
      assert.equal(doc.components.securitySchemes.apiKey.scheme, 'bearer');
      const withKey: string[] = [];
      for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (operation.security?.some((s) => 'apiKey' in s)) withKey.push(`${method.toUpperCase()} ${path}`);
        }
      }
      const expected = publicApiEndpoints().map(({ def }) => `${def.method} /v1/${def.path.trim().replace(/^\//, '')}`);
      assert.deepEqual(withKey.sort(), expected.sort());
      assert.deepEqual(doc.paths['/v1/auth/change-password'].post.security, [{ bearer: [] }]);
    });

    it('serves an interactive reference of the public API from its own files, under the API\'s security policy', async () => {
      const page = await fetch(`${ctx.server.origin}/v1/reference`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
      const html = await page.text();
      assert.doesNotMatch(html, /https?:\/\//);
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => new URL(m[1]!, page.url).href);
      assert.ok(scripts.length > 0);
      for (const src of scripts) {
        const asset = await fetch(src);
        assert.equal(asset.status, 200, src);
        assert.match(asset.headers.get('content-type') ?? '', /javascript/);
      }
      const doc = await (await fetch(`${ctx.server.origin}/v1/reference/json`)).json() as { paths: Record<string, unknown>; components: { securitySchemes: object } };
      assert.deepEqual(Object.keys(doc.components.securitySchemes), ['apiKey']);
      assert.deepEqual(Object.keys(doc.paths).sort(),
        [...new Set(publicApiEndpoints().map(({ def }) => `/v1/${def.path.trim().replace(/^\//, '')}`))].sort());
    });
  });
}
