import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CAMPAIGN_PAUSED_TEXT, contract, featureNeedsPlanText } from 'shared-contracts';
import { accounts, aiAgents, calls, campaignLeads, conversations } from '../../src/db/schema';
import { DEMO_RECORDING_PATH } from '../../src/modules/recordings/recording-links';
import { createAdmin, createAiAgent, createCall, createConversation, createLead, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { playRecording } from '../helpers/recordings';
import { call, type ApiResponse, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const typed = (phone: string) => `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk',
  handleCallType: 'inbound',
  greeting: 'Thanks for calling, how can I help?',
  prompt: 'Answer questions about opening hours.',
  voiceId: 'openai-nova',
  phoneNumber: typed(uniquePhone()),
  ...overrides,
});

const setPlan = (server: TestServer, accountId: string, plan: typeof accounts.$inferInsert['plan']) =>
  server.db.update(accounts).set({ plan }).where(eq(accounts.id, accountId));

async function uploadKnowledge(server: TestServer, token: string, type: 'knowledge' | 'prompt') {
  const form = new FormData();
  form.append('file', new Blob(['We open at nine.'], { type: 'text/plain' }), 'hours.txt');
  const response = await fetch(`${server.origin}/v1/knowledge/generate-text?type=${type}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  return { status: response.status, body: (await response.json()) as ApiResponse['body'] };
}

const APP_ORIGIN = 'http://127.0.0.1:3000';
/** Buys a plan through the simulator's checkout, as the plans page does. */
async function buyPlan(server: TestServer, token: string, planId: string) {
  const started = await fetch(`${server.origin}/v1/billing/create-checkout-session`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: APP_ORIGIN },
    body: JSON.stringify({ planId, period: 'monthly' }),
  }).then(async (r) => (await r.json()) as { data: { sessionId: string } });
  const paid = await fetch(`${server.origin}/v1/billing/simulator/checkout/${started.data.sessionId}/pay`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '',
  });
  assert.equal(paid.status, 303);
}

