import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { aiAgents, apiKeys, supportRequests } from '../../src/db/schema';
import { createAdmin, createTenant } from '../factories';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

/** Requests no client of ours would send: each is refused with a 400 that says why, and changes nothing. */
export function hostileInputSuite(ctx: SuiteContext) {
  const rows = async (table: typeof aiAgents | typeof apiKeys | typeof supportRequests, accountId: string) =>
    Number((await ctx.server.db.select({ n: count() }).from(table).where(eq(table.accountId, accountId)))[0]?.n);

  describe('hostile input', () => {
    it('refuses a NUL or other control character in any text field with a 400 naming the field, storing nothing', async () => {
      const t = await createTenant(ctx.server);
      const admin = await createAdmin(ctx.server);
      const cases: Array<[string, string, string, Record<string, unknown>, string]> = [
        ['POST', 'auth/register', '', { firstName: 'A\u0000', lastName: 'B', email: 'nul@example.com', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' }, 'firstName'],
        ['POST', 'agent/create-agent', t.ownerToken, { name: 'Desk\u0000', handleCallType: 'inbound', greeting: 'Hi', prompt: 'Help', voiceId: 'openai-nova' }, 'name'],
        ['POST', 'support/create-request', t.ownerToken, { subject: 'Help', message: 'It broke\u0000' }, 'message'],
        ['POST', 'api-key/create', t.ownerToken, { name: 'key\u0000' }, 'name'],
        ['POST', 'company/update-business', t.ownerToken, { city: 'Spring\u0000field' }, 'city'],
        ['POST', 'conversation/send-sms', t.agentToken, { to: '+15555550123', message: 'hi\u0007' }, 'message'],
        ['POST', 'ai-client/create-ai-client', admin.token, { type: 'AI Client', provider: 'OpenAI', model: 'gpt\u0000' }, 'model'],
        ['POST', 'call/get-call-logs', t.ownerToken, { search: '\u0000' }, 'search'],
      ];
      for (const [method, path, token, body, field] of cases) {
        const res = await call(ctx.server, method as 'POST', path, { token: token || undefined, body });
        assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.message, `${field} must not contain control characters`, path);
      }
      const search = await call(ctx.server, 'GET', `account/get-account-audit/${t.account.id}?search=%00`, { token: admin.token });
      assert.equal(search.status, 400);
      for (const table of [aiAgents, apiKeys, supportRequests]) assert.equal(await rows(table, t.account.id), 0);
    });

    it('answers a multipart body without a boundary, cut short or garbled with 400', async () => {
      const t = await createTenant(ctx.server);
      const part = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
      for (const [contentType, body] of [
        ['multipart/form-data', 'hello'],
        ['multipart/form-data; boundary=XX', part],
        ['multipart/form-data; boundary=XX', '--XX\r\nno headers\r\n\r\n'],
      ]) {
        const res = await fetch(`${ctx.server.origin}/v1/knowledge/generate-text`, {
          method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': contentType! }, body,
        });
        assert.equal(res.status, 400, `${contentType} ${JSON.stringify(body)}: ${await res.text()}`);
      }
    });

    it('refuses a page beyond any list and an array sent as the body of a list endpoint', async () => {
      const t = await createTenant(ctx.server);
      const admin = await createAdmin(ctx.server);
      const huge = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token: admin.token, rawBody: '{"page": 1e308}' });
      assert.equal(huge.status, 400);
      assert.equal(huge.body.message, 'Page must be at most 1000000');
      for (const [path, token] of [
        ['call/get-call-logs', t.ownerToken], ['call/get-agent-call-logs', t.agentToken], ['account/get-all-accounts', admin.token],
        ['ai-client/get-all-clients', admin.token], ['appointment/get-appointments-reports', t.ownerToken],
        ['call/get-call-summaries', t.ownerToken], ['support/get-requests', t.ownerToken],
      ] as const) {
        const res = await call(ctx.server, 'POST', path, { token, rawBody: '[]' });
        assert.deepEqual([res.status, res.body.message], [400, 'Send a JSON object'], path);
      }
    });

    it('refuses a day that does not exist in a report filter, on every report that filters by day', async () => {
      const t = await createTenant(ctx.server);
      for (const path of ['call/get-call-summaries', 'appointment/get-appointments-reports'] as const) {
        for (const from of ['2025-02-30', '2025-04-31', '0000-01-01']) {
          const res = await call(ctx.server, 'POST', path, { token: t.ownerToken, body: { from } });
          assert.deepEqual([res.status, res.body.message], [400, 'That day does not exist'], `${path} ${from}`);
        }
        const leap = await call(ctx.server, 'POST', path, { token: t.ownerToken, body: { from: '2024-02-29' } });
        assert.equal(leap.status, 200, path);
      }
    });

    it('sends nosniff on every answer and no-store on JSON', async () => {
      const t = await createTenant(ctx.server);
      const res = await fetch(`${ctx.server.origin}/v1/users/get-current-user/${t.owner.id}`, { headers: { authorization: `Bearer ${t.ownerToken}` } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const refused = await fetch(`${ctx.server.origin}/v1/users/get-current-user/${t.owner.id}`);
      assert.equal(refused.status, 401);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
    });
  });
}
