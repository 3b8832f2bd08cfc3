import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { contract, LOCAL_RESPONDER_LABEL, webhookEventSchema, type AnalysisFieldValue } from 'shared-contracts';
import { aiClients, appointments, calls } from '../../src/db/schema';
import { createCredentialCipher } from '../../src/modules/ai-client/credential-cipher';
import { localDateTime } from '../../src/modules/voice-agent/responders/call-analysis';
import { callWrapUpJob } from '../../src/modules/voice-agent/responders/call-wrap-up';
import { createAiAgent, createAiClientRow, createCall, createConversation, createTenant, createWebhookEndpoint, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { startFakeProvider, type FakeProvider } from 'shared-test-kit';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call, TEST_CONFIG } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { webhookReceiver } from '../helpers/webhook-receiver';

const NEW_YORK = 'America/New_York';
const ALL_WEEK = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '08:00', end: '20:00' } as const;

const FIELDS: AnalysisFieldValue[] = [
  { name: 'Appointment', type: 'date', description: 'When the visit is booked', options: [] },
  { name: 'Caller phone', type: 'text', description: '', options: [] },
  { name: 'Caller name', type: 'text', description: '', options: [] },
  { name: 'Booked', type: 'yes-no', description: 'Did the caller book a visit?', options: [] },
  { name: 'Outcome', type: 'choice', description: '', options: ['Booked', 'Question answered', 'Other'] },
  { name: 'Party size', type: 'number', description: 'How many people are coming', options: [] },
];

