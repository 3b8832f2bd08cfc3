import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CALL_END_REASONS, contract } from 'shared-contracts';
import { callbackRequests } from '../../src/db/schema';
import { createAiAgent, createCall, createConversation, createLead, createTenant, createUser, signIn, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const callSid = () => `CA${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

export function callsSuite(ctx: SuiteContext) {
  describe('calls', () => {
    it('get-call-stats counts exactly the account\'s rows', async () => {
      const { account, ownerToken } = await createTenant(ctx.server, { timeZone: 'UTC' });
      const db = ctx.server.db;
      const accountId = account.id;
      await createCall(db, { accountId, direction: 'inbound', status: 'completed', durationSeconds: 60, startedAt: hoursAgo(1) });
      await createCall(db, { accountId, direction: 'inbound', status: 'completed', durationSeconds: 120, startedAt: hoursAgo(30) });
      await createCall(db, { accountId, direction: 'inbound', status: 'missed', durationSeconds: 0, startedAt: hoursAgo(50) });
      await createCall(db, { accountId, direction: 'outbound', status: 'completed', durationSeconds: 181, startedAt: hoursAgo(2) });
      await createCall(db, { accountId, direction: 'outbound', status: 'busy', durationSeconds: 0, startedAt: hoursAgo(3) });
      await createCall(db, { accountId, direction: 'outbound', status: 'ringing', durationSeconds: 0, startedAt: hoursAgo(0.1) });
      // Older than the 14-day chart: counted in the totals only.
      await createCall(db, { accountId, direction: 'inbound', status: 'voicemail', durationSeconds: 0, startedAt: hoursAgo(24 * 20) });
      // Another account's call must not leak in.
      const other = await createTenant(ctx.server);
      await createCall(db, { accountId: other.account.id, direction: 'inbound', startedAt: hoursAgo(1) });

      const res = await call(ctx.server, 'GET', `call/get-call-stats/${accountId}`, { token: ownerToken });
      assert.equal(res.status, 200);
      assertContract(contract.call.getCallStats, res.body);
      const { byDay, ...totals } = res.body.data;
      assert.deepEqual(totals, {
        total: 7, inbound: 4, outbound: 3, answered: 3, missed: 3,
        averageDurationSeconds: Math.round((60 + 120 + 181) / 3),
      });
      assert.equal(byDay.length, 14);
      const today = new Date().toISOString().slice(0, 10);
      assert.equal(byDay[13].date, today);
      assert.ok(byDay.every((d: { date: string }, i: number) => i === 0 || d.date > byDay[i - 1].date), 'oldest first');
      const sum = (key: 'inbound' | 'outbound') => byDay.reduce((n: number, d: Record<string, number>) => n + d[key]!, 0);
      assert.equal(sum('inbound'), 3);
      assert.equal(sum('outbound'), 3);

      const outbound = await call(ctx.server, 'GET', `call/get-call-stats/${accountId}?direction=outbound`, { token: ownerToken });
      const { byDay: outDays, ...outTotals } = outbound.body.data;
      assert.deepEqual(outTotals, { total: 3, inbound: 0, outbound: 3, answered: 1, missed: 1, averageDurationSeconds: 181 });
      assert.equal(outDays.reduce((n: number, d: { inbound: number }) => n + d.inbound, 0), 0);

      const bad = await call(ctx.server, 'GET', `call/get-call-stats/${accountId}?direction=sideways`, { token: ownerToken });
      assert.deepEqual([bad.status, bad.body.message], [400, 'Direction must be inbound or outbound']);
    });

    it('get-call-logs lists the account\'s calls, newest first, with search, direction and paging', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const ai = await createAiAgent(db, { accountId: account.id, name: 'Receptionist' });
      const lead = await createLead(db, { accountId: account.id, fullName: 'Zelda Findme' });
      const older = await createCall(db, { accountId: account.id, startedAt: hoursAgo(5), aiAgentId: ai.id, leadId: lead.id });
      const newer = await createCall(db, { accountId: account.id, direction: 'outbound', startedAt: hoursAgo(1) });
      const other = await createTenant(ctx.server);
      await createCall(db, { accountId: other.account.id });

      const all = await call(ctx.server, 'POST', 'call/get-call-logs', { token: ownerToken, body: {} });
      assert.equal(all.status, 200);
      assertContract(contract.call.getCallLogs, all.body);
      assert.equal(all.body.total, 2);
      assert.deepEqual(all.body.data.map((c: { id: string }) => c.id), [newer.id, older.id]);
      const row = all.body.data[1];
      assert.deepEqual(row.aiAgent, { id: ai.id, name: 'Receptionist' });
      assert.deepEqual(row.lead, { id: lead.id, fullName: 'Zelda Findme', phoneNumber: lead.phoneNumber });
      assert.equal(row.conversation, null);

      const found = await call(ctx.server, 'POST', 'call/get-call-logs', { token: ownerToken, body: { search: 'findme' } });
      assert.deepEqual([found.body.total, found.body.data[0]?.id], [1, older.id]);
      const outbound = await call(ctx.server, 'POST', 'call/get-call-logs', { token: ownerToken, body: { direction: 'outbound' } });
      assert.deepEqual(outbound.body.data.map((c: { id: string }) => c.id), [newer.id]);
      const page2 = await call(ctx.server, 'POST', 'call/get-call-logs', { token: ownerToken, body: { page: 2, limit: 1 } });
      assert.deepEqual([page2.body.total, page2.body.data[0]?.id], [2, older.id]);
    });

    it('get-agent-call-logs returns only the calls the signed-in agent handled', async () => {
      const { account, agent, agentToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const colleague = await createUser(db, { accountId: account.id, role: 'AGENT' });
      const mine = [
        await createCall(db, { accountId: account.id, agentUserId: agent.id, startedAt: hoursAgo(2) }),
        await createCall(db, { accountId: account.id, agentUserId: agent.id, startedAt: hoursAgo(1), direction: 'outbound' }),
      ];
      await createCall(db, { accountId: account.id, agentUserId: colleague.id });
      await createCall(db, { accountId: account.id });

      const res = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: agentToken, body: { page: 1, limit: 10 } });
      assert.equal(res.status, 200);
      assertContract(contract.call.getAgentCallLogs, res.body);
      assert.equal(res.body.total, 2);
      assert.deepEqual(res.body.data.map((c: { id: string }) => c.id), [mine[1]!.id, mine[0]!.id]);
      assert.equal(res.body.data[0].agent.id, agent.id);

      const colleagueToken = await signIn(ctx.server, colleague.email);
      const theirs = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: colleagueToken, body: {} });
      assert.equal(theirs.body.total, 1);
    });

    it('a call log row and the call\'s report say why the call ended and carry the message the AI agent took', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const number = uniquePhone();
      const messaged = await createCall(db, { accountId: account.id, startedAt: hoursAgo(2), endReason: CALL_END_REASONS.messageTaken });
      const requestedAt = new Date('2026-03-10T14:03:00.000Z');
      await db.insert(callbackRequests).values({
        accountId: account.id, callId: messaged.id, callerName: 'Ada Caller', phoneNumber: number, reason: 'Her crown came loose', requestedAt,
      });
      const hungUp = await createCall(db, { accountId: account.id, startedAt: hoursAgo(1), endReason: CALL_END_REASONS.callerHungUp });

      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: ownerToken, body: {} });
      assert.equal(logs.status, 200, JSON.stringify(logs.body));
      assertContract(contract.call.getCallLogs, logs.body);
      assert.deepEqual(logs.body.data.map((c: { id: string; endReason: string | null; callbackRequest: unknown }) => [c.id, c.endReason, c.callbackRequest]), [
        [hungUp.id, 'The caller hung up', null],
        [messaged.id, 'Nobody was available: the agent took a message', {
          callerName: 'Ada Caller', phoneNumber: number, reason: 'Her crown came loose', requestedAt: requestedAt.toISOString(),
        }],
      ]);
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${messaged.id}`, { token: ownerToken });
      assert.equal(report.status, 200, JSON.stringify(report.body));
      assert.equal(report.body.data.call.callbackRequest.reason, 'Her crown came loose');

      // Another account sees neither the call nor its message.
      const other = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `call/get-call-reports/${messaged.id}`, { token: other.ownerToken })).status, 404);
      const theirLogs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: other.ownerToken, body: {} });
      assert.equal(theirLogs.body.total, 0);
    });

    it('get-incoming-call gives the agent the call\'s id, who is calling, why and what was said; other accounts and USERs are refused', async () => {
      const { account, ownerToken, agentToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const ai = await createAiAgent(db, { accountId: account.id, name: 'Front Desk' });
      const lead = await createLead(db, { accountId: account.id, fullName: 'Ada Caller' });
      const sid = callSid();
      const handed = await createCall(db, {
        accountId: account.id, status: 'in-progress', callSid: sid, aiAgentId: ai.id, leadId: lead.id, fromNumber: lead.phoneNumber,
      });
      await createConversation(db, { callId: handed.id, handoffReason: 'Wants to move her appointment' }, [
        { authorType: 'ai', content: 'Hello, Acme Dental.' }, { authorType: 'lead', content: 'I need a person.' },
      ]);
      // The caller's earlier calls with the account (in and out), newest first; another caller's and another account's are not.
      const day = 86_400_000;
      const first = await createCall(db, { accountId: account.id, fromNumber: lead.phoneNumber, aiAgentId: ai.id, startedAt: new Date(Date.now() - 3 * day) });
      await createConversation(db, { callId: first.id, summary: 'Booked a cleaning for Tuesday.', outcome: 'appointment-booked' });
      const back = await createCall(db, { accountId: account.id, direction: 'outbound', toNumber: lead.phoneNumber, startedAt: new Date(Date.now() - day) });
      await createCall(db, { accountId: account.id, startedAt: new Date(Date.now() - 2 * day) });
      await createCall(db, { accountId: (await createTenant(ctx.server)).account.id, fromNumber: lead.phoneNumber });

      const res = await call(ctx.server, 'GET', `call/get-incoming-call/${sid}`, { token: agentToken });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.call.getIncomingCall, res.body);
      const { transcript, previousCalls, ...who } = res.body.data;
      assert.deepEqual(previousCalls, [
        { id: back.id, startedAt: back.startedAt.toISOString(), aiAgentName: null, summary: null, outcome: null },
        { id: first.id, startedAt: first.startedAt.toISOString(), aiAgentName: 'Front Desk', summary: 'Booked a cleaning for Tuesday.', outcome: 'appointment-booked' },
      ]);
      assert.deepEqual(who, {
        callSid: sid, callId: handed.id, from: lead.phoneNumber, callerName: 'Ada Caller', aiAgentName: 'Front Desk', reason: 'Wants to move her appointment', offeredBy: null,
      });
      assert.deepEqual(transcript.map((l: { authorType: string; content: string }) => [l.authorType, l.content]), [
        ['ai', 'Hello, Acme Dental.'], ['lead', 'I need a person.'],
      ]);

      const other = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `call/get-incoming-call/${sid}`, { token: other.agentToken })).status, 404);
      assert.equal((await call(ctx.server, 'GET', `call/get-incoming-call/${sid}`, { token: ownerToken })).status, 403);
    });
  });
}
