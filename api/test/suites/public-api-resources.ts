import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  AGENT_PLACES_NO_CALLS_TEXT, FREE_PLAN_AGENT_LIMIT, TIME_ZONE_UNKNOWN_TEXT, contract, freePlanLimitMessage, unknownFieldText,
} from 'shared-contracts';
import { aiAgents, calls, leads } from '../../src/db/schema';
import {
  createAiAgent, createAppointment, createCall, createConversation, createLead, createTenant, missingId, uniquePhone,
} from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function createKey(server: TestServer, t: Tenant): Promise<string> {
  const created = await call(server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'Integration' } });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return created.body.data.secret as string;
}

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Reminder line', handleCallType: 'outbound', greeting: 'Hello from the clinic.', prompt: 'Remind patients of their visits.',
  voiceId: 'openai-nova', ...overrides,
});

const agentsOf = (server: TestServer, accountId: string) =>
  server.db.select({ id: aiAgents.id, name: aiAgents.name }).from(aiAgents).where(eq(aiAgents.accountId, accountId));

async function uploadWithKey(server: TestServer, key: string, text: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const response = await fetch(`${server.origin}/v1/knowledge/generate-text`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  return { status: response.status, body: (await response.json()) as { data: { text: string; fileName: string } } };
}

export function publicApiResourcesSuite(ctx: SuiteContext) {
  describe('Public API resources: agents, placed calls and leads with a key', () => {
    it('a key creates, reads, changes, duplicates and deletes its account\'s agents, and fills one\'s knowledge from a document', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const key = await createKey(ctx.server, t);

      const voices = await call(ctx.server, 'POST', 'agent/get-agent-voices', { token: key, body: {} });
      assert.equal(voices.status, 200, JSON.stringify(voices.body));
      assert.ok(voices.body.data.some((voice: { id: string }) => voice.id === 'openai-nova'));

      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ phoneNumber: '(415) 555-0160' }) });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.agent.createAgent, created.body);
      const agent = created.body.data;
      assert.deepEqual([agent.name, agent.handleCallType, agent.phoneNumber], ['Reminder line', 'outbound', '+14155550160']);

      const read = await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: key });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data, agent);

      const upload = await uploadWithKey(ctx.server, key, 'Open 8 to 6 on weekdays.\nParking behind the clinic.', 'hours.txt');
      assert.equal(upload.status, 200, JSON.stringify(upload.body));
      assertContract(contract.knowledge.generateText, upload.body);
      const updated = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, {
        token: key, body: { name: 'Reminders', knowledge: upload.body.data.text },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assertContract(contract.agent.updateAgent, updated.body);
      assert.deepEqual([updated.body.data.name, updated.body.data.knowledge], ['Reminders', 'Open 8 to 6 on weekdays.\nParking behind the clinic.']);

      const copy = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: key, body: { agentId: agent.id } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      assert.deepEqual([copy.body.data.name, copy.body.data.phoneNumber, copy.body.data.knowledge], ['Reminders (copy)', null, updated.body.data.knowledge]);

      const deleted = await call(ctx.server, 'DELETE', `agent/delete-agent/${copy.body.data.id}`, { token: key });
      assert.deepEqual([deleted.status, deleted.body.data], [200, { id: copy.body.data.id }]);
      const listed = await call(ctx.server, 'GET', `agent/get-agents/${t.account.id}`, { token: key });
      assert.deepEqual(listed.body.data.map((a: { name: string }) => a.name), ['Reminders']);
    });

    it('a key gets the screen\'s rules: the free-plan cap, validation and a number another account has, changing nothing', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const theirs = await createAiAgent(ctx.server.db, { accountId: other.account.id });
      const key = await createKey(ctx.server, t);
      const made: string[] = [];
      for (let i = 0; i < FREE_PLAN_AGENT_LIMIT; i += 1) {
        const res = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ name: `Agent ${i}` }) });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        made.push(res.body.data.id);
      }
      const capped = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ name: 'One too many' }) });
      assert.deepEqual([capped.status, capped.body.message], [400, freePlanLimitMessage(FREE_PLAN_AGENT_LIMIT)]);
      const copied = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: key, body: { agentId: made[0] } });
      assert.deepEqual([copied.status, copied.body.message], [400, freePlanLimitMessage(FREE_PLAN_AGENT_LIMIT)]);

      await call(ctx.server, 'DELETE', `agent/delete-agent/${made[0]}`, { token: key });
      const missingName = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ name: '' }) });
      assert.deepEqual([missingName.status, missingName.body.message], [400, 'Agent name is required']);
      const badVoice = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ voiceId: 'no-such-voice' }) });
      assert.equal(badVoice.status, 400);
      const taken = await call(ctx.server, 'POST', 'agent/create-agent', { token: key, body: agentBody({ phoneNumber: theirs.phoneNumber }) });
      assert.equal(taken.status, 409, JSON.stringify(taken.body));
      const badUpdate = await call(ctx.server, 'PATCH', `agent/update-agent/${made[1]}`, { token: key, body: { maxCallMinutes: 61 } });
      assert.deepEqual([badUpdate.status, badUpdate.body.message], [400, 'Maximum call length must be from 1 to 60 minutes']);

      assert.deepEqual((await agentsOf(ctx.server, t.account.id)).map((a) => a.name).sort(), ['Agent 1', 'Agent 2']);
    });

    it('a key never reaches another account\'s agents: reading, changing, copying, deleting or calling from one is not found', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const other = await createTenant(ctx.server, { plan: 'performance-suite' });
      const theirs = await createAiAgent(ctx.server.db, { accountId: other.account.id, name: 'Theirs', handleCallType: 'both' });
      const key = await createKey(ctx.server, t);
      for (const [method, path, body] of [
        ['GET', `agent/get-agent/${theirs.id}`, undefined],
        ['PATCH', `agent/update-agent/${theirs.id}`, { name: 'Taken over' }],
        ['POST', 'agent/duplicate-agent', { agentId: theirs.id }],
        ['DELETE', `agent/delete-agent/${theirs.id}`, undefined],
        ['POST', 'call/make-test-call', { agentId: theirs.id, phoneNumber: uniquePhone() }],
        ['GET', `agent/get-agent/${missingId()}`, undefined],
      ] as const) {
        const res = await call(ctx.server, method, path, { token: key, body });
        assert.equal(res.status, 404, `${method} ${path}: ${JSON.stringify(res.body)}`);
      }
      assert.deepEqual(await agentsOf(ctx.server, other.account.id), [{ id: theirs.id, name: 'Theirs' }]);
      assert.deepEqual(await agentsOf(ctx.server, t.account.id), []);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.aiAgentId, theirs.id))).length, 0);
    });

    it('a call placed with a key is followed by its id to its end and its summary; a session sees the same', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, name: 'Dialer', handleCallType: 'outbound' });
      const key = await createKey(ctx.server, t);
      const to = uniquePhone();
      const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: key, body: { agentId: agent.id, phoneNumber: to } });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      assertContract(contract.call.makeTestCall, placed.body);
      const { callId, callSid, status } = placed.body.data;
      assert.equal(status, 'queued');

      const first = await call(ctx.server, 'GET', `call/get-call/${callId}`, { token: key });
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assertContract(contract.call.getCall, first.body);
      const { id, callSid: sid, direction, fromNumber, toNumber, aiAgent } = first.body.data;
      assert.deepEqual({ id, sid, direction, fromNumber, toNumber, aiAgent },
        { id: callId, sid: callSid, direction: 'outbound', fromNumber: agent.phoneNumber, toNumber: to, aiAgent: { id: agent.id, name: 'Dialer' } });

      // The simulated callee answers and talks with the agent; the wrap-up job then writes the summary.
      const done = await waitFor(
        () => call(ctx.server, 'GET', `call/get-call/${callId}`, { token: key }),
        (res) => res.body.data.finished === true && res.body.data.summary !== null,
        20_000,
      );
      assertContract(contract.call.getCall, done.body);
      assert.equal(done.body.data.status, 'completed');
      assert.equal(done.body.data.finished, true);
      assert.ok(done.body.data.durationSeconds >= 0);
      assert.equal(typeof done.body.data.endReason, 'string');
      assert.ok(done.body.data.summary.length > 0, 'the call has its summary');

      const bySession = await call(ctx.server, 'GET', `call/get-call/${callId}`, { token: t.ownerToken });
      assert.deepEqual(bySession.body, done.body);
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${callId}`, { token: key });
      assert.equal(report.body.data.summary, done.body.data.summary);
    });

    it('an agent that takes only inbound calls places none; another account\'s call or a human agent is refused', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const inbound = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const theirCall = await createCall(ctx.server.db, { accountId: other.account.id });
      const key = await createKey(ctx.server, t);
      for (const token of [key, t.ownerToken]) {
        const refused = await call(ctx.server, 'POST', 'call/make-test-call', { token, body: { agentId: inbound.id, phoneNumber: uniquePhone() } });
        assert.deepEqual([refused.status, refused.body.message], [400, AGENT_PLACES_NO_CALLS_TEXT]);
        for (const id of [theirCall.id, missingId()]) {
          assert.equal((await call(ctx.server, 'GET', `call/get-call/${id}`, { token })).status, 404);
        }
      }
      assert.equal((await call(ctx.server, 'GET', `call/get-call/${theirCall.id}`, { token: t.agentToken })).status, 403);
      assert.equal((await call(ctx.server, 'GET', `call/get-call/${theirCall.id}`)).status, 401);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.accountId, t.account.id))).length, 0);
    });

    it('a lead keeps its time zone; an unknown field or zone is refused and nothing is written', async () => {
      const t = await createTenant(ctx.server);
      const key = await createKey(ctx.server, t);
      const created = await call(ctx.server, 'POST', 'lead/create-lead', {
        token: key, body: { fullName: 'Ana Ortiz', phoneNumber: '(415) 555-0134', timeZone: 'America/Los_Angeles' },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.lead.createLead, created.body);
      assert.equal(created.body.data.timeZone, 'America/Los_Angeles');
      const listed = await call(ctx.server, 'POST', 'lead/get-leads', { token: key, body: {} });
      assert.equal(listed.body.data[0].timeZone, 'America/Los_Angeles');

      for (const [body, message] of [
        [{ fullName: 'Bo Lee', phoneNumber: '+14155550199', nickname: 'Bo' }, unknownFieldText('nickname')],
        [{ fullName: 'Bo Lee', phoneNumber: '+14155550199', timezone: 'America/Chicago' }, unknownFieldText('timezone')],
        [{ fullName: 'Bo Lee', phoneNumber: '+14155550199', timeZone: 'Mars/Olympus' }, TIME_ZONE_UNKNOWN_TEXT],
        [{ phoneNumber: '+14155550199' }, 'Full name is required'],
      ] as const) {
        const refused = await call(ctx.server, 'POST', 'lead/create-lead', { token: key, body });
        assert.deepEqual([refused.status, refused.body.message], [400, message], JSON.stringify(body));
      }

      const id = created.body.data.id as string;
      const moved = await call(ctx.server, 'PATCH', `lead/update-lead/${id}`, { token: key, body: { timeZone: 'America/New_York' } });
      assert.deepEqual([moved.status, moved.body.data.timeZone], [200, 'America/New_York']);
      const extra = await call(ctx.server, 'PATCH', `lead/update-lead/${id}`, { token: key, body: { fullName: 'Ana O.', status: 'hot' } });
      assert.deepEqual([extra.status, extra.body.message], [400, unknownFieldText('status')]);
      const cleared = await call(ctx.server, 'PATCH', `lead/update-lead/${id}`, { token: key, body: { timeZone: null } });
      assert.equal(cleared.body.data.timeZone, null);

      const rows = await ctx.server.db.select({ fullName: leads.fullName, timeZone: leads.timeZone }).from(leads).where(eq(leads.accountId, t.account.id));
      assert.deepEqual(rows, [{ fullName: 'Ana Ortiz', timeZone: null }]);
    });

    it('every public read answers the same through a key as through the account owner\'s session', async () => {
      const t = await createTenant(ctx.server);
      const aiAgent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'both' });
      const lead = await createLead(ctx.server.db, { accountId: t.account.id, fullName: 'Dana Brooks', timeZone: 'America/Denver' });
      const callRow = await createCall(ctx.server.db, { accountId: t.account.id, aiAgentId: aiAgent.id, leadId: lead.id, endReason: 'The caller hung up' });
      const conversation = await createConversation(ctx.server.db, { callId: callRow.id, summary: 'Dana asked about parking.', outcome: 'answered' }, [
        { authorType: 'lead', content: 'Where do I park?' },
        { authorType: 'ai', content: 'Behind the clinic.' },
      ]);
      await createAppointment(ctx.server.db, { accountId: t.account.id, leadId: lead.id, aiAgentId: aiAgent.id, callId: callRow.id });
      const key = await createKey(ctx.server, t);

      const reads: Array<[keyof typeof contract, string, 'GET' | 'POST', string, unknown]> = [
        ['call', 'getCallLogs', 'POST', 'call/get-call-logs', {}],
        ['call', 'getCallReports', 'GET', `call/get-call-reports/${callRow.id}`, undefined],
        ['call', 'getCall', 'GET', `call/get-call/${callRow.id}`, undefined],
        ['conversation', 'getConversationMessages', 'POST', `conversation/get-conversation-messages/${t.account.id}`, { conversation_id: conversation.id }],
        ['agent', 'getAgents', 'GET', `agent/get-agents/${t.account.id}`, undefined],
        ['agent', 'getAgent', 'GET', `agent/get-agent/${aiAgent.id}`, undefined],
        ['agent', 'getAgentVoices', 'POST', 'agent/get-agent-voices', {}],
        ['appointment', 'getAppointmentsReports', 'POST', 'appointment/get-appointments-reports', {}],
        ['lead', 'getLeads', 'POST', 'lead/get-leads', {}],
      ];
      for (const [domain, name, method, path, body] of reads) {
        const def = (contract[domain] as Record<string, { publicApi?: true }>)[name];
        assert.equal(def?.publicApi, true, `${domain}.${name} is in the public API`);
        const [withKey, withSession] = await Promise.all([
          call(ctx.server, method, path, { token: key, body }),
          call(ctx.server, method, path, { token: t.ownerToken, body }),
        ]);
        assert.equal(withKey.status, 200, `${path}: ${JSON.stringify(withKey.body)}`);
        assert.deepEqual(withKey.body, withSession.body, path);
      }
      const callRead = await call(ctx.server, 'GET', `call/get-call/${callRow.id}`, { token: key });
      assert.deepEqual(
        [callRead.body.data.finished, callRead.body.data.endReason, callRead.body.data.summary, callRead.body.data.outcome],
        [true, 'The caller hung up', 'Dana asked about parking.', 'answered'],
      );
    });
  });
}