export function callAnalysisSuite(ctx: SuiteContext) {
  describe('post-call analysis the business defines', () => {
    answeredByLocalResponder(ctx);
    let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
    before(async () => { receiver = await webhookReceiver(); });
    after(async () => { await receiver?.close(); });

    it('fields and a criterion saved on an agent are filled by the rules after a call that books, on every place a call is read', async () => {
      const t = await createTenant(ctx.server, { timeZone: NEW_YORK, plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'both', workingHours: { ...ALL_WEEK, days: [...ALL_WEEK.days] } });
      const saved = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, {
        token: t.ownerToken, body: { analysisFields: FIELDS, successCriterion: 'The caller booked an appointment.' },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assertContract(contract.agent.updateAgent, saved.body);
      assert.deepEqual([saved.body.data.analysisFields, saved.body.data.successCriterion], [FIELDS, 'The caller booked an appointment.']);
      await createWebhookEndpoint(ctx.server, t.ownerToken, { url: receiver.url('/analysed'), events: ['call.completed'] });

      const from = uniquePhone();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      caller.say('I would like to book an appointment.');
      await caller.nextReply();
      caller.say('Tomorrow please.');
      await caller.nextReply();
      caller.say('At 3 pm.');
      assert.match(await caller.nextReply(), /booked/i);
      await caller.hangUp();

      const [appointment] = await ctx.server.db.select().from(appointments).where(eq(appointments.callId, callId));
      const slot = localDateTime(appointment!.dateTime, NEW_YORK);
      assert.equal(slot.time, '15:00');
      const expected = {
        fields: [
          { name: 'Appointment', type: 'date', value: `${slot.date}T15:00` },
          { name: 'Caller phone', type: 'text', value: from },
          // The lead is named after the number until the caller says their name: no name is known.
          { name: 'Caller name', type: 'text', value: null },
          { name: 'Booked', type: 'yes-no', value: true },
          { name: 'Outcome', type: 'choice', value: 'Booked' },
          { name: 'Party size', type: 'number', value: null },
        ],
        success: true,
        successReason: 'An appointment was booked on the call.',
        analysedBy: LOCAL_RESPONDER_LABEL,
      };

      const got = await waitFor(() => call(ctx.server, 'GET', `call/get-call/${callId}`, { token: t.ownerToken }), (res) => res.body.data?.analysis != null);
      assertContract(contract.call.getCall, got.body);
      assert.deepEqual(got.body.data.analysis, expected);
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${callId}`, { token: t.ownerToken });
      assertContract(contract.call.getCallReports, report.body);
      assert.deepEqual(report.body.data.analysis, expected);
      const summaries = await call(ctx.server, 'POST', 'call/get-call-summaries', { token: t.ownerToken, body: {} });
      assertContract(contract.callSummaries.getCallSummaries, summaries.body);
      assert.deepEqual(summaries.body.data.find((r: { call: { id: string } }) => r.call.id === callId)?.analysis, expected);

      const [delivery] = await waitFor(async () => receiver.at('/analysed'), (r) => r.length >= 1, 10_000);
      const event = v.parse(webhookEventSchema('call.completed'), delivery!.json);
      assert.deepEqual([event.data.callId, event.data.analysis], [callId, expected]);

      const other = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `call/get-call/${callId}`, { token: other.ownerToken })).status, 404);
    });

    it('the rules judge a transfer, leave success unjudged when the criterion is beyond them, and an agent that asks nothing gets no analysis', async () => {
      const t = await createTenant(ctx.server, { timeZone: NEW_YORK });
      const asks = await createAiAgent(ctx.server.db, { accountId: t.account.id, analysisFields: [], successCriterion: 'The caller sounded like a returning customer.' });
      const silent = await createAiAgent(ctx.server.db, { accountId: t.account.id });
      const handsOver = await createAiAgent(ctx.server.db, {
        accountId: t.account.id,
        analysisFields: [
          { name: 'Put through', type: 'yes-no', description: 'Was the caller transferred?', options: [] },
          { name: 'Result', type: 'choice', description: '', options: ['Booked', 'Sent to staff', 'Other'] },
          { name: 'Result in words', type: 'text', description: '', options: [] },
        ],
        successCriterion: 'The caller reached a person.',
      });
      const analysed = async (aiAgentId: string, transferred = false) => {
        const theCall = await createCall(ctx.server.db, { accountId: t.account.id, aiAgentId, status: 'completed' });
        await createConversation(ctx.server.db, { callId: theCall.id }, [{ authorType: 'ai', content: 'Hello.' }, { authorType: 'lead', content: 'Is parking free?' }]);
        await callWrapUpJob.handle(ctx.server.app, { callId: theCall.id, transferred });
        return (await call(ctx.server, 'GET', `call/get-call/${theCall.id}`, { token: t.ownerToken })).body.data.analysis;
      };
      assert.deepEqual(await analysed(asks.id), {
        fields: [], success: null, successReason: 'This criterion needs a language model to judge; none is configured.', analysedBy: LOCAL_RESPONDER_LABEL,
      });
      assert.equal(await analysed(silent.id), null);
      assert.deepEqual(await analysed(handsOver.id, true), {
        fields: [
          { name: 'Put through', type: 'yes-no', value: true }, { name: 'Result', type: 'choice', value: 'Sent to staff' },
          { name: 'Result in words', type: 'text', value: 'Transferred' },
        ],
        success: true, successReason: 'The caller was put through to a person.', analysedBy: LOCAL_RESPONDER_LABEL,
      });
    });

    it('bad field definitions are refused with the error under the field', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id });
      const refused = async (body: object) => {
        const res = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: t.ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        return JSON.stringify(res.body);
      };
      assert.match(await refused({ analysisFields: [{ name: 'Size', type: 'choice', options: ['One'] }] }), /Give at least two choices/);
      assert.match(await refused({ analysisFields: [{ name: 'Size', type: 'colour' }] }), /Choose text, number, yes\/no, date or one of a list/);
      assert.match(await refused({ analysisFields: [{ name: 'Size', type: 'number' }, { name: 'size', type: 'text' }] }), /Each field needs its own name/);
      assert.match(await refused({ successCriterion: 'x'.repeat(1001) }), /Success criterion must be at most 1000 characters/);
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.aiAgentId, agent.id));
      assert.equal(row, undefined);
      const read = await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: t.ownerToken });
      assert.deepEqual([read.body.data.analysisFields, read.body.data.successCriterion], [[], '']);
    });
  });

  describe('post-call analysis by a language model (a stand-in provider)', () => {
    let provider: FakeProvider;
    let clientId = '';
    /** What the stand-in answers to the analysis request; the summary request always gets a good summary. */
    let analysisAnswer: () => object = () => ({});
    before(async () => {
      provider = await startFakeProvider('openai', (_index, seen) => (seen.body.response_format === undefined
        ? [{ text: JSON.stringify({ summary: 'The caller booked a table for four.', outcome: 'answered', sentiment: 'positive' }) }]
        : analysisAnswer() as never));
      const row = await createAiClientRow(ctx.server.db, { provider: 'OpenAI', model: 'stand-in' });
      const credentialsCiphertext = createCredentialCipher(TEST_CONFIG.credentialsKey).encrypt(JSON.stringify({ apiKey: 'sk-test', baseUrl: provider.baseUrl }), row.id);
      await ctx.server.db.update(aiClients).set({ credentialsCiphertext, enabled: true }).where(eq(aiClients.id, row.id));
      clientId = row.id;
    });
    after(async () => {
      // AI clients are global: the suites after this one answer with the local responder again.
      await ctx.server.db.delete(aiClients).where(eq(aiClients.id, clientId));
      await provider?.close();
    });

    async function wrappedUp() {
      const t = await createTenant(ctx.server, { timeZone: NEW_YORK });
      const agent = await createAiAgent(ctx.server.db, {
        accountId: t.account.id, textClientId: clientId, analysisFields: FIELDS, successCriterion: 'The caller books a table.',
      });
      const theCall = await createCall(ctx.server.db, { accountId: t.account.id, aiAgentId: agent.id, status: 'completed' });
      await createConversation(ctx.server.db, { callId: theCall.id }, [
        { authorType: 'ai', content: 'Hello, Trattoria.' },
        { authorType: 'lead', content: 'Hi, this is Ada Lovelace, a table for four on Friday at 8 please.' },
        { authorType: 'ai', content: 'Done, see you Friday.' },
      ]);
      await callWrapUpJob.handle(ctx.server.app, { callId: theCall.id, transferred: false });
      const got = await call(ctx.server, 'GET', `call/get-call/${theCall.id}`, { token: t.ownerToken });
      assertContract(contract.call.getCall, got.body);
      return got.body.data as { summary: string; analysis: { fields: Array<{ name: string; value: unknown }>; success: boolean | null; successReason: string; analysedBy: string } };
    }

    it('fills the fields through structured output; a value of the wrong type or outside the choices is null', async () => {
      analysisAnswer = () => [{ text: JSON.stringify({
        fields: {
          Appointment: '2030-02-30', 'Caller phone': { nested: true }, 'Caller name': '  Ada\n Lovelace ', Booked: 'yes', Outcome: 'Maybe', 'Party size': '4',
          'Not a field': 'ignored',
        },
        success: true,
        successReason: 'A table was booked\nfor Friday.',
      }) }];
      const got = await wrappedUp();
      assert.equal(got.summary, 'The caller booked a table for four.');
      assert.deepEqual(got.analysis.fields.map((f) => [f.name, f.value]), [
        ['Appointment', null], ['Caller phone', null], ['Caller name', 'Ada Lovelace'], ['Booked', true], ['Outcome', null], ['Party size', 4],
      ]);
      assert.deepEqual([got.analysis.success, got.analysis.successReason, got.analysis.analysedBy], [true, 'A table was booked for Friday.', 'OpenAI stand-in']);
      const asked = provider.requests.find((r) => r.body.response_format !== undefined)!;
      assert.match(JSON.stringify(asked.body), /The caller books a table\./, 'the model is given the criterion');
      // A server without native structured output is asked for JSON and told each key in words.
      assert.deepEqual(asked.body.response_format, { type: 'json_object' });
      const system = (asked.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'system')!.content;
      assert.match(system, /"Outcome": one of "Booked", "Question answered", "Other"/);
    });

    it('an analysis the model cannot give falls back to the rules, the model\'s summary kept', async () => {
      analysisAnswer = () => ({ status: 500, message: 'overloaded' });
      const got = await wrappedUp();
      assert.equal(got.summary, 'The caller booked a table for four.');
      assert.equal(got.analysis.analysedBy, LOCAL_RESPONDER_LABEL);
      // Nothing was booked through the agent's tools: the rules say so.
      assert.deepEqual(got.analysis.fields.find((f) => f.name === 'Booked')?.value, false);
      assert.deepEqual([got.analysis.success, got.analysis.successReason], [false, 'No appointment was booked on the call.']);
    });
  });
}