export function entitlementsSuite(ctx: SuiteContext) {
  describe('plan entitlements', () => {
    it('the summary report answers 403 naming Efficiency Plus on the free plan and Time Saver Basic, and 200 on Efficiency Plus', async () => {
      for (const plan of ['free', 'time-saver-basic'] as const) {
        const t = await createTenant(ctx.server, { plan });
        const res = await call(ctx.server, 'POST', 'call/get-call-summaries', { token: t.ownerToken, body: {} });
        assert.equal(res.status, 403, plan);
        assert.equal(res.body.message, 'Your plan does not include reports; it comes with the Efficiency Plus plan and higher');
        assert.equal(res.body.message, featureNeedsPlanText('reports'));
      }
      const paid = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const ok = await call(ctx.server, 'POST', 'call/get-call-summaries', { token: paid.ownerToken, body: {} });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assertContract(contract.callSummaries.getCallSummaries, ok.body);
    });

    it('call recordings: a plan without them gets no link and a signed link stops playing; the recording is kept and plays again on upgrade', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const theCall = await createCall(ctx.server.db, { accountId: t.account.id });
      await createConversation(ctx.server.db, { callId: theCall.id, recordingUrl: DEMO_RECORDING_PATH });
      const linkOf = async () => {
        const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: {} });
        assert.equal(logs.status, 200);
        return logs.body.data.find((c: { id: string }) => c.id === theCall.id).conversation.recordingUrl as string | null;
      };
      const link = await linkOf();
      assert.ok(link);
      assert.equal((await playRecording(ctx.server, link)).status, 200);

      // Another writer changes the plan (a billing webhook on another instance): the account's
      // cached pages are dropped at once, well within their own short life.
      await setPlan(ctx.server, t.account.id, 'free');
      assert.equal(await waitFor(linkOf, (now) => now === null, 1_000), null, 'the call logs answer no link');
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${theCall.id}`, { token: t.ownerToken });
      assert.equal(report.body.data.call.conversation.recordingUrl, null, 'nor does the call report');
      const refused = await playRecording(ctx.server, link);
      assert.equal(refused.status, 403);
      const [kept] = await ctx.server.db.select({ url: conversations.recordingUrl }).from(conversations).where(eq(conversations.callId, theCall.id));
      assert.equal(kept!.url, DEMO_RECORDING_PATH, 'the recording is kept');

      await setPlan(ctx.server, t.account.id, 'performance-suite');
      assert.equal((await playRecording(ctx.server, link)).status, 200, 'plays again on a plan with recordings');
      assert.ok(await waitFor(linkOf, (now) => now !== null, 1_000), 'and the call logs link it again');
    });

    it('call routing: a transfer number needs Efficiency Plus; a stored one can be saved again unchanged after a downgrade', async () => {
      const free = await createTenant(ctx.server);
      const refused = await call(ctx.server, 'POST', 'agent/create-agent', { token: free.ownerToken, body: agentBody({ transferNumber: typed(uniquePhone()) }) });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.message, 'Your plan does not include call routing; it comes with the Efficiency Plus plan and higher');
      assert.equal((await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.accountId, free.account.id))).length, 0, 'nothing is created');
      assert.equal((await call(ctx.server, 'POST', 'agent/create-agent', { token: free.ownerToken, body: agentBody() })).status, 200, 'without one it is created');

      const paid = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const transfer = typed(uniquePhone());
      const body = agentBody({ transferNumber: transfer });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: paid.ownerToken, body });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const id = created.body.data.id as string;
      await setPlan(ctx.server, paid.account.id, 'free');
      const same = await call(ctx.server, 'PATCH', `agent/update-agent/${id}`, { token: paid.ownerToken, body: { ...body, name: 'Renamed' } });
      assert.equal(same.status, 200, JSON.stringify(same.body));
      const changed = await call(ctx.server, 'PATCH', `agent/update-agent/${id}`, { token: paid.ownerToken, body: { ...body, transferNumber: typed(uniquePhone()) } });
      assert.equal(changed.status, 403);
      const [row] = await ctx.server.db.select({ name: aiAgents.name, transferNumber: aiAgents.transferNumber }).from(aiAgents).where(eq(aiAgents.id, id));
      assert.equal(row!.name, 'Renamed');
      assert.equal(row!.transferNumber, created.body.data.transferNumber, 'the refused change changed nothing');
    });

    it('custom knowledge base: an agent\'s own knowledge and a knowledge upload need Performance Suite; drafting instructions does not', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const text = 'Your plan does not include custom knowledge base; it comes with the Performance Suite plan and higher';
      const refused = await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: agentBody({ knowledge: 'We open at nine.' }) });
      assert.deepEqual([refused.status, refused.body.message], [403, text]);
      const upload = await uploadKnowledge(ctx.server, t.ownerToken, 'knowledge');
      assert.deepEqual([upload.status, upload.body.message], [403, text]);
      assert.equal((await uploadKnowledge(ctx.server, t.ownerToken, 'prompt')).status, 200);

      await setPlan(ctx.server, t.account.id, 'performance-suite');
      assert.equal((await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: agentBody({ knowledge: 'We open at nine.' }) })).status, 200);
      assert.equal((await uploadKnowledge(ctx.server, t.ownerToken, 'knowledge')).status, 200);
    });

    it('bulk outbound calls: starting a campaign on a plan without them answers 403 naming Efficiency Plus and starts nothing', async () => {
      const t = await createTenant(ctx.server, { plan: 'time-saver-basic' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const res = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: t.ownerToken, body: { agentId: agent.id, status: true } });
      assert.equal(res.status, 403);
      assert.equal(res.body.message, 'Your plan does not include bulk outbound calls; it comes with the Efficiency Plus plan and higher');
      const [row] = await ctx.server.db.select({ active: aiAgents.campaignActive }).from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.equal(row!.active, false);
    });

    it('a campaign whose plan fell to Free pauses on its next claim, places no call, says why, and resumes when the account buys a plan with bulk outbound calls', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound', campaignActive: true });
      await setPlan(ctx.server, t.account.id, 'free');
      const lead = await createLead(ctx.server.db, { accountId: t.account.id });
      // Adding leads wakes the dialer, whose claim finds the plan no longer allows it.
      const added = await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [lead.id] } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const agentRow = async () => (await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id)))[0]!;
      const paused = await waitFor(agentRow, (row) => row.campaignPausedReason === 'plan');
      assert.deepEqual([paused.campaignActive, paused.campaignPausedReason], [false, 'plan']);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.aiAgentId, agent.id))).length, 0, 'no call is placed');
      const [leadRow] = await ctx.server.db.select().from(campaignLeads).where(eq(campaignLeads.aiAgentId, agent.id));
      assert.equal(leadRow!.state, 'queued');

      const list = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: t.ownerToken });
      const listed = list.body.data.find((a: { id: string }) => a.id === agent.id);
      assert.equal(listed.campaignPausedReason, 'plan', 'the agent list carries the reason');
      assert.match(CAMPAIGN_PAUSED_TEXT.plan, /upgrade/);

      await buyPlan(ctx.server, t.ownerToken, 'efficiency-plus');
      const resumed = await agentRow();
      assert.deepEqual([resumed.campaignActive, resumed.campaignPausedReason], [true, null], 'resumed as the plan is bought');
      const placed = await waitFor(() => ctx.server.db.select().from(calls).where(eq(calls.aiAgentId, agent.id)), (rows) => rows.length === 1);
      assert.equal(placed.length, 1, 'the campaign calls its lead');
    });

    it('an administrator moving the account to a plan with bulk outbound calls resumes its plan-paused campaign', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound', campaignActive: false, campaignPausedReason: 'plan' });
      const admin = await createAdmin(ctx.server);
      const changed = await call(ctx.server, 'PATCH', `account/update-account/${t.account.id}`, { token: admin.token, body: { plan: 'performance-suite' } });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      const [row] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.deepEqual([row!.campaignActive, row!.campaignPausedReason], [true, null]);
    });

    it('a campaign its owner paused stays paused after an upgrade', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound', campaignActive: false });
      await buyPlan(ctx.server, t.ownerToken, 'efficiency-plus');
      const [row] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      assert.deepEqual([row!.campaignActive, row!.campaignPausedReason], [false, null]);
    });
  });
}
