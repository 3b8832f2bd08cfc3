import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { count, eq } from 'drizzle-orm';
import { INPUT_NESTING_TEXT, MAX_INPUT_NESTING } from 'shared-contracts';
import { aiAgents, apiKeys, supportRequests } from '../../src/db/schema';
import { createAdmin, createAiAgent, createTenant, PASSWORD, signIn, uniquePhone } from '../factories';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call } from '../helpers/server';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';

/** Arrays `depth` deep, written as text: JSON.stringify itself overflows the call stack on such a value. */
const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** `fields` as a JSON object with one more field, `x`, nested `depth` deep. */
const withNestedField = (fields: Record<string, unknown>, depth: number) => `${JSON.stringify(fields).slice(0, -1)},"x":${nestedJson(depth)}}`;

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
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
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

    it('refuses a body nested 12,000 deep with a 400, signed out or in, changing nothing, and goes on answering', async () => {
      const t = await createTenant(ctx.server);
      const credentials = { email: t.owner.email, password: PASSWORD };
      const agent = { name: 'Deep Desk', handleCallType: 'inbound', greeting: 'Hi', prompt: 'Help', voiceId: 'openai-nova' };
      for (const [path, token, fields] of [['auth/login', undefined, credentials], ['agent/create-agent', t.ownerToken, agent]] as const) {
        const res = await call(ctx.server, 'POST', path, { token, rawBody: withNestedField(fields, 12_000) });
        assert.deepEqual([res.status, res.body.message], [400, INPUT_NESTING_TEXT], path);
        // The body as a whole counts: its own object is one level.
        const past = await call(ctx.server, 'POST', path, { token, rawBody: withNestedField(fields, MAX_INPUT_NESTING) });
        assert.deepEqual([past.status, past.body.message], [400, INPUT_NESTING_TEXT], `${path} one level past the bound`);
      }
      assert.equal(await rows(aiAgents, t.account.id), 0);
      // A route outside the contract table (the simulator's caller door) has the body parser's word alone.
      const door = await fetch(`${ctx.server.origin}/v1/telephony/simulator/inbound-call`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: withNestedField({ from: uniquePhone(), to: uniquePhone() }, 12_000),
      });
      assert.deepEqual([door.status, ((await door.json()) as { message?: string }).message], [400, INPUT_NESTING_TEXT]);
      const atBound = await call(ctx.server, 'POST', 'auth/login', { rawBody: withNestedField(credentials, MAX_INPUT_NESTING - 1) });
      assert.equal(atBound.status, 200, 'a body at the bound is read (the unknown field is dropped)');
      const poisoned = await call(ctx.server, 'POST', 'auth/login', { rawBody: `{"__proto__":{"role":"ADMINISTRATOR"},${JSON.stringify(credentials).slice(1)}` });
      assert.equal(poisoned.status, 400, 'a body within the bound still meets the parser\'s prototype checks');
      assert.equal((await fetch(`${ctx.server.origin}/v1/health`)).status, 200);
      assert.ok(await signIn(ctx.server, t.owner.email));
    });

    it('answers a /ws frame nested 12,000 deep with ERROR, and the socket goes on', async () => {
      const t = await createTenant(ctx.server);
      const socket = openSocket(ctx.server, { accountId: t.account.id, token: t.agentToken });
      assert.equal((await socket.next()).type, 'INITIAL_STATUS');
      socket.send(`{"type":"UPDATE_STATUS","agentId":"${t.agent.id}","status":"busy","x":${nestedJson(12_000)}}`);
      assert.deepEqual(await socket.next(), { type: 'ERROR', message: INPUT_NESTING_TEXT });
      socket.send({ type: 'UPDATE_STATUS', agentId: t.agent.id, status: 'busy' });
      assert.equal((await socket.next()).type, 'STATUS_UPDATED');
      socket.close();
    });

    describe('on a call', () => {
      answeredByLocalResponder(ctx);

      it('ignores a relay frame nested 12,000 deep, and the call goes on', async () => {
        const t = await createTenant(ctx.server);
        const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
        const { caller } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
        caller.sendRaw(`{"type":"error","x":${nestedJson(12_000)}}`);
        caller.say('Hello?');
        assert.ok((await caller.nextReply()).length > 0);
        await caller.hangUp();
      });
    });
  });
}
