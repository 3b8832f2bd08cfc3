import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract, freePlanLimitMessage } from 'shared-contracts';
import { aiAgents } from '../../src/db/schema';
import { createAiAgent, createTenant, missingId, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

/** A stored number as a person types it: "(555) 201-3344". */
const typed = (stored: string) => `(${stored.slice(2, 5)}) ${stored.slice(5, 8)}-${stored.slice(8)}`;

// A number of its own for each agent: a number is one account's.
const validAgent = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk',
  handleCallType: 'inbound',
  greeting: 'Thanks for calling Acme Dental, how can I help?',
  prompt: 'Book cleanings and answer questions about opening hours.',
  voiceId: 'openai-nova',
  phoneNumber: typed(uniquePhone()),
  ...overrides,
});

export function aiCallSupportsSuite(ctx: SuiteContext) {
  const agentCount = async (accountId: string) =>
    (await ctx.server.db.select({ id: aiAgents.id }).from(aiAgents).where(eq(aiAgents.accountId, accountId))).length;

  describe('AI call supports', () => {
    it('create-agent stores every setting, normalises the phone number and get-agent reads it back', async () => {
      const { account, ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const phone = uniquePhone();
      const body = validAgent({
        phoneNumber: typed(phone), handleCallType: 'both', transferNumber: '15552019999', knowledge: 'Open 9-5.', maxCallMinutes: 15, recordCalls: false,
        workingHours: { days: ['mon', 'tue'], start: '09:00', end: '17:30' },
      });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.agent.createAgent, created.body);
      const agent = created.body.data;
      assert.equal(agent.phoneNumber, phone);
      assert.equal(agent.transferNumber, '+15552019999');
      assert.deepEqual(agent.workingHours, { days: ['mon', 'tue'], start: '09:00', end: '17:30' });
      assert.equal(agent.language, 'en-US');

      const read = await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: ownerToken });
      assert.equal(read.status, 200);
      assertContract(contract.agent.getAgent, read.body);
      assert.deepEqual(read.body.data, agent);
      assert.equal(await agentCount(account.id), 1);
    });

    it('create-agent refuses bad input and an unknown voice, creating nothing', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const cases: Array<[Record<string, unknown>, string]> = [
        [validAgent({ name: '' }), 'Agent name is required'],
        [validAgent({ name: '<b>Bold</b>' }), 'Agent name: '],
        [validAgent({ phoneNumber: '123' }), 'Agent phone number must be a US number: +1 followed by ten digits'],
        [validAgent({ workingHours: { days: ['mon'], start: '18:00', end: '09:00' } }), 'End time must be after start time'],
        [validAgent({ maxCallMinutes: 0 }), 'Maximum call length must be from 1 to 60 minutes'],
        [validAgent({ voiceId: 'nobody' }), 'Choose a voice from the list'],
      ];
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(res.body.message.startsWith(message), `${res.body.message} should start with ${message}`);
      }
      assert.equal(await agentCount(account.id), 0);
    });

    it('the free plan stops at 3 agents, counting duplicates, and an account override raises the cap', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      for (let i = 0; i < 2; i += 1) await createAiAgent(ctx.server.db, { accountId: account.id });
      const third = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: validAgent() });
      assert.equal(third.status, 200);

      const fourth = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: validAgent({ name: 'Fourth' }) });
      assert.equal(fourth.status, 400);
      assert.equal(fourth.body.message, 'You can only have 3 agents in the free plan');
      assert.equal(fourth.body.message, freePlanLimitMessage(3));
      const copy = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: ownerToken, body: { agentId: third.body.data.id } });
      assert.equal(copy.status, 400);
      assert.equal(copy.body.message, 'You can only have 3 agents in the free plan');
      assert.equal(await agentCount(account.id), 3);

      const special = await createTenant(ctx.server, { agentCapOverride: 4 });
      for (let i = 0; i < 3; i += 1) await createAiAgent(ctx.server.db, { accountId: special.account.id });
      const allowed = await call(ctx.server, 'POST', 'agent/create-agent', { token: special.ownerToken, body: validAgent() });
      assert.equal(allowed.status, 200);
      const refused = await call(ctx.server, 'POST', 'agent/create-agent', { token: special.ownerToken, body: validAgent() });
      assert.equal(refused.body.message, 'You can only have 4 agents in the free plan');

      const paid = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      for (let i = 0; i < 3; i += 1) await createAiAgent(ctx.server.db, { accountId: paid.account.id });
      const unlimited = await call(ctx.server, 'POST', 'agent/create-agent', { token: paid.ownerToken, body: validAgent() });
      assert.equal(unlimited.status, 200);
    });

    it('two creates at once on the last free slot make one agent, not two', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      for (let i = 0; i < 2; i += 1) await createAiAgent(ctx.server.db, { accountId: account.id });
      const results = await Promise.all([1, 2].map(() =>
        call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: validAgent() })));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
      assert.equal(await agentCount(account.id), 3);
    });

    it('update-agent changes only the given fields; bad input changes nothing', async () => {
      const { account, ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: account.id, name: 'Before', greeting: 'Hello' });
      const res = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { name: 'After', knowledge: 'Parking is free.' } });
      assert.equal(res.status, 200);
      assertContract(contract.agent.updateAgent, res.body);
      assert.equal(res.body.data.name, 'After');
      assert.equal(res.body.data.greeting, 'Hello');
      assert.equal(res.body.data.knowledge, 'Parking is free.');

      for (const body of [{}, { name: ' ' }, { maxCallMinutes: 61 }, { voiceId: 'nobody' }]) {
        const bad = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body });
        assert.equal(bad.status, 400, JSON.stringify(body));
      }
      const [row] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.equal(row!.name, 'After');
      assert.equal(row!.maxCallMinutes, 10);
    });

    it('duplicate-agent copies the settings without the phone number, campaign paused', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const source = await createAiAgent(ctx.server.db, {
        accountId: account.id, name: 'Front Desk', campaignActive: true, handleCallType: 'both', knowledge: 'Prices: $80.',
      });
      const res = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: ownerToken, body: { agentId: source.id } });
      assert.equal(res.status, 200);
      assertContract(contract.agent.duplicateAgent, res.body);
      const copy = res.body.data;
      assert.notEqual(copy.id, source.id);
      assert.equal(copy.name, 'Front Desk (copy)');
      assert.equal(copy.phoneNumber, null);
      assert.equal(copy.campaignActive, false);
      assert.equal(copy.handleCallType, 'both');
      assert.equal(copy.knowledge, 'Prices: $80.');
    });

    it('delete-agent removes the agent; a second delete is 404', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: account.id });
      const res = await call(ctx.server, 'DELETE', `agent/delete-agent/${agent.id}`, { token: ownerToken });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { id: agent.id });
      assert.equal(await agentCount(account.id), 0);
      const again = await call(ctx.server, 'DELETE', `agent/delete-agent/${agent.id}`, { token: ownerToken });
      assert.equal(again.status, 404);
    });

    it('another account\'s agent is not found for every agent endpoint, and stays untouched', async () => {
      const mine = await createTenant(ctx.server);
      const theirs = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: theirs.account.id, name: 'Theirs' });
      const token = mine.ownerToken;
      const attempts = [
        call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token }),
        call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token, body: { name: 'Mine now' } }),
        call(ctx.server, 'DELETE', `agent/delete-agent/${agent.id}`, { token }),
        call(ctx.server, 'POST', 'agent/duplicate-agent', { token, body: { agentId: agent.id } }),
        call(ctx.server, 'POST', 'campaign/toggle-campaign', { token, body: { agentId: agent.id, status: false } }),
        call(ctx.server, 'GET', `agent/get-squareup-locations/${theirs.account.id}`, { token }),
        call(ctx.server, 'GET', `agent/get-agent/${missingId()}`, { token }),
      ];
      for (const res of await Promise.all(attempts)) assert.equal(res.status, 404);
      const [row] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.equal(row!.name, 'Theirs');
      assert.equal(await agentCount(mine.account.id), 0);
      const agentRole = await call(ctx.server, 'POST', 'agent/create-agent', { token: mine.agentToken, body: validAgent() });
      assert.equal(agentRole.status, 403);
    });

    it('toggle-campaign starts an outbound agent on a plan with bulk outbound calls and pauses any', async () => {
      const paid = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const outbound = await createAiAgent(ctx.server.db, { accountId: paid.account.id, handleCallType: 'outbound' });
      const inbound = await createAiAgent(ctx.server.db, { accountId: paid.account.id, handleCallType: 'inbound' });
      const on = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: paid.ownerToken, body: { agentId: outbound.id, status: true } });
      assert.equal(on.status, 200);
      assertContract(contract.campaign.toggleCampaign, on.body);
      assert.deepEqual(on.body.data, { agentId: outbound.id, campaignActive: true });
      const off = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: paid.ownerToken, body: { agentId: outbound.id, status: false } });
      assert.deepEqual(off.body.data, { agentId: outbound.id, campaignActive: false });
      const inboundOn = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: paid.ownerToken, body: { agentId: inbound.id, status: true } });
      assert.equal(inboundOn.status, 400);
      assert.equal(inboundOn.body.message, 'This agent takes only inbound calls; let it make outbound calls first');

      const free = await createTenant(ctx.server);
      const freeAgent = await createAiAgent(ctx.server.db, { accountId: free.account.id, handleCallType: 'both', campaignActive: true });
      const refused = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: free.ownerToken, body: { agentId: freeAgent.id, status: true } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'Your plan does not include bulk outbound calls; it comes with the Efficiency Plus plan and higher');
      const pause = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: free.ownerToken, body: { agentId: freeAgent.id, status: false } });
      assert.equal(pause.status, 200);
      const bad = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: free.ownerToken, body: { agentId: freeAgent.id, status: 'yes' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Status must be true (active) or false (paused)');
    });

    it('get-agent-voices lists voices with images and filters them', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const all = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: ownerToken, body: {} });
      assert.equal(all.status, 200);
      assertContract(contract.agent.getAgentVoices, all.body);
      assert.ok(all.body.data.length >= 10);
      for (const voice of all.body.data) assert.match(voice.imageUrl, /^data:image\/svg\+xml;base64,/);
      const female = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: ownerToken, body: { gender: 'female', language: 'es-US' } });
      assert.deepEqual(female.body.data.map((v: { name: string }) => v.name), ['Lucía']);
      const bad = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: ownerToken, body: { gender: 'robot' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Choose female, male or neutral');
    });

    it('get-squareup-locations is empty without Square and lists the connected Square\'s locations', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const none = await call(ctx.server, 'GET', `agent/get-squareup-locations/${account.id}`, { token: ownerToken });
      assert.equal(none.status, 200);
      assert.deepEqual(none.body.data, { locations: [] });
      const { integrationConnections } = await import('../../src/db/schema');
      const { sealIntegrationCredential } = await import('../../src/modules/integrations/integration-credentials');
      const credential = sealIntegrationCredential(ctx.server.app.config.credentialsKey, account.id, 'squareup', 'sq-token');
      await ctx.server.db.insert(integrationConnections).values({ accountId: account.id, provider: 'squareup', category: 'booking', credential });
      const some = await call(ctx.server, 'GET', `agent/get-squareup-locations/${account.id}`, { token: ownerToken });
      assertContract(contract.agent.getSquareupLocations, some.body);
      assert.deepEqual(some.body.data.locations.map((l: { name: string }) => l.name), ['Main Street', 'Downtown']);
    });
  });
}
