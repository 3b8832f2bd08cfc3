import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { API_REFERENCE_PATH, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, RETRY_AFTER_HEADER } from 'shared-contracts';
import { createApiClient } from '../../../api-client/src';
import { typesFromDocument } from '../../../api-client/scripts/types-from-document';
import { leads } from '../../src/db/schema';
import { API_CLIENT_DESCRIPTION } from '../../src/http/openapi';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** A key made the way an account owner makes one, on the API integration page's endpoint. */
async function keyOf(server: TestServer): Promise<{ secret: string; accountId: string }> {
  const t = await createTenant(server);
  const created = await call(server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'api-client test' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { secret: created.body.data.secret, accountId: t.account.id };
}

const leadsOf = (server: TestServer, accountId: string) => server.db.select().from(leads).where(eq(leads.accountId, accountId));

export function apiClientSuite(ctx: SuiteContext) {
  describe('api-client package', () => {
    it('its committed types are the ones the live document generates', async () => {
      const res = await fetch(`${ctx.server.origin}/v1/${API_REFERENCE_PATH}/json`);
      assert.equal(res.status, 200);
      const committed = await readFile(new URL('../../../api-client/src/schema.ts', import.meta.url), 'utf8');
      assert.ok(committed === await typesFromDocument(await res.json() as object), 'api-client/src/schema.ts is stale: run `pnpm --filter api-client generate`');
    });

    it('the API reference introduces the package', async () => {
      const doc = await (await fetch(`${ctx.server.origin}/v1/${API_REFERENCE_PATH}/json`)).json() as { info: { description: string } };
      assert.ok(doc.info.description.includes(API_CLIENT_DESCRIPTION));
      assert.match(API_CLIENT_DESCRIPTION, /`api-client` package/);
    });

    it('with a key, adds a lead, places a call and follows it to its summary', async () => {
      const { secret, accountId } = await keyOf(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId, name: 'Dialer', handleCallType: 'outbound' });
      const api = createApiClient({ baseUrl: ctx.server.origin, apiKey: secret });

      const to = uniquePhone();
      const lead = await api.POST('/v1/lead/create-lead', { body: { fullName: 'Dana Brooks', phoneNumber: to } });
      assert.equal(lead.response.status, 200, JSON.stringify(lead.error));
      assert.equal(lead.data?.data.fullName, 'Dana Brooks');

      const placed = await api.POST('/v1/call/make-test-call', { body: { agentId: agent.id, phoneNumber: to } });
      assert.equal(placed.response.status, 200, JSON.stringify(placed.error));
      const callId = placed.data!.data.callId;

      // The simulated callee answers and talks with the agent; the wrap-up then writes the summary.
      const done = await waitFor(
        () => api.GET('/v1/call/get-call/{id}', { params: { path: { id: callId } } }),
        (res) => res.data?.data.finished === true && res.data.data.summary !== null,
        20_000,
      );
      assert.equal(done.data?.data.id, callId);
      assert.equal(done.data?.data.status, 'completed');
      assert.ok((done.data?.data.summary ?? '').length > 0, 'the call has its summary');

      const other = await api.GET('/v1/call/get-call/{id}', { params: { path: { id: (await keyOf(ctx.server)).accountId } } });
      assert.equal(other.response.status, 404);
      assert.equal(other.error?.type, 'NotFound');
    });

    it('sends an Idempotency-Key on each create: a retry after a lost answer creates one lead, and a given key is used', async () => {
      const { secret, accountId } = await keyOf(ctx.server);
      const sent: (string | null)[] = [];
      let lost = 0;
      const api = createApiClient({
        baseUrl: ctx.server.origin,
        apiKey: secret,
        // The first answer is lost on the way back: the server made the lead, the client sees a 503.
        fetch: async (request) => {
          sent.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
          const response = await fetch(request);
          if (lost++ > 0) return response;
          return new Response('', { status: 503, headers: { [RETRY_AFTER_HEADER]: '0' } });
        },
      });
      const created = await api.POST('/v1/lead/create-lead', { body: { fullName: 'Ana Ortiz', phoneNumber: uniquePhone() } });
      assert.equal(created.response.status, 200, JSON.stringify(created.error));
      assert.equal(created.response.headers.get(IDEMPOTENT_REPLAYED_HEADER), 'true');
      assert.equal(sent.length, 2);
      assert.ok(sent[0] !== null && sent[0] === sent[1], 'the retry carries the first try\'s key');
      assert.deepEqual((await leadsOf(ctx.server, accountId)).map((l) => l.id), [created.data!.data.id]);

      const given = 'crm-import-row-17';
      const again = await api.POST('/v1/lead/create-lead', {
        params: { header: { [IDEMPOTENCY_KEY_HEADER]: given } }, body: { fullName: 'Bo Lee', phoneNumber: uniquePhone() },
      });
      assert.equal(again.response.status, 200, JSON.stringify(again.error));
      assert.equal(sent.at(-1), given);
      // Reads carry no key.
      await api.POST('/v1/lead/get-leads', { body: {} });
      assert.equal(sent.at(-1), null);
    });

    it('waits out a 429 for as long as Retry-After says, and hands it back when that is longer than it may wait', async () => {
      const limited = await startServer(ctx.server.db, { apiKeyRateLimit: { requests: 1, windowSeconds: 2 } });
      try {
        const { secret } = await keyOf(limited);
        const impatient = createApiClient({ baseUrl: limited.origin, apiKey: secret, maxWaitSeconds: 0 });
        assert.equal((await impatient.POST('/v1/lead/get-leads', { body: {} })).response.status, 200);
        const refused = await impatient.POST('/v1/lead/get-leads', { body: {} });
        assert.equal(refused.response.status, 429);
        const wait = Number(refused.response.headers.get(RETRY_AFTER_HEADER));
        assert.ok(wait >= 1 && wait <= 2, `Retry-After ${wait}`);

        const patient = createApiClient({ baseUrl: limited.origin, apiKey: secret, maxWaitSeconds: 5 });
        const started = Date.now();
        const answered = await patient.POST('/v1/lead/get-leads', { body: {} });
        assert.equal(answered.response.status, 200);
        assert.ok(Date.now() - started >= 900, 'it waited for the window to reset');
      } finally {
        await limited.close();
      }
    });
  });
}
