import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CAMPAIGN_CALLING_HOURS, CAMPAIGN_MAX_ATTEMPTS, contract, nextCallingTime, withinCallingHours } from 'shared-contracts';
import type { CampaignPacing } from '../../src/config';
import { aiAgents, calls, campaignLeads, leads } from '../../src/db/schema';
import { campaignDialJob } from '../../src/modules/campaign';
import { claimDueLeads } from '../../src/modules/campaign/claim-due-leads';
import { SIMULATED_CALLEES } from '../../src/modules/telephony/simulator-provider';
import { createAiAgent, createLead, createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder } from '../helpers/relay';
import { call, startServer, type ApiResponse, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { nextOfType } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import { fakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO } from '../helpers/twilio-fixture';
import { createTwilioProvider } from '../../src/modules/telephony/twilio-provider';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import twilio from 'twilio';

const PAID = { plan: 'efficiency-plus' } as const;

async function uploadCsv(server: TestServer, token: string, agentId: string, csv: string | Uint8Array, name = 'leads.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const response = await fetch(`${server.origin}/v1/campaign/upload-leads?agentId=${agentId}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  return { status: response.status, body: (await response.json()) as ApiResponse['body'] };
}

const campaignRows = (server: TestServer, agentId: string) =>
  server.db.select().from(campaignLeads).where(eq(campaignLeads.aiAgentId, agentId));

const callsTo = (server: TestServer, agentId: string) =>
  server.db.select({ id: calls.id, toNumber: calls.toNumber, status: calls.status }).from(calls).where(eq(calls.aiAgentId, agentId));

const toggle = (server: TestServer, token: string, agentId: string, status: boolean) =>
  call(server, 'POST', 'campaign/toggle-campaign', { token, body: { agentId, status } });

/** A zone whose local hour is inside (or outside) calling hours right now. */
function zoneWhere(inside: boolean): string {
  const zones = Intl.supportedValuesOf('timeZone');
  const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const fits = (zone: string) => {
    const hour = hourIn(zone);
    const open = hour >= CAMPAIGN_CALLING_HOURS.startHour && hour < CAMPAIGN_CALLING_HOURS.endHour;
    // Two hours clear of the edges, so the hour cannot turn while the test runs.
    const clear = inside
      ? hour >= CAMPAIGN_CALLING_HOURS.startHour + 1 && hour < CAMPAIGN_CALLING_HOURS.endHour - 1
      : hour !== CAMPAIGN_CALLING_HOURS.startHour - 1 && hour !== CAMPAIGN_CALLING_HOURS.endHour;
    return open === inside && clear;
  };
  const zone = zones.find((z) => z.includes('/') && !z.startsWith('Etc/') && fits(z));
  assert.ok(zone, 'some zone is inside and some outside calling hours at any moment');
  return zone;
}

const PACING: CampaignPacing = { maxConcurrentCalls: 3, callsPerMinute: 10, tickSeconds: 1, retryDelaySeconds: 1, anyHour: false };

/** An active outbound campaign with `n` queued leads, set up directly: no dialing job is queued for it. */
async function quietCampaign(server: TestServer, accountId: string, leadValues: Array<Partial<typeof leads.$inferInsert>>) {
  const agent = await createAiAgent(server.db, { accountId, handleCallType: 'outbound', campaignActive: true });
  const made = [];
  for (const values of leadValues) {
    const lead = await createLead(server.db, { accountId, ...values });
    await server.db.insert(campaignLeads).values({ aiAgentId: agent.id, leadId: lead.id, accountId });
    made.push(lead);
  }
  return { agent, leads: made };
}

export function campaignsSuite(ctx: SuiteContext) {
  describe('campaigns', () => {
    // The callees talk with the agent as the local responder answers.
    answeredByLocalResponder(ctx);
    it('a USER adds picked leads to an outbound agent\'s campaign; another account\'s leads or agent, an inbound agent and other roles are refused and add nothing', async () => {
      const t = await createTenant(ctx.server, PAID);
      const other = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const inbound = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const theirAgent = await createAiAgent(ctx.server.db, { accountId: other.account.id, handleCallType: 'both' });
      const ada = await createLead(ctx.server.db, { accountId: t.account.id, fullName: 'Ada Lovelace' });
      const bob = await createLead(ctx.server.db, { accountId: t.account.id, fullName: 'Bob Marley' });
      const theirLead = await createLead(ctx.server.db, { accountId: other.account.id });

      const picker = await call(ctx.server, 'POST', 'lead/get-leads', { token: t.ownerToken, body: { search: 'ada' } });
      assert.equal(picker.status, 200);
      assertContract(contract.lead.getLeads, picker.body);
      assert.deepEqual(picker.body.data.map((l: { id: string }) => l.id), [ada.id]);
      const all = await call(ctx.server, 'POST', 'lead/get-leads', { token: t.ownerToken, body: {} });
      assert.deepEqual(all.body.data.map((l: { id: string }) => l.id).sort(), [ada.id, bob.id].sort(), 'only the account\'s own leads');

      const added = await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [ada.id, bob.id] } });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      assertContract(contract.campaign.addCampaignLeads, added.body);
      assert.deepEqual(added.body.data, { added: 2, alreadyInCampaign: 0, created: 0, refused: [], progress: { total: 2, called: 0, answered: 0, remaining: 2 } });
      const again = await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [ada.id] } });
      assert.deepEqual([again.body.data.added, again.body.data.alreadyInCampaign], [0, 1]);

      const refusals: Array<[string, unknown, number, string]> = [
        [t.ownerToken, { agentId: agent.id, leadIds: [ada.id, theirLead.id] }, 404, 'Not found'],
        [t.ownerToken, { agentId: agent.id, leadIds: [missingId()] }, 404, 'Not found'],
        [t.ownerToken, { agentId: theirAgent.id, leadIds: [ada.id] }, 404, 'Not found'],
        [t.ownerToken, { agentId: inbound.id, leadIds: [ada.id] }, 400, 'This agent takes only inbound calls; let it make outbound calls first'],
        [t.ownerToken, { agentId: agent.id, leadIds: [] }, 400, 'Choose the leads to add'],
        [t.ownerToken, { leadIds: [ada.id] }, 400, 'Choose an agent'],
      ];
      for (const [token, body, status, message] of refusals) {
        const res = await call(ctx.server, 'POST', 'campaign/add-leads', { token, body });
        assert.equal(res.status, status, JSON.stringify(body));
        assert.equal(res.body.message, message);
      }
      assert.equal((await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.agentToken, body: { agentId: agent.id, leadIds: [bob.id] } })).status, 403);
      assert.equal((await call(ctx.server, 'GET', `campaign/get-campaign-leads/${theirAgent.id}`, { token: t.ownerToken })).status, 404);
      assert.equal((await campaignRows(ctx.server, inbound.id)).length, 0);
      assert.equal((await campaignRows(ctx.server, theirAgent.id)).length, 0);

      const list = await call(ctx.server, 'GET', `campaign/get-campaign-leads/${agent.id}`, { token: t.ownerToken });
      assert.equal(list.status, 200);
      assertContract(contract.campaign.getCampaignLeads, list.body);
      assert.equal(list.body.total, 2);
      assert.deepEqual(list.body.data.map((l: { fullName: string; state: string; timeZone: string }) => [l.fullName, l.state, l.timeZone]), [
        ['Ada Lovelace', 'queued', t.account.timeZone], ['Bob Marley', 'queued', t.account.timeZone],
      ]);
      const agents = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: t.ownerToken });
      assertContract(contract.agent.getAgents, agents.body);
      const row = agents.body.data.find((a: { id: string }) => a.id === agent.id);
      assert.deepEqual(row.campaign, { total: 2, called: 0, answered: 0, remaining: 2 });
    });

    it('a CSV adds its good rows, reuses the account\'s leads by number, and reports each refused row by line and reason', async () => {
      const t = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'both' });
      const known = await createLead(ctx.server.db, { accountId: t.account.id, fullName: 'Known Caller', phoneNumber: '+12125550111' });
      const csv = [
        'Name,Phone,Email,Time zone',
        'Grace Hopper,(212) 555-0100,grace@example.com,America/Chicago',
        ',212 555 0101,,',
        'Alan Turing,555-0102,,',
        '"Known, Caller",+1 212-555-0111,,',
        'Linus,2125550100,,',
        'Ken Thompson,2125550103,not-an-email,',
        'Dennis Ritchie,2125550104,,Mars/Olympus',
        '',
        '"Barbara ""Babs"" Liskov",12125550105,,',
        '<b>Bold</b>,2125550106,,',
        '"Unclosed,2125550107,,',
      ].join('\r\n');
      const res = await uploadCsv(ctx.server, t.ownerToken, agent.id, csv);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.campaign.uploadCampaignLeads, res.body);
      assert.deepEqual(res.body.data.refused, [
        { line: 3, reason: 'Name is required' },
        { line: 4, reason: 'Phone number must be a US number: +1 followed by ten digits' },
        { line: 6, reason: 'The same phone number is on line 2' },
        { line: 7, reason: 'Email is not a valid address' },
        { line: 8, reason: 'Time zone is not a known zone such as America/Chicago' },
        { line: 11, reason: 'Name must be plain text, without HTML tags' },
        { line: 12, reason: 'The row has an unclosed quote' },
      ]);
      assert.deepEqual([res.body.data.added, res.body.data.created, res.body.data.alreadyInCampaign], [3, 2, 0]);
      const inCampaign = await ctx.server.db.select({ fullName: leads.fullName, phoneNumber: leads.phoneNumber, timeZone: leads.timeZone, email: leads.email })
        .from(campaignLeads).innerJoin(leads, eq(leads.id, campaignLeads.leadId)).where(eq(campaignLeads.aiAgentId, agent.id)).orderBy(leads.phoneNumber);
      assert.deepEqual(inCampaign, [
        { fullName: 'Grace Hopper', phoneNumber: '+12125550100', timeZone: 'America/Chicago', email: 'grace@example.com' },
        { fullName: 'Barbara "Babs" Liskov', phoneNumber: '+12125550105', timeZone: null, email: null },
        { fullName: 'Known Caller', phoneNumber: '+12125550111', timeZone: null, email: null },
      ]);
      const knownRows = await ctx.server.db.select().from(leads).where(and(eq(leads.accountId, t.account.id), eq(leads.phoneNumber, known.phoneNumber)));
      assert.equal(knownRows.length, 1, 'the existing lead is reused, not copied');

      const repeat = await uploadCsv(ctx.server, t.ownerToken, agent.id, 'phone,name\n2125550100,Grace Hopper\n');
      assert.deepEqual([repeat.body.data.added, repeat.body.data.created, repeat.body.data.alreadyInCampaign], [0, 0, 1]);
    });

    it('refuses a CSV without name and phone columns, one that is not UTF-8, and uploads to another account\'s or an inbound agent, changing nothing', async () => {
      const t = await createTenant(ctx.server, PAID);
      const other = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const inbound = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const theirs = await createAiAgent(ctx.server.db, { accountId: other.account.id, handleCallType: 'outbound' });
      const good = 'name,phone\nAda,2125550100\n';
      const cases: Array<[string, string | Uint8Array, number, string]> = [
        [agent.id, 'first,last\nAda,Lovelace\n', 400, 'The first line must name the columns, with at least "name" and "phone"'],
        [agent.id, 'name,phone\n', 400, 'The CSV has no leads under its header'],
        [agent.id, new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x2c, 0x70, 0x68, 0x6f, 0x6e, 0x65, 0x0a, 0xff, 0xfe, 0x2c, 0x31, 0x0a]), 400, 'The CSV is not UTF-8 text; save it as "CSV UTF-8" and upload it again'],
        [inbound.id, good, 400, 'This agent takes only inbound calls; let it make outbound calls first'],
        [theirs.id, good, 404, 'Not found'],
        [missingId(), good, 404, 'Not found'],
      ];
      for (const [agentId, csv, status, message] of cases) {
        const res = await uploadCsv(ctx.server, t.ownerToken, agentId, csv);
        assert.equal(res.status, status, message);
        assert.equal(res.body.message, message);
      }
      const asAgent = await uploadCsv(ctx.server, t.agentToken, agent.id, good);
      assert.equal(asAgent.status, 403);
      for (const id of [agent.id, inbound.id, theirs.id]) assert.equal((await campaignRows(ctx.server, id)).length, 0);
      assert.equal((await ctx.server.db.select().from(leads).where(eq(leads.accountId, t.account.id))).length, 0);
    });

    it('a running campaign calls its leads through the simulator, never more at once than the account\'s cap, and the agent list shows the progress', async () => {
      const t = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const made = await Promise.all([0, 1, 2, 3].map(() => createLead(ctx.server.db, { accountId: t.account.id })));
      await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: made.map((l) => l.id) } });
      assert.equal((await toggle(ctx.server, t.ownerToken, agent.id, true)).status, 200);

      let mostAtOnce = 0;
      const rows = await waitFor(async () => {
        const now = await campaignRows(ctx.server, agent.id);
        mostAtOnce = Math.max(mostAtOnce, now.filter((r) => r.state === 'calling').length);
        return now;
      }, (now) => now.every((r) => r.state === 'answered'), 40_000);
      assert.deepEqual(rows.map((r) => r.state), ['answered', 'answered', 'answered', 'answered']);
      assert.ok(mostAtOnce >= 1 && mostAtOnce <= ctx.server.app.config.campaignPacing.maxConcurrentCalls, `at most the cap at once (saw ${mostAtOnce})`);
      const placed = await callsTo(ctx.server, agent.id);
      assert.deepEqual(placed.map((c) => c.toNumber).sort(), made.map((l) => l.phoneNumber).sort(), 'one call per lead');
      assert.ok(placed.every((c) => c.status === 'completed'));

      const agents = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: t.ownerToken });
      assert.deepEqual(agents.body.data.find((a: { id: string }) => a.id === agent.id).campaign, { total: 4, called: 4, answered: 4, remaining: 0 });
      await toggle(ctx.server, t.ownerToken, agent.id, false);
    });

    it('busy and unanswered leads are called again after the retry delay, up to the attempt limit', async () => {
      const t = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const busy = await createLead(ctx.server.db, { accountId: t.account.id, phoneNumber: SIMULATED_CALLEES.busy });
      const away = await createLead(ctx.server.db, { accountId: t.account.id, phoneNumber: SIMULATED_CALLEES.noAnswer });
      await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [busy.id, away.id] } });
      await toggle(ctx.server, t.ownerToken, agent.id, true);
      const rows = await waitFor(() => campaignRows(ctx.server, agent.id),
        (now) => now.every((r) => r.attempts === CAMPAIGN_MAX_ATTEMPTS && r.state !== 'calling'), 45_000);
      const byLead = new Map(rows.map((r) => [r.leadId, r]));
      assert.deepEqual([byLead.get(busy.id)!.state, byLead.get(busy.id)!.attempts, byLead.get(busy.id)!.nextAttemptAt], ['busy', 3, null]);
      assert.deepEqual([byLead.get(away.id)!.state, byLead.get(away.id)!.attempts, byLead.get(away.id)!.nextAttemptAt], ['no-answer', 3, null]);
      const placed = await callsTo(ctx.server, agent.id);
      assert.deepEqual(placed.filter((c) => c.toNumber === busy.phoneNumber).map((c) => c.status), ['busy', 'busy', 'busy']);
      assert.deepEqual(placed.filter((c) => c.toNumber === away.phoneNumber).map((c) => c.status), ['missed', 'missed', 'missed']);
      // Nothing left to call: no further attempt however long it runs.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      assert.equal((await callsTo(ctx.server, agent.id)).length, 6);
      const agents = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: t.ownerToken });
      assert.deepEqual(agents.body.data.find((a: { id: string }) => a.id === agent.id).campaign, { total: 2, called: 2, answered: 0, remaining: 0 });
      const listed = await call(ctx.server, 'GET', `campaign/get-campaign-leads/${agent.id}`, { token: t.ownerToken });
      assert.deepEqual(listed.body.data.map((l: { state: string; attempts: number; nextAttemptAt: string | null }) => [l.state, l.attempts, l.nextAttemptAt]).sort(),
        [['busy', 3, null], ['no-answer', 3, null]]);
      await toggle(ctx.server, t.ownerToken, agent.id, false);
    });

    it('turning the campaign off stops the dialing: no lead is called after it answers, and turning it on again goes on', async () => {
      const t = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const made = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createLead(ctx.server.db, { accountId: t.account.id })));
      await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: made.map((l) => l.id) } });
      await toggle(ctx.server, t.ownerToken, agent.id, true);
      await waitFor(() => callsTo(ctx.server, agent.id), (placed) => placed.length > 0, 10_000);
      assert.equal((await toggle(ctx.server, t.ownerToken, agent.id, false)).status, 200);
      // A call being placed at that very moment still goes out; none is claimed after.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const atStop = (await callsTo(ctx.server, agent.id)).length;
      assert.ok(atStop <= 3, 'the first look called at most the cap');
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      assert.equal((await callsTo(ctx.server, agent.id)).length, atStop, 'no call after the campaign was turned off');
      const waiting = (await campaignRows(ctx.server, agent.id)).filter((r) => r.state === 'queued');
      assert.equal(waiting.length, 6 - atStop);
      assert.ok(waiting.every((r) => r.attempts === 0));

      await toggle(ctx.server, t.ownerToken, agent.id, true);
      const rows = await waitFor(() => campaignRows(ctx.server, agent.id), (now) => now.every((r) => r.state === 'answered'), 40_000);
      assert.ok(rows.every((r) => r.state === 'answered' && r.attempts === 1));
      assert.equal((await callsTo(ctx.server, agent.id)).length, 6);
      await toggle(ctx.server, t.ownerToken, agent.id, false);
    });

    it('two API instances dialing one campaign never call a lead twice', async () => {
      const second = await startServer(ctx.server.db);
      try {
        const t = await createTenant(ctx.server, PAID);
        const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
        const made = await Promise.all([0, 1, 2, 3, 4].map(() => createLead(ctx.server.db, { accountId: t.account.id })));
        await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: made.map((l) => l.id) } });
        await ctx.server.db.update(aiAgents).set({ campaignActive: true }).where(eq(aiAgents.id, agent.id));
        // Both instances look at the campaign at the same moment, again and again.
        for (let round = 0; round < 3; round++) {
          await Promise.all([ctx.server.app, second.app, ctx.server.app, second.app].map((app) => campaignDialJob.handle(app, { agentId: agent.id })));
        }
        const rows = await waitFor(() => campaignRows(ctx.server, agent.id), (now) => now.every((r) => r.state === 'answered'), 40_000);
        assert.ok(rows.every((r) => r.attempts === 1), 'each lead was claimed once');
        const placed = await callsTo(ctx.server, agent.id);
        assert.deepEqual(placed.map((c) => c.toNumber).sort(), made.map((l) => l.phoneNumber).sort(), 'one call per lead');
        await ctx.server.db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
      } finally {
        await second.close();
      }
    });

    it('a running campaign whose dialing was lost picks up when an API instance starts', async () => {
      const t = await createTenant(ctx.server, PAID);
      // On, with leads queued, and no look waiting: as after looks that ran out of retries.
      const { agent } = await quietCampaign(ctx.server, t.account.id, [{}, {}]);
      const restarted = await startServer(ctx.server.db);
      try {
        const rows = await waitFor(() => campaignRows(ctx.server, agent.id), (now) => now.every((r) => r.state === 'answered'), 30_000);
        assert.deepEqual(rows.map((r) => [r.state, r.attempts]), [['answered', 1], ['answered', 1]]);
      } finally {
        await ctx.server.db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
        await restarted.close();
      }
    });

    it('a claim keeps to calling hours in the lead\'s time zone (else the account\'s) and to the account\'s caps across its agents', async () => {
      const t = await createTenant(ctx.server, { ...PAID, timeZone: zoneWhere(false) });
      const db = ctx.server.db;
      const { agent, leads: [awake, asleep, accountZone] } = await quietCampaign(ctx.server, t.account.id, [
        { timeZone: zoneWhere(true) }, { timeZone: zoneWhere(false) }, { timeZone: null },
      ]);
      const claim = await claimDueLeads(db, agent.id, PACING);
      assert.ok(claim.active);
      assert.deepEqual(claim.leads.map((l) => l.leadId), [awake!.id], 'only the lead whose local time is within calling hours');
      const waiting = await db.select({ leadId: campaignLeads.leadId, state: campaignLeads.state }).from(campaignLeads)
        .where(inArray(campaignLeads.leadId, [asleep!.id, accountZone!.id]));
      assert.ok(waiting.every((r) => r.state === 'queued'));

      const u = await createTenant(ctx.server, PAID);
      const first = await quietCampaign(ctx.server, u.account.id, [{}, {}, {}]);
      const secondAgent = await quietCampaign(ctx.server, u.account.id, [{}, {}]);
      const anyHour = { ...PACING, anyHour: true };
      const capped = { ...anyHour, maxConcurrentCalls: 2 };
      const a = await claimDueLeads(db, first.agent.id, capped);
      const b = await claimDueLeads(db, secondAgent.agent.id, capped);
      assert.deepEqual([a.active && a.leads.length, b.active && b.leads.length], [2, 0], 'two calls in progress for the account fill its cap');
      // One call ends: one slot frees, for whichever agent looks next.
      await db.update(campaignLeads).set({ state: 'answered' }).where(and(eq(campaignLeads.aiAgentId, first.agent.id), eq(campaignLeads.state, 'calling'), eq(campaignLeads.leadId, a.active ? a.leads[0]!.leadId : '')));
      const c = await claimDueLeads(db, secondAgent.agent.id, capped);
      assert.equal(c.active && c.leads.length, 1);

      const perMinute = { ...anyHour, maxConcurrentCalls: 10, callsPerMinute: 4 };
      await db.update(campaignLeads).set({ state: 'answered' }).where(eq(campaignLeads.accountId, u.account.id));
      const d = await claimDueLeads(db, first.agent.id, perMinute);
      assert.equal(d.active && d.leads.length, 1, 'three calls started this minute leave room for one more');

      await db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, secondAgent.agent.id));
      assert.deepEqual(await claimDueLeads(db, secondAgent.agent.id, anyHour), { active: false }, 'a campaign turned off claims nothing');
      await db.update(aiAgents).set({ campaignActive: false }).where(inArray(aiAgents.accountId, [t.account.id, u.account.id]));
    });

    it('a lead claimed by an instance that died before calling is called later; a call that ended unnoticed is settled from the call log', async () => {
      const t = await createTenant(ctx.server, PAID);
      const db = ctx.server.db;
      const { agent, leads: [orphan, settled] } = await quietCampaign(ctx.server, t.account.id, [{}, {}]);
      await db.update(campaignLeads).set({ state: 'calling', attempts: 1, lastAttemptAt: sql`now() - interval '5 minutes'`, nextAttemptAt: null })
        .where(eq(campaignLeads.leadId, orphan!.id));
      const [ended] = await db.insert(calls).values({
        accountId: t.account.id, aiAgentId: agent.id, direction: 'outbound', status: 'busy', fromNumber: agent.phoneNumber!, toNumber: settled!.phoneNumber,
      }).returning();
      await db.update(campaignLeads).set({ state: 'calling', attempts: 1, lastAttemptAt: sql`now()`, nextAttemptAt: null, callId: ended!.id })
        .where(eq(campaignLeads.leadId, settled!.id));
      await campaignDialJob.handle(ctx.server.app, { agentId: agent.id });
      const rows = await waitFor(() => campaignRows(ctx.server, agent.id), (now) => now.find((r) => r.leadId === orphan!.id)?.state === 'answered', 20_000);
      const byLead = new Map(rows.map((r) => [r.leadId, r]));
      assert.deepEqual([byLead.get(orphan!.id)!.state, byLead.get(orphan!.id)!.attempts], ['answered', 2]);
      assert.ok(['busy', 'calling', 'answered'].includes(byLead.get(settled!.id)!.state));
      assert.ok(byLead.get(settled!.id)!.attempts >= 1);
      assert.equal((await callsTo(ctx.server, agent.id)).filter((c) => c.toNumber === orphan!.phoneNumber).length, 1);
      await db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
    });

    it('on Twilio, a campaign call is the REST call the test call makes, and the status callback moves the lead on', async () => {
      // Retries far off, so only this instance's own dialing is seen.
      const server = await startServer(ctx.server.db, {
        twilio: TWILIO, publicApiUrl: PUBLIC_URL, campaignPacing: { ...ctx.server.app.config.campaignPacing, retryDelaySeconds: 600 },
      });
      const cloud = await fakeTwilioCloud();
      server.app.telephony.provider = createTwilioProvider(TWILIO, PUBLIC_URL, { httpClient: cloud.httpClient });
      const signedPost = (path: string, params: Record<string, string>) => fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      try {
        const t = await createTenant(server, PAID);
        const { agent, leads: [away, talker] } = await quietCampaign(server, t.account.id, [{ fullName: 'A Away' }, { fullName: 'B Talker' }]);
        await campaignDialJob.handle(server.app, { agentId: agent.id });
        await server.db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
        const sent = cloud.requests.filter((r) => r.form.get('From') === agent.phoneNumber);
        assert.deepEqual(sent.map((r) => r.form.get('To')), [away!.phoneNumber, talker!.phoneNumber]);
        assert.ok(sent.every((r) => r.form.get('StatusCallback') === `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.callStatus}`));
        const placed = await server.db.select({ callSid: calls.callSid, toNumber: calls.toNumber, id: calls.id }).from(calls).where(eq(calls.aiAgentId, agent.id));
        const sidOf = (phone: string) => placed.find((c) => c.toNumber === phone)!.callSid!;

        assert.equal((await signedPost(TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: sidOf(away!.phoneNumber), CallStatus: 'no-answer' })).status, 204);
        const twiml = new URL(sent[1]!.form.get('Url')!);
        assert.equal((await signedPost(`${twiml.pathname}${twiml.search}`, { CallSid: sidOf(talker!.phoneNumber), CallStatus: 'in-progress' })).status, 200);
        await signedPost(TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: sidOf(talker!.phoneNumber), CallStatus: 'completed', CallDuration: '42' });

        const rows = new Map((await campaignRows(server, agent.id)).map((r) => [r.leadId, r]));
        const retry = rows.get(away!.id)!;
        assert.deepEqual([retry.state, retry.attempts], ['no-answer', 1]);
        const wait = (retry.nextAttemptAt!.getTime() - Date.now()) / 1000;
        assert.ok(wait > 590 && wait <= 600, `called again after the retry delay (in ${wait} s)`);
        assert.deepEqual([rows.get(talker!.id)!.state, rows.get(talker!.id)!.nextAttemptAt], ['answered', null]);
      } finally {
        await server.close();
        await cloud.close();
      }
    });

    it('a campaign cannot start on an inbound agent or an agent with no number', async () => {
      const t = await createTenant(ctx.server, PAID);
      const inbound = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const noNumber = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound', phoneNumber: null });
      const a = await toggle(ctx.server, t.ownerToken, inbound.id, true);
      assert.deepEqual([a.status, a.body.message], [400, 'This agent takes only inbound calls; let it make outbound calls first']);
      const b = await toggle(ctx.server, t.ownerToken, noNumber.id, true);
      assert.deepEqual([b.status, b.body.message], [400, 'Give this agent a phone number before starting its campaign']);
      const rows = await ctx.server.db.select({ active: aiAgents.campaignActive }).from(aiAgents).where(inArray(aiAgents.id, [inbound.id, noNumber.id]));
      assert.ok(rows.every((r) => !r.active));

      const running = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'both' });
      assert.equal((await toggle(ctx.server, t.ownerToken, running.id, true)).status, 200);
      const changed = await call(ctx.server, 'PATCH', `agent/update-agent/${running.id}`, { token: t.ownerToken, body: { handleCallType: 'inbound' } });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.data.campaignActive, false, 'an agent made inbound-only stops its campaign');
    });

    it('"Next call" of a lead whose retry falls after calling hours is when its window next opens, and the dialer does not call it before', async () => {
      const server = await startServer(ctx.server.db, { campaignPacing: { ...PACING, anyHour: false } });
      try {
        const t = await createTenant(ctx.server, PAID);
        const zone = zoneWhere(false);
        // Off, so no dialer of either server looks at it: the claim below is the dialer's.
        const { agent, leads: [lead] } = await quietCampaign(ctx.server, t.account.id, [{ timeZone: zone }]);
        await ctx.server.db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
        // A retry due a minute ago, outside the lead's hours: as a lead that did not answer at 7:51 PM.
        await ctx.server.db.update(campaignLeads).set({ state: 'no-answer', attempts: 1, nextAttemptAt: sql`now() - interval '1 minute'` })
          .where(eq(campaignLeads.leadId, lead!.id));
        const list = await call(server, 'GET', `campaign/get-campaign-leads/${agent.id}`, { token: t.ownerToken });
        assert.equal(list.status, 200);
        assertContract(contract.campaign.getCampaignLeads, list.body);
        const shown = new Date(list.body.data[0].nextAttemptAt as string);
        assert.deepEqual(shown, nextCallingTime(new Date(), zone), 'the next opening of the lead\'s window');
        assert.ok(withinCallingHours(shown, zone));
        const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(shown));
        assert.equal(hour, CAMPAIGN_CALLING_HOURS.startHour);
        assert.ok(shown > new Date(), 'later than now');
        await ctx.server.db.update(aiAgents).set({ campaignActive: true }).where(eq(aiAgents.id, agent.id));
        const claim = await claimDueLeads(ctx.server.db, agent.id, { ...PACING, anyHour: false });
        await ctx.server.db.update(aiAgents).set({ campaignActive: false }).where(eq(aiAgents.id, agent.id));
        assert.deepEqual(claim.active && claim.leads, [], 'the claim agrees: not callable now');
      } finally {
        await server.close();
      }
    });

    it('a USER removes a lead from a campaign: it is called no more, stays in the account, and the progress and socket say so; another account cannot', async () => {
      const t = await createTenant(ctx.server, PAID);
      const other = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const [ada, bob] = [await createLead(ctx.server.db, { accountId: t.account.id }), await createLead(ctx.server.db, { accountId: t.account.id })];
      await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [ada!.id, bob!.id] } });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      try {
        assert.equal((await room.next()).type, 'INITIAL_STATUS');
        const removeAda = `campaign/remove-lead/${agent.id}/${ada!.id}`;
        assert.equal((await call(ctx.server, 'DELETE', removeAda, { token: other.ownerToken })).status, 404, 'another account\'s agent');
        assert.equal((await call(ctx.server, 'DELETE', `campaign/remove-lead/${agent.id}/${(await createLead(ctx.server.db, { accountId: other.account.id })).id}`, { token: t.ownerToken })).status, 404, 'another account\'s lead');
        assert.equal((await call(ctx.server, 'DELETE', removeAda, { token: t.agentToken })).status, 403);
        assert.equal((await campaignRows(ctx.server, agent.id)).length, 2, 'refusals remove nothing');

        const removed = await call(ctx.server, 'DELETE', removeAda, { token: t.ownerToken });
        assert.equal(removed.status, 200, JSON.stringify(removed.body));
        assertContract(contract.campaign.removeCampaignLead, removed.body);
        assert.deepEqual(removed.body.data, { total: 1, called: 0, answered: 0, remaining: 1 });
        const pushed = await nextOfType(room, 'CAMPAIGN_UPDATED');
        assert.deepEqual(pushed, { type: 'CAMPAIGN_UPDATED', agentId: agent.id, campaignActive: false, campaignPausedReason: null, progress: { total: 1, called: 0, answered: 0, remaining: 1 } });
        assert.deepEqual((await campaignRows(ctx.server, agent.id)).map((r) => r.leadId), [bob!.id]);
        assert.equal((await ctx.server.db.select().from(leads).where(eq(leads.id, ada!.id))).length, 1, 'the lead stays in the account');
        assert.equal((await call(ctx.server, 'DELETE', removeAda, { token: t.ownerToken })).status, 404, 'removed once');
      } finally {
        room.close();
      }
    });

    it('a running campaign\'s progress reaches the account\'s dashboards over the socket as leads are called and answered', async () => {
      const t = await createTenant(ctx.server, PAID);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const lead = await createLead(ctx.server.db, { accountId: t.account.id });
      await call(ctx.server, 'POST', 'campaign/add-leads', { token: t.ownerToken, body: { agentId: agent.id, leadIds: [lead.id] } });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      try {
        assert.equal((await room.next()).type, 'INITIAL_STATUS');
        assert.equal((await toggle(ctx.server, t.ownerToken, agent.id, true)).status, 200);
        const seen: Array<{ campaignActive: boolean; called: number; answered: number; remaining: number }> = [];
        for (;;) {
          const update = await nextOfType(room, 'CAMPAIGN_UPDATED', 20_000);
          assert.equal(update.agentId, agent.id);
          seen.push({ campaignActive: update.campaignActive, ...update.progress });
          if (update.progress.answered === 1) break;
        }
        assert.deepEqual(seen[0], { campaignActive: true, total: 1, called: 0, answered: 0, remaining: 1 }, 'switched on');
        assert.ok(seen.some((p) => p.called === 1 && p.remaining === 1), 'the lead is being called');
        assert.deepEqual(seen.at(-1), { campaignActive: true, total: 1, called: 1, answered: 1, remaining: 0 }, 'answered');
      } finally {
        room.close();
        await toggle(ctx.server, t.ownerToken, agent.id, false);
      }
    });
  });
}
