import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contract } from 'shared-contracts';
import { createAiAgent, createAppointment, createCall, createConversation, createLead, createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const at = (iso: string) => new Date(iso);

export function reportsSuite(ctx: SuiteContext) {
  describe('reports', () => {
    it('get-appointments-reports pages the account\'s appointments latest first with the lead and agent', async () => {
      const t = await createTenant(ctx.server, { timeZone: 'America/New_York', plan: 'efficiency-plus' });
      const db = ctx.server.db;
      const agent = await createAiAgent(db, { accountId: t.account.id, name: 'Booker' });
      const ada = await createLead(db, { accountId: t.account.id, fullName: 'Ada Lovelace' });
      const bob = await createLead(db, { accountId: t.account.id, fullName: 'Bob Builder' });
      const theCall = await createCall(db, { accountId: t.account.id });
      const a1 = await createAppointment(db, { accountId: t.account.id, leadId: ada.id, aiAgentId: agent.id, callId: theCall.id, dateTime: at('2026-03-03T14:00:00Z'), notes: 'Cleaning' });
      const a2 = await createAppointment(db, { accountId: t.account.id, leadId: bob.id, dateTime: at('2026-03-05T14:00:00Z'), status: 'cancelled' });
      // 03:30 UTC on March 4 is still March 3 in New York.
      const a3 = await createAppointment(db, { accountId: t.account.id, leadId: bob.id, dateTime: at('2026-03-04T03:30:00Z') });
      const other = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const theirLead = await createLead(db, { accountId: other.account.id });
      await createAppointment(db, { accountId: other.account.id, leadId: theirLead.id, dateTime: at('2026-03-03T15:00:00Z') });

      const list = (body: object) => call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: t.ownerToken, body });
      const all = await list({});
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assertContract(contract.appointment.getAppointmentsReports, all.body);
      assert.equal(all.body.total, 3);
      assert.deepEqual(all.body.data.map((r: { id: string }) => r.id), [a2.id, a3.id, a1.id]);
      const first = all.body.data[2];
      assert.deepEqual([first.lead.fullName, first.aiAgent.name, first.callId, first.notes, first.durationMinutes], ['Ada Lovelace', 'Booker', theCall.id, 'Cleaning', 30]);

      const ids = async (body: object) => (await list(body)).body.data.map((r: { id: string }) => r.id);
      assert.deepEqual(await ids({ from: '2026-03-03', to: '2026-03-03' }), [a3.id, a1.id]);
      assert.deepEqual(await ids({ status: 'cancelled' }), [a2.id]);
      assert.deepEqual(await ids({ search: 'lovelace' }), [a1.id]);
      assert.deepEqual(await ids({ agentId: agent.id }), [a1.id]);
      const paged = await list({ page: 2, limit: 2 });
      assert.deepEqual([paged.body.total, paged.body.data.map((r: { id: string }) => r.id)], [3, [a1.id]]);
    });

    it('get-appointments-reports refuses bad filters and another account\'s agent', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const other = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const theirAgent = await createAiAgent(ctx.server.db, { accountId: other.account.id });
      const list = (body: object) => call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: t.ownerToken, body });
      const cases: Array<[object, string]> = [
        [{ from: '2026-03-05', to: '2026-03-01' }, 'The start date must be on or before the end date'],
        [{ from: '03/05/2026' }, 'Dates use the format YYYY-MM-DD'],
        [{ status: 'lost' }, 'Choose a listed status'],
        [{ limit: 1000 }, 'Must be at most 100'],
      ];
      for (const [body, message] of cases) {
        const res = await list(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.message, message);
      }
      assert.equal((await list({ agentId: theirAgent.id })).status, 404);
    });

    it('get-call-summaries lists call reports with summary, sentiment and booking, filtered by day and sentiment', async () => {
      const t = await createTenant(ctx.server, { timeZone: 'America/New_York', plan: 'efficiency-plus' });
      const db = ctx.server.db;
      const lead = await createLead(db, { accountId: t.account.id, fullName: 'Cara Client' });
      const happy = await createCall(db, { accountId: t.account.id, leadId: lead.id, startedAt: at('2026-03-03T15:00:00Z') });
      await createConversation(db, { callId: happy.id, summary: 'Booked a cleaning.', sentiment: 'positive' }, [{ authorType: 'lead', content: 'Hi' }]);
      await createAppointment(db, { accountId: t.account.id, leadId: lead.id, callId: happy.id });
      const grumpy = await createCall(db, { accountId: t.account.id, direction: 'outbound', startedAt: at('2026-03-05T15:00:00Z') });
      await createConversation(db, { callId: grumpy.id, summary: 'Wanted a refund.', sentiment: 'negative' });
      const silent = await createCall(db, { accountId: t.account.id, status: 'missed', startedAt: at('2026-03-04T15:00:00Z') });
      const other = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      await createCall(db, { accountId: other.account.id, startedAt: at('2026-03-04T15:00:00Z') });

      const list = (body: object) => call(ctx.server, 'POST', 'call/get-call-summaries', { token: t.ownerToken, body });
      const all = await list({});
      assert.equal(all.status, 200, JSON.stringify(all.body));
      assertContract(contract.callSummaries.getCallSummaries, all.body);
      assert.equal(all.body.total, 3);
      assert.deepEqual(all.body.data.map((r: { call: { id: string } }) => r.call.id), [grumpy.id, silent.id, happy.id]);
      const first = all.body.data[2];
      assert.deepEqual([first.summary, first.sentiment, first.appointmentBooked, first.transcriptAvailable, first.call.lead.fullName],
        ['Booked a cleaning.', 'positive', true, true, 'Cara Client']);
      assert.deepEqual([all.body.data[1].summary, all.body.data[1].appointmentBooked], [null, false]);

      const ids = async (body: object) => (await list(body)).body.data.map((r: { call: { id: string } }) => r.call.id);
      assert.deepEqual(await ids({ sentiment: 'negative' }), [grumpy.id]);
      assert.deepEqual(await ids({ from: '2026-03-04', to: '2026-03-05' }), [grumpy.id, silent.id]);
      assert.deepEqual(await ids({ direction: 'outbound' }), [grumpy.id]);
      assert.deepEqual(await ids({ search: 'cara' }), [happy.id]);
      const counted = await list({ sentiment: 'positive', limit: 1 });
      assert.equal(counted.body.total, 1);
      const bad = await list({ sentiment: 'angry' });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Choose positive, neutral or negative');
      const agentRole = await call(ctx.server, 'POST', 'call/get-call-summaries', { token: t.agentToken, body: {} });
      assert.equal(agentRole.status, 403);
    });
  });
}
