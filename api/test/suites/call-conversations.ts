import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { callRatings } from '../../src/db/schema';
import {
  createAiAgent, createAppointment, createCall, createConversation, createLead, createTenant, createUser, missingId,
} from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function callConversationsSuite(ctx: SuiteContext) {
  async function answeredCall() {
    const tenant = await createTenant(ctx.server, { plan: 'efficiency-plus' });
    const db = ctx.server.db;
    const aiAgent = await createAiAgent(db, { accountId: tenant.account.id, name: 'Front Desk' });
    const human = await createUser(db, { accountId: tenant.account.id, role: 'AGENT', firstName: 'Grace', lastName: 'Hopper' });
    const lead = await createLead(db, { accountId: tenant.account.id, fullName: 'Ada Caller' });
    const theCall = await createCall(db, { accountId: tenant.account.id, direction: 'outbound', aiAgentId: aiAgent.id, agentUserId: human.id, leadId: lead.id });
    const conversation = await createConversation(db, {
      callId: theCall.id, recordingUrl: 'https://recordings.example.com/1.mp3', summary: 'Booked a cleaning.', sentiment: 'positive',
    }, [
      { authorType: 'ai', content: 'Hello from Acme Dental.' },
      { authorType: 'lead', content: 'I need a cleaning.' },
      { authorType: 'agent', content: 'Grace here, Tuesday works.' },
    ]);
    return { ...tenant, aiAgent, human, lead, theCall, conversation };
  }

  describe('call conversations', () => {
    it('get-conversation-messages returns the direction and the turns oldest first with who spoke', async () => {
      const t = await answeredCall();
      const res = await call(ctx.server, 'POST', `conversation/get-conversation-messages/${t.account.id}`, {
        token: t.ownerToken, body: { conversation_id: t.conversation.id },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.conversation.getConversationMessages, res.body);
      assert.equal(res.body.data.callDirection, 'outbound');
      const turns = res.body.data.messages.map((m: { authorType: string; content: string; agent: unknown; lead: unknown }) =>
        [m.authorType, m.content, m.agent, m.lead]);
      assert.deepEqual(turns, [
        ['ai', 'Hello from Acme Dental.', { id: t.aiAgent.id, name: 'Front Desk' }, null],
        ['lead', 'I need a cleaning.', null, { id: t.lead.id, fullName: 'Ada Caller', phoneNumber: t.lead.phoneNumber }],
        ['agent', 'Grace here, Tuesday works.', { id: t.human.id, name: 'Grace Hopper' }, null],
      ]);
    });

    it('get-call-reports gives the log row with the recording, the summary and whether a booking came of it', async () => {
      const t = await answeredCall();
      await createAppointment(ctx.server.db, { accountId: t.account.id, leadId: t.lead.id, callId: t.theCall.id });
      const res = await call(ctx.server, 'GET', `call/get-call-reports/${t.theCall.id}`, { token: t.ownerToken });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.call.getCallReports, res.body);
      const report = res.body.data;
      assert.equal(report.call.id, t.theCall.id);
      assert.deepEqual(report.call.conversation, { id: t.conversation.id, recordingUrl: 'https://recordings.example.com/1.mp3' });
      assert.equal(report.call.lead.fullName, 'Ada Caller');
      assert.deepEqual([report.summary, report.sentiment, report.appointmentBooked, report.transcriptAvailable], ['Booked a cleaning.', 'positive', true, true]);

      const missed = await createCall(ctx.server.db, { accountId: t.account.id, status: 'missed' });
      const bare = await call(ctx.server, 'GET', `call/get-call-reports/${missed.id}`, { token: t.ownerToken });
      assert.deepEqual([bare.body.data.call.conversation, bare.body.data.summary, bare.body.data.appointmentBooked, bare.body.data.transcriptAvailable], [null, null, false, false]);
    });

    it('rate-call stores a score and issue, rating again replaces it, get-call-feedback reads it', async () => {
      const t = await answeredCall();
      const none = await call(ctx.server, 'GET', `call/get-call-feedback/${t.theCall.id}`, { token: t.ownerToken });
      assert.equal(none.status, 200);
      assert.equal(none.body.data, null);
      const first = await call(ctx.server, 'POST', `call/rate-call/${t.theCall.id}`, { token: t.ownerToken, body: { score: 2, issue: 'echo' } });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assertContract(contract.callFeedback.rateCall, first.body);
      const second = await call(ctx.server, 'POST', `call/rate-call/${t.theCall.id}`, { token: t.ownerToken, body: { score: 5 } });
      assert.deepEqual([second.body.data.score, second.body.data.issue], [5, null]);
      const read = await call(ctx.server, 'GET', `call/get-call-feedback/${t.theCall.id}`, { token: t.ownerToken });
      assertContract(contract.callFeedback.getCallFeedback, read.body);
      assert.deepEqual([read.body.data.score, read.body.data.issue], [5, null]);
      const rows = await ctx.server.db.select().from(callRatings).where(eq(callRatings.callId, t.theCall.id));
      assert.equal(rows.length, 1);
    });

    it('rate-call refuses a score outside 1-5 or an unlisted issue, storing nothing', async () => {
      const t = await answeredCall();
      const cases: Array<[unknown, string]> = [
        [{ score: 0 }, 'Score must be from 1 to 5'],
        [{ score: 6 }, 'Score must be from 1 to 5'],
        [{ score: 2.5 }, 'Score must be a whole number'],
        [{}, 'Score is required'],
        [{ score: 3, issue: 'too-loud' }, 'Choose one of the listed issues'],
      ];
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'POST', `call/rate-call/${t.theCall.id}`, { token: t.ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.message, message);
      }
      const rows = await ctx.server.db.select().from(callRatings).where(and(eq(callRatings.callId, t.theCall.id)));
      assert.equal(rows.length, 0);
    });

    it('another account\'s call and conversation are not found, and nothing is rated', async () => {
      const t = await answeredCall();
      const other = await createTenant(ctx.server);
      const token = other.ownerToken;
      const attempts = [
        call(ctx.server, 'POST', `conversation/get-conversation-messages/${other.account.id}`, { token, body: { conversation_id: t.conversation.id } }),
        call(ctx.server, 'POST', `conversation/get-conversation-messages/${t.account.id}`, { token, body: { conversation_id: t.conversation.id } }),
        call(ctx.server, 'GET', `call/get-call-reports/${t.theCall.id}`, { token }),
        call(ctx.server, 'POST', `call/rate-call/${t.theCall.id}`, { token, body: { score: 1 } }),
        call(ctx.server, 'GET', `call/get-call-feedback/${t.theCall.id}`, { token }),
        call(ctx.server, 'GET', `call/get-call-reports/${missingId()}`, { token }),
      ];
      for (const res of await Promise.all(attempts)) assert.equal(res.status, 404);
      const rows = await ctx.server.db.select().from(callRatings).where(eq(callRatings.callId, t.theCall.id));
      assert.equal(rows.length, 0);
      const bad = await call(ctx.server, 'POST', `conversation/get-conversation-messages/${t.account.id}`, { token: t.ownerToken, body: { conversation_id: 'nope' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Choose a conversation');
    });
  });
}
