import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, isNull } from 'drizzle-orm';
import { LEAD_PHONE_TAKEN_TEXT, MAX_ACTIVE_API_KEYS, MAX_WEBHOOK_ENDPOINTS } from 'shared-contracts';
import { apiKeys, leads, webhookEndpoints } from '../../src/db/schema';
import { TOO_MANY_KEYS_TEXT } from '../../src/modules/api-key/api-keys';
import { TOO_MANY_ENDPOINTS_TEXT } from '../../src/modules/webhooks/webhook-endpoints';
import { findOrCreateCallerLead } from '../../src/modules/voice-agent/tools/caller-lead';
import { createAiAgent, createCall, createTenant, uniquePhone } from '../factories';
import { call, type ApiResponse } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const AT_ONCE = 10;

/** What `n` requests fired together answered, as status and message. */
async function together(n: number, request: (i: number) => Promise<ApiResponse>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => request(i)));
  return answers.map((r) => ({ status: r.status, message: (r.body as { message?: string }).message }));
}

const count = (answers: Array<{ status: number }>, status: number) => answers.filter((a) => a.status === status).length;

/**
 * Rules an account's writes must keep ("no two leads share a number", the caps on API keys and
 * webhook endpoints) hold when the writes arrive at the same moment, on PostgreSQL's many
 * connections as on PGlite's one.
 */
export function concurrentCreatesSuite(ctx: SuiteContext) {
  describe('account rules under concurrent creates', () => {
    it('ten leads with one number created at once, and a CSV with it uploaded alongside, make exactly one lead', async () => {
      const t = await createTenant(ctx.server);
      const phoneNumber = uniquePhone();
      const answers = await together(AT_ONCE, (i) =>
        call(ctx.server, 'POST', 'lead/create-lead', { token: t.ownerToken, body: { fullName: `Caller ${i}`, phoneNumber } }));
      assert.equal(count(answers, 200), 1, JSON.stringify(answers));
      assert.deepEqual(answers.filter((a) => a.status !== 200), Array(AT_ONCE - 1).fill({ status: 400, message: LEAD_PHONE_TAKEN_TEXT }));

      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const other = uniquePhone();
      const upload = () => {
        const form = new FormData();
        form.append('file', new Blob([`name,phone\nDana Brooks,${other}\n`], { type: 'text/csv' }), 'leads.csv');
        return fetch(`${ctx.server.origin}/v1/campaign/upload-leads?agentId=${agent.id}`, {
          method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}` }, body: form,
        }).then((r) => r.status);
      };
      const [uploaded] = await Promise.all([
        upload(),
        together(AT_ONCE, () => call(ctx.server, 'POST', 'lead/create-lead', { token: t.ownerToken, body: { fullName: 'Dana', phoneNumber: other } })),
      ]);
      assert.equal(uploaded, 200);
      for (const number of [phoneNumber, other]) {
        const rows = await ctx.server.db.select().from(leads).where(and(eq(leads.accountId, t.account.id), eq(leads.phoneNumber, number)));
        assert.equal(rows.length, 1, number);
      }
    });

    it('calls of one caller that save the caller at once, beside a lead created by hand, make one lead', async () => {
      const t = await createTenant(ctx.server);
      const callerNumber = uniquePhone();
      const callIds = await Promise.all(Array.from({ length: AT_ONCE }, async () =>
        (await createCall(ctx.server.db, { accountId: t.account.id, direction: 'inbound' })).id));
      const [saved] = await Promise.all([
        Promise.all(callIds.map((callId) => findOrCreateCallerLead(ctx.server.db, { accountId: t.account.id, callId, callerNumber }, 'Robin'))),
        call(ctx.server, 'POST', 'lead/create-lead', { token: t.ownerToken, body: { fullName: 'Robin', phoneNumber: callerNumber } }),
      ]);
      const rows = await ctx.server.db.select().from(leads).where(and(eq(leads.accountId, t.account.id), eq(leads.phoneNumber, callerNumber)));
      assert.equal(rows.length, 1);
      assert.deepEqual(new Set(saved.map((lead) => lead!.id)), new Set([rows[0]!.id]));
    });

    it('API keys created at once stop at the cap of active keys', async () => {
      const t = await createTenant(ctx.server);
      const answers = await together(MAX_ACTIVE_API_KEYS + AT_ONCE, (i) =>
        call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: `Key ${i}` } }));
      assert.equal(count(answers, 200), MAX_ACTIVE_API_KEYS, JSON.stringify(answers));
      assert.deepEqual(answers.filter((a) => a.status !== 200), Array(AT_ONCE).fill({ status: 400, message: TOO_MANY_KEYS_TEXT }));
      const active = await ctx.server.db.select().from(apiKeys).where(and(eq(apiKeys.accountId, t.account.id), isNull(apiKeys.revokedAt)));
      assert.equal(active.length, MAX_ACTIVE_API_KEYS);
    });

    it('webhook endpoints created at once stop at the cap', async () => {
      const t = await createTenant(ctx.server);
      const answers = await together(MAX_WEBHOOK_ENDPOINTS + AT_ONCE, (i) => call(ctx.server, 'POST', 'webhook/create', {
        token: t.ownerToken, body: { url: `http://127.0.0.1:9/hooks/${i}`, events: ['call.completed'] },
      }));
      assert.equal(count(answers, 200), MAX_WEBHOOK_ENDPOINTS, JSON.stringify(answers));
      assert.deepEqual(answers.filter((a) => a.status !== 200), Array(AT_ONCE).fill({ status: 400, message: TOO_MANY_ENDPOINTS_TEXT }));
      const stored = await ctx.server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, t.account.id));
      assert.equal(stored.length, MAX_WEBHOOK_ENDPOINTS);
    });
  });
}
