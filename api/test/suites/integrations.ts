import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { INTEGRATION_CATALOGUE, contract } from 'shared-contracts';
import { aiAgents, integrationConnections } from '../../src/db/schema';
import { openIntegrationCredential } from '../../src/modules/integrations/integration-credentials';
import { createAiAgent, createIntegrationConnection, createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const CINC_KEY = 'cinc-live-key-0001';
const connectCinc = (server: TestServer, token: string, apiKey = CINC_KEY) =>
  call(server, 'POST', 'integrations/connect', { token, body: { authType: 'apiKey', provider: 'cinc', apiKey } });

/** Follows the local consent page the way the browser does, and returns the code it hands back. */
async function consentCode(server: TestServer, authorizeUrl: string, provider: string): Promise<string> {
  const url = new URL(authorizeUrl.replace(/^https?:\/\/[^/]+/, server.origin));
  url.searchParams.set('redirect_uri', 'http://localhost:3000/dashboard/account/integrations');
  url.searchParams.set('state', provider);
  const response = await fetch(url, { redirect: 'manual' });
  assert.equal(response.status, 302);
  const back = new URL(response.headers.get('location')!);
  assert.equal(back.origin, 'http://localhost:3000');
  assert.equal(back.searchParams.get('state'), provider);
  return back.searchParams.get('code')!;
}

const connections = async (server: TestServer, token: string, accountId: string) => {
  const response = await call(server, 'GET', `account/connections/${accountId}`, { token });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  assertContract(contract.account.getConnections, response.body);
  return response.body.data.data;
};

export function integrationsSuite(ctx: SuiteContext) {
  describe('integrations', () => {
    it('lists the catalogue by category with the account\'s own connections only', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const calendar = await createIntegrationConnection(ctx.server.db, { accountId: t.account.id });
      await createIntegrationConnection(ctx.server.db, { accountId: other.account.id, provider: 'outlook-calendar' });
      const response = await call(ctx.server, 'GET', 'integrations', { token: t.ownerToken });
      assert.equal(response.status, 200);
      assertContract(contract.integrations.listIntegrations, response.body);
      const entries = response.body.data as Array<{ provider: string; category: string; authType: string; authorizeUrl: string | null; connectionId: string | null; name: string }>;
      assert.deepEqual(entries.map((e) => e.provider), INTEGRATION_CATALOGUE.map((i) => i.provider));
      const byProvider = Object.fromEntries(entries.map((e) => [e.provider, e]));
      assert.deepEqual([byProvider.cinc!.name, byProvider.cinc!.category, byProvider.cinc!.authType, byProvider.cinc!.authorizeUrl], ['CINC', 'crm', 'apiKey', null]);
      assert.equal(byProvider['google-calendar']!.connectionId, calendar.id);
      assert.equal(byProvider['outlook-calendar']!.connectionId, null);
      assert.match(byProvider['google-calendar']!.authorizeUrl!, /\/v1\/integrations\/local-consent\?provider=google-calendar$/);
      assert.ok(!JSON.stringify(response.body).includes(calendar.credential));
    });

    it('connects CINC with an API key kept encrypted and never returned, then disconnects it', async () => {
      const t = await createTenant(ctx.server);
      assert.deepEqual(await connections(ctx.server, t.ownerToken, t.account.id), {
        connectedCRMIntegration: null, connectedCalendarIntegrations: [], allConnections: [], connectionsByCategory: {},
      });
      const connected = await connectCinc(ctx.server, t.ownerToken);
      assert.equal(connected.status, 200, JSON.stringify(connected.body));
      assertContract(contract.integrations.connect, connected.body);
      assert.equal(connected.body.data.provider, 'cinc');
      assert.equal(connected.body.data.accountLabel, 'API key ending 0001');
      const [row] = await ctx.server.db.select().from(integrationConnections).where(eq(integrationConnections.id, connected.body.data.id));
      assert.ok(!row!.credential.includes(CINC_KEY));
      assert.equal(openIntegrationCredential(ctx.server.app.config.credentialsKey, t.account.id, 'cinc', row!.credential), CINC_KEY);
      // Bound to its account: the same ciphertext does not open for another account.
      assert.throws(() => openIntegrationCredential(ctx.server.app.config.credentialsKey, missingId(), 'cinc', row!.credential));

      const state = await connections(ctx.server, t.ownerToken, t.account.id);
      assert.deepEqual(state.connectedCRMIntegration, { id: connected.body.data.id, provider: 'cinc' });
      assert.deepEqual(Object.keys(state.connectionsByCategory), ['crm']);
      assert.ok(!JSON.stringify(state).includes(CINC_KEY));

      const removed = await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: connected.body.data.id } });
      assert.equal(removed.status, 200);
      assertContract(contract.integrations.disconnect, removed.body);
      assert.deepEqual(removed.body.data, { id: connected.body.data.id });
      assert.equal((await connections(ctx.server, t.ownerToken, t.account.id)).connectedCRMIntegration, null);
      const again = await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: connected.body.data.id } });
      assert.equal(again.status, 404);
    });

    it('keeps one CRM at a time; connecting the same CRM again replaces its key', async () => {
      const t = await createTenant(ctx.server);
      const first = await connectCinc(ctx.server, t.ownerToken);
      const second = await call(ctx.server, 'POST', 'integrations/connect', {
        token: t.ownerToken, body: { authType: 'apiKey', provider: 'follow-up-boss', apiKey: 'fub-key-123456' },
      });
      assert.equal(second.status, 409);
      assert.equal(second.body.message, 'Disconnect CINC before connecting another CRM');
      const replaced = await connectCinc(ctx.server, t.ownerToken, 'cinc-new-key-9999');
      assert.equal(replaced.status, 200);
      assert.equal(replaced.body.data.id, first.body.data.id);
      assert.equal(replaced.body.data.accountLabel, 'API key ending 9999');
      const rows = await ctx.server.db.select().from(integrationConnections).where(eq(integrationConnections.accountId, t.account.id));
      assert.deepEqual(rows.map((r) => r.provider), ['cinc']);
    });

    it('adds calendars through the consent code; connecting a connected calendar changes nothing', async () => {
      const t = await createTenant(ctx.server);
      const catalogue = (await call(ctx.server, 'GET', 'integrations', { token: t.ownerToken })).body.data as Array<{ provider: string; authorizeUrl: string | null }>;
      const google = catalogue.find((e) => e.provider === 'google-calendar')!;
      const code = await consentCode(ctx.server, google.authorizeUrl!, 'google-calendar');
      const body = { authType: 'oauth', provider: 'google-calendar', code, redirectUri: 'http://localhost:3000/dashboard/account/integrations' };
      const connected = await call(ctx.server, 'POST', 'integrations/connect', { token: t.ownerToken, body });
      assert.equal(connected.status, 200, JSON.stringify(connected.body));
      assert.equal(connected.body.data.category, 'calendar');
      const again = await call(ctx.server, 'POST', 'integrations/connect', { token: t.ownerToken, body: { ...body, code: 'local_google-calendar_other' } });
      assert.equal(again.status, 200);
      assert.deepEqual(again.body.data, connected.body.data);
      const state = await connections(ctx.server, t.ownerToken, t.account.id);
      assert.deepEqual(state.connectedCalendarIntegrations, [{ id: connected.body.data.id, provider: 'google-calendar', accountLabel: 'Google Calendar (local)' }]);
      assert.deepEqual(state.connectionsByCategory.calendar.map((c: { id: string }) => c.id), [connected.body.data.id]);

      // Disconnecting a calendar unlinks the agents that booked into it.
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, calendarIntegrationId: connected.body.data.id });
      await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: connected.body.data.id } });
      const [after] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.equal(after!.calendarIntegrationId, null);
    });

    it('refuses bad input and credentials the provider refuses, storing nothing', async () => {
      const t = await createTenant(ctx.server);
      const cases: Array<[unknown, string]> = [
        [{ authType: 'apiKey', provider: 'cinc', apiKey: '' }, 'API key is required'],
        [{ authType: 'apiKey', provider: 'salesforce', apiKey: 'k' }, 'Choose an integration'],
        [{ provider: 'cinc', apiKey: 'k' }, 'Choose how to connect: apiKey or oauth'],
        [{ authType: 'apiKey', provider: 'google-calendar', apiKey: 'abcdefghij' }, 'This integration connects another way'],
        [{ authType: 'apiKey', provider: 'cinc', apiKey: 'short' }, 'CINC refused this API key'],
        [{ authType: 'oauth', provider: 'outlook-calendar', code: 'forged-code', redirectUri: 'http://localhost:3000/x' },
          'Outlook Calendar did not confirm the connection; try connecting again'],
      ];
      for (const [body, message] of cases) {
        const response = await call(ctx.server, 'POST', 'integrations/connect', { token: t.ownerToken, body });
        assert.equal(response.status, 400, JSON.stringify(body));
        assert.equal(response.body.message, message);
      }
      const bad = await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: 'nope' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Choose a connection');
      assert.equal((await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: missingId() } })).status, 404);
      assert.equal((await ctx.server.db.select().from(integrationConnections).where(eq(integrationConnections.accountId, t.account.id))).length, 0);

      const consent = `${ctx.server.origin}/v1/integrations/local-consent`;
      const openRedirect = await fetch(`${consent}?provider=google-calendar&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`, { redirect: 'manual' });
      assert.equal(openRedirect.status, 400);
      assert.equal(((await openRedirect.json()) as { message: string }).message, 'redirect_uri must be this app\'s address');
      assert.equal((await fetch(`${consent}?provider=cinc&redirect_uri=http://localhost:3000/`, { redirect: 'manual' })).status, 400);
    });

    it('answers 404 for another account\'s ids and refuses other roles', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const theirs = await createIntegrationConnection(ctx.server.db, { accountId: other.account.id });
      assert.equal((await call(ctx.server, 'GET', `account/connections/${other.account.id}`, { token: t.ownerToken })).status, 404);
      const stolen = await call(ctx.server, 'POST', 'integrations/disconnect', { token: t.ownerToken, body: { connectionId: theirs.id } });
      assert.equal(stolen.status, 404);
      assert.equal((await ctx.server.db.select().from(integrationConnections).where(eq(integrationConnections.id, theirs.id))).length, 1);

      for (const [method, path, body] of [
        ['GET', 'integrations', undefined],
        ['GET', `account/connections/${t.account.id}`, undefined],
        ['POST', 'integrations/connect', { authType: 'apiKey', provider: 'cinc', apiKey: CINC_KEY }],
        ['POST', 'integrations/disconnect', { connectionId: missingId() }],
      ] as const) {
        assert.equal((await call(ctx.server, method, path, { token: t.agentToken, body })).status, 403, path);
        assert.equal((await call(ctx.server, method, path, { body })).status, 401, path);
      }
      assert.equal((await ctx.server.db.select().from(integrationConnections).where(eq(integrationConnections.accountId, t.account.id))).length, 0);
    });
  });
}
