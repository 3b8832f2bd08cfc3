import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import twilio from 'twilio';
import WebSocket from 'ws';
import {
  CALL_END_REASONS, CALLER_CALL_SID_PARAMETER, contract, HOLDING_TEXT, RELAY_PATH, RELAY_PROMPT_MAX_CHARS, RESPONDER_FALLBACK_TEXT, SOCKET_CLOSE_UNAUTHORIZED, TRANSFER_TEXTS,
} from 'shared-contracts';
import { aiClients, appointments, calls, conversationMessages, conversations, leads, queueEntries } from '../../src/db/schema';
import { rawSql } from '../../src/db/raw-sql';
import { JOB_SCHEMA } from '../../src/modules/jobs/job-queue';
import { callWrapUpJob } from '../../src/modules/voice-agent/responders/call-wrap-up';
import { RelayCaller } from 'shared-test-kit';
import { addTranscriptLine } from '../../src/modules/voice-agent/session/transcript-lines';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { createAdmin, createAiAgent, createCall, createConversation, createTenant, setAgentStatus, uniquePhone } from '../factories';
import { withoutChangeNotifications } from '../helpers/change-notifications';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder, dialAiAgent, relaySocketUrl, simulatorDoor } from '../helpers/relay';
import { call, startServer, type TestServer } from '../helpers/server';
import { nextOfType, openDevice } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO } from '../helpers/twilio-fixture';

const transcriptOf = (server: TestServer, callId: string) => server.db
  .select({ authorType: conversationMessages.authorType, content: conversationMessages.content })
  .from(conversationMessages).innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
  .where(eq(conversations.callId, callId)).orderBy(asc(conversationMessages.at), asc(conversationMessages.id));

const conversationOf = async (server: TestServer, callId: string) =>
  (await server.db.select().from(conversations).where(eq(conversations.callId, callId)))[0];

const callRow = async (server: TestServer, callId: string) => (await server.db.select().from(calls).where(eq(calls.id, callId)))[0];

/** Whether a relay socket opened with these headers/URL is closed on us, and with which code. */
function closeCodeOf(url: string, headers: Record<string, string> = {}, frames: string[] = []): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => frames.forEach((f) => socket.send(f)));
    socket.on('error', () => undefined);
    socket.on('close', (code) => resolve(code));
  });
}

type FakeModelMode = 'slow' | 'error' | 'silent' | 'stall';

/**
 * An OpenAI-compatible chat completions server, as Ollama or vLLM would run it: streamed replies
 * one token at a time, or a failure, or silence; and the JSON wrap-up when asked without streaming.
 */
async function fakeModelServer() {
  let mode: FakeModelMode = 'slow';
  const aborted: string[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => { body += String(chunk); });
    req.on('end', () => {
      const request = JSON.parse(body || '{}') as { stream?: boolean };
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      if (request.stream !== true) {
        const content = JSON.stringify({ summary: 'The caller asked about the weather.', outcome: 'answered', sentiment: 'positive' });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'cmpl-1', object: 'chat.completion', created: 1, model: 'fake-model',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableEnded) aborted.push('closed early');
      });
      if (mode === 'silent') return;
      const tokens = ['The ', 'weather ', 'is ', 'sunny ', 'all ', 'week ', 'long ', 'here.'];
      let i = 0;
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      const timer = setInterval(() => {
        if (res.writableEnded || res.destroyed) return clearInterval(timer);
        // A model that stops mid-reply and never finishes it.
        if (mode === 'stall' && i === 2) return clearInterval(timer);
        if (i < tokens.length) {
          res.write(chunk(i === 0 ? { role: 'assistant', content: tokens[i] } : { content: tokens[i] }));
          i += 1;
          return;
        }
        clearInterval(timer);
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
      }, 150);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    aborted,
    setMode: (next: FakeModelMode) => { mode = next; },
    close: () => new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.close(() => resolve());
    }),
  };
}


export function voiceAgentRelaySuite(ctx: SuiteContext) {
  describe('AI agents hold calls over the relay (local responder)', () => {
    answeredByLocalResponder(ctx);

    it('wrap-ups waiting in the database (their instance went down) are written by an instance that runs, a burst side by side', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      // A burst of finished calls: the queue works them side by side, not one per polling interval.
      const rows = await Promise.all(Array.from({ length: 24 }, () => createCall(ctx.server.db, { accountId: t.account.id, aiAgentId: agent.id })));
      for (const each of rows) {
        await createConversation(ctx.server.db, { callId: each.id }, [
          { authorType: 'ai', content: 'Thanks for calling.' },
          { authorType: 'lead', content: 'Are you open on Saturdays?' },
          { authorType: 'lead', content: 'Can I talk to a person?' },
        ]);
      }
      const row = rows.at(-1)!;
      // Queued straight into the queue's tables, as an instance that stopped would have left it; no one is told.
      const boss = new PgBoss({ db: { executeSql: rawSql(ctx.server.db) }, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
      await boss.start();
      try {
        for (const each of rows) await boss.send(callWrapUpJob.name, { callId: each.id, transferred: true });
      } finally {
        await boss.stop({ graceful: false });
      }
      const summed = await waitFor(
        () => ctx.server.db.select({ summary: conversations.summary }).from(conversations).where(inArray(conversations.callId, rows.map((r) => r.id))),
        (found) => found.every((c) => c.summary !== null), 10_000,
      );
      assert.equal(summed.filter((c) => c.summary !== null).length, rows.length, 'every call of the burst has its summary');
      const wrapped = await conversationOf(ctx.server, row.id);
      assert.equal(wrapped!.summary, 'The caller asked: "Are you open on Saturdays?" The caller was transferred to a person after saying "Can I talk to a person?"');
      assert.equal(wrapped!.outcome, 'transferred');
    });

    it('a caller talks to the agent: the reply streams token by token and the whole conversation is kept', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, {
        accountId: t.account.id, name: 'Front Desk', greeting: 'Thanks for calling Sunny Dental.', handleCallType: 'inbound',
      });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const greeting = await nextOfType(room, 'TRANSCRIPT_UPDATED');
      assert.deepEqual([greeting.callId, greeting.message.authorType, greeting.message.content], [callId, 'ai', 'Thanks for calling Sunny Dental.']);

      const tokens: string[] = [];
      caller.on('token', (token) => tokens.push(token));
      caller.say('Hello, what can you do for me?');
      const reply = await caller.nextReply();
      assert.ok(tokens.length > 1, `the reply came as several tokens, not one block (${tokens.length})`);
      assert.equal(tokens.join('').trim(), reply);
      assert.equal((await nextOfType(room, 'TRANSCRIPT_UPDATED')).message.content, 'Hello, what can you do for me?');
      assert.equal((await nextOfType(room, 'TRANSCRIPT_UPDATED')).message.content, reply);
      assert.equal((await callRow(ctx.server, callId))!.status, 'in-progress');

      // The call has been going for a minute and a half when the caller hangs up.
      await ctx.server.db.update(calls).set({ startedAt: new Date(Date.now() - 90_000) }).where(eq(calls.id, callId));
      await caller.hangUp();
      const ended = await nextOfType(room, 'LIVE_CALL_ENDED', 8_000);
      assert.equal(ended.callId, callId);
      const row = await callRow(ctx.server, callId);
      assert.equal(row!.status, 'completed');
      assert.ok(row!.durationSeconds >= 90, `duration ${row!.durationSeconds}`);
      const usage = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.equal(usage.status, 200, JSON.stringify(usage.body));
      assert.equal(usage.body.data.minutesUsed, 2, 'the call\'s minutes count toward the plan\'s quota');
      assert.equal(row!.aiAgentId, agent.id);
      assert.deepEqual(await transcriptOf(ctx.server, callId), [
        { authorType: 'ai', content: 'Thanks for calling Sunny Dental.' },
        { authorType: 'lead', content: 'Hello, what can you do for me?' },
        { authorType: 'ai', content: reply },
      ]);
      // The summary is written by a job once the call is over.
      const report = await waitFor(() => call(ctx.server, 'GET', `call/get-call-reports/${callId}`, { token: t.ownerToken }), (res) => res.body.data?.summary != null);
      assert.equal(report.status, 200);
      assertContract(contract.call.getCallReports, report.body);
      assert.ok(report.body.data.summary, 'the summary report has the call\'s summary');
      assert.ok(['answered', 'unresolved'].includes(report.body.data.outcome), report.body.data.outcome);
      assert.ok(['positive', 'neutral', 'negative'].includes(report.body.data.sentiment));
      assert.equal(report.body.data.transcriptAvailable, true);
      room.close();
    });

    it('the agent answers from its knowledge passages', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: t.ownerToken,
        body: {
          name: 'Hours Bot', handleCallType: 'inbound', phoneNumber: uniquePhone(),
          greeting: 'Hello, Hours Bot here.', prompt: 'Answer questions about our opening hours.', voiceId: 'openai-alloy',
          knowledge: 'Parking is free behind the building.\n\nOn Saturdays we are open from 10 am to 2 pm. On Sundays we are closed.',
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { caller } = await dialAiAgent(ctx.server, created.body.data.phoneNumber, uniquePhone());
      caller.say('Are you open on Saturday?');
      assert.match(await caller.nextReply(), /Saturdays we are open from 10 am to 2 pm/);
      await caller.hangUp();
    });

    it('books an appointment the caller asks for: the row, the lead, the calendar and the call logs show it', async () => {
      const t = await createTenant(ctx.server, { timeZone: 'America/New_York', plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, {
        accountId: t.account.id, handleCallType: 'both', workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '08:00', end: '20:00' },
      });
      const from = uniquePhone();
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      // The owner's call-logs page, read (and so cached) before each step, shows each step at once.
      const logged = async () => (await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: {} })).body.data[0] as
        { id: string; status: string; conversation: object | null; lead: { phoneNumber: string } | null };
      let callId = '';
      let caller: RelayCaller | undefined;
      await withoutChangeNotifications(ctx.server.db, async () => {
        assert.equal(await logged(), undefined);
        const door = await simulatorDoor(ctx.server, 'inbound-call', { from, to: agent.phoneNumber });
        assert.equal(door.status, 200, JSON.stringify(door.body));
        const { callSid, relay } = door.body.data as { callSid: string; callId: string; relay: { url: string; signature: string } };
        callId = door.body.data.callId;
        assert.deepEqual([(await logged()).id, (await logged()).status], [callId, 'ringing']);
        caller = new RelayCaller({ url: relaySocketUrl(ctx.server), signature: relay.signature, callSid, callId, from, to: agent.phoneNumber! });
        await caller.start();
        // The greeting is the first line of the call's conversation.
        await nextOfType(room, 'TRANSCRIPT_UPDATED');
        assert.deepEqual([(await logged()).status, (await logged()).conversation !== null, (await logged()).lead], ['in-progress', true, null]);
        caller.say('I would like to book an appointment.');
        assert.match(await caller.nextReply(), /day/i);
        caller.say('Tomorrow please.');
        assert.match(await caller.nextReply(), /time/i);
        caller.say('At 3 pm.');
        const booked = await caller.nextReply();
        assert.match(booked, /booked/i);
        // The caller became a lead with the booking, and the call log names them.
        assert.equal((await logged()).lead?.phoneNumber, from);
      });
      room.close();
      const [appointment] = await ctx.server.db.select().from(appointments).where(eq(appointments.callId, callId));
      assert.ok(appointment, 'an appointment was booked on the call');
      assert.equal(appointment.accountId, t.account.id);
      assert.equal(appointment.aiAgentId, agent.id);
      const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false }).format(appointment.dateTime);
      assert.equal(local, '15');
      const [lead] = await ctx.server.db.select().from(leads).where(eq(leads.id, appointment.leadId));
      assert.equal(lead!.phoneNumber, from);
      await caller!.hangUp();
      const report = await call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: t.ownerToken, body: {} });
      assert.equal(report.status, 200, JSON.stringify(report.body));
      assert.ok(report.body.data.some((row: { id: string }) => row.id === appointment.id), 'the appointments report lists it');
      const outcome = await waitFor(() => conversationOf(ctx.server, callId), (c) => c?.outcome !== null);
      assert.equal(outcome!.outcome, 'appointment-booked');
    });

    it('a caller who asks for a person is handed to the queue; the agent who answers sees why and what was said', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      await setAgentStatus(ctx.server.db, t.agent.id, 'available');
      const token = await call(ctx.server, 'POST', 'call/generate-token', { token: t.agentToken, body: { identity: t.agent.email } });
      const device = openDevice(ctx.server, token.body.data.token);
      assert.deepEqual(await device.next(), { type: 'registered' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: 'Hi there.' });
      const from = uniquePhone();
      const { caller, callSid, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      caller.say('Can I talk to a real person about my bill?');
      const ended = new Promise((resolve) => caller.once('end', resolve));
      await caller.nextReply();
      await ended;
      assert.equal(caller.handoff?.reasonCode, 'live-agent-handoff');
      assert.match(caller.handoff!.reason, /bill/);
      const incoming = await device.next(5_000);
      assert.deepEqual(incoming, { type: 'incoming', callSid, from });
      const queued = await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid));
      assert.equal(queued.length, 1);

      const context = await call(ctx.server, 'GET', `call/get-incoming-call/${callSid}`, { token: t.agentToken });
      assert.equal(context.status, 200, JSON.stringify(context.body));
      assertContract(contract.call.getIncomingCall, context.body);
      assert.equal(context.body.data.from, from);
      assert.equal(context.body.data.aiAgentName, agent.name);
      assert.match(context.body.data.reason, /bill/);
      assert.deepEqual(context.body.data.transcript.slice(0, 2).map((l: { content: string }) => l.content), ['Hi there.', 'Can I talk to a real person about my bill?']);
      const other = await createTenant(ctx.server, { plan: 'performance-suite' });
      assert.equal((await call(ctx.server, 'GET', `call/get-incoming-call/${callSid}`, { token: other.agentToken })).status, 404);

      await caller.hangUp();
      device.send({ type: 'accept', callSid });
      assert.deepEqual(await device.next(), { type: 'accepted', callSid });
      const taken = await callRow(ctx.server, callId);
      assert.deepEqual([taken!.status, taken!.agentUserId], ['in-progress', t.agent.id]);
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 0);
      const wrapped = await waitFor(() => conversationOf(ctx.server, callId), (c) => c?.outcome !== null);
      assert.equal(wrapped!.outcome, 'transferred');
      device.send({ type: 'hangup', callSid });
      assert.deepEqual(await device.next(), { type: 'disconnected', callSid });
      assert.equal((await callRow(ctx.server, callId))!.status, 'completed');
      device.close();
    });

    it('pressing 0 asks for a person; goodbye ends the call', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      await setAgentStatus(ctx.server.db, t.agent.id, 'available');
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const first = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      first.caller.press('0');
      await new Promise((resolve) => first.caller.once('end', resolve));
      assert.equal(first.caller.handoff?.reasonCode, 'live-agent-handoff');
      await first.caller.hangUp();

      const second = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      second.caller.say('That is all, goodbye!');
      await new Promise((resolve) => second.caller.once('end', resolve));
      assert.equal(second.caller.handoff?.reasonCode, 'call-ended');
      assert.equal(await second.caller.closed, 1000, 'the session closes once the agent has said goodbye, as Twilio closes it');
      const row = await waitFor(() => callRow(ctx.server, second.callId), (r) => r?.status === 'completed');
      assert.equal(row!.status, 'completed');
    });

    it('refuses unsigned, forged and unknown sessions, ignores bad frames, and the call goes on', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const url = relaySocketUrl(ctx.server);
      assert.equal(await closeCodeOf(url), SOCKET_CLOSE_UNAUTHORIZED, 'no signature');
      assert.equal(await closeCodeOf(url, { 'x-twilio-signature': 'forged' }), SOCKET_CLOSE_UNAUTHORIZED, 'forged signature');
      assert.equal(await closeCodeOf(`${url}?callId=${agent.id}&expires=9999999999&signature=x`), SOCKET_CLOSE_UNAUTHORIZED, 'forged browser link');

      const door = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: agent.phoneNumber });
      const { signature } = door.body.data.relay;
      const setupFor = (callId: string, callSid = door.body.data.callSid) =>
        JSON.stringify({ type: 'setup', callSid, customParameters: { callId } });
      assert.equal(await closeCodeOf(url, { 'x-twilio-signature': signature }, [setupFor('00000000-0000-4000-8000-000000000000')]), SOCKET_CLOSE_UNAUTHORIZED, 'unknown call');
      assert.equal(await closeCodeOf(url, { 'x-twilio-signature': signature }, [setupFor(door.body.data.callId, `CA${'0'.repeat(32)}`)]), SOCKET_CLOSE_UNAUTHORIZED, 'another CallSid');

      const caller = new RelayCaller({ url, signature, callSid: door.body.data.callSid, callId: door.body.data.callId, from: '+15550000000', to: agent.phoneNumber! });
      await caller.start();
      caller.sendRaw('{not json');
      caller.sendRaw(JSON.stringify({ type: 'teleport', to: 'mars' }));
      caller.sendRaw(JSON.stringify({ type: 'prompt', voicePrompt: 42 }));
      caller.sendRaw(JSON.stringify({ type: 'dtmf', digit: 'x' }));
      caller.say('Hello?');
      assert.ok((await caller.nextReply()).length > 0, 'the call goes on after bad frames');
      // A turn sent as endless partial frames is kept to one turn's length.
      for (let i = 0; i < 5; i += 1) caller.sendRaw(JSON.stringify({ type: 'prompt', voicePrompt: 'a'.repeat(RELAY_PROMPT_MAX_CHARS), last: false }));
      caller.sendRaw(JSON.stringify({ type: 'prompt', voicePrompt: 'b', last: true }));
      assert.ok((await caller.nextReply()).length > 0, 'the long turn is answered');
      const saidLast = async () => (await transcriptOf(ctx.server, door.body.data.callId)).filter((l) => l.authorType === 'lead').at(-1)?.content;
      // Transcript lines are written behind the replies: wait for the long turn's line itself.
      assert.equal(await waitFor(saidLast, (text) => text !== undefined && text !== 'Hello?'), 'a'.repeat(RELAY_PROMPT_MAX_CHARS));
      const second = await closeCodeOf(url, { 'x-twilio-signature': signature }, [setupFor(door.body.data.callId)]);
      assert.equal(second, SOCKET_CLOSE_UNAUTHORIZED, 'a call has one session at a time');
      caller.sendRaw(JSON.stringify({ type: 'prompt', voicePrompt: 'x'.repeat(70 * 1024), last: true }));
      assert.equal(await caller.closed, 1009, 'an oversized frame closes the session');
      const row = await waitFor(() => callRow(ctx.server, door.body.data.callId), (r) => r?.status === 'completed');
      assert.equal(row!.status, 'completed', 'the call is released and logged however the socket went');
    });

    // PGlite has one connection: a transaction holding a lock there holds every query.
    it('the caller is answered while the database holds transcript writes back; every line is stored in order after', { skip: ctx.target !== 'postgres' }, async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: t.ownerToken,
        body: {
          name: 'Slow Disk', handleCallType: 'inbound', phoneNumber: uniquePhone(), greeting: 'Slow Disk speaking.', prompt: 'Answer questions about the practice.', voiceId: 'openai-alloy',
          knowledge: 'Parking is free behind the building.\n\nOn Saturdays we are open from 10 am to 2 pm.',
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { caller, callId } = await dialAiAgent(ctx.server, created.body.data.phoneNumber, uniquePhone());
      await waitFor(() => transcriptOf(ctx.server, callId), (lines) => lines.length === 1);
      let release = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => { locked = resolve; });
      // Inserts wait for this lock as they would for a slow WAL flush; reads go on.
      const holding = ctx.server.db.transaction(async (tx) => {
        await tx.execute(sql`lock table conversation_messages in exclusive mode`);
        locked();
        await held;
      });
      await lockTaken;
      let first = '';
      let second = '';
      try {
        caller.say('Are you open on Saturday?');
        first = await caller.nextReply(3_000);
        assert.match(first, /Saturdays we are open from 10 am to 2 pm/);
        caller.say('Is there parking?');
        second = await caller.nextReply(3_000);
        assert.match(second, /Parking is free/);
        assert.equal((await transcriptOf(ctx.server, callId)).length, 1, 'nothing stored while the lock is held');
      } finally {
        release();
        await holding;
      }
      await caller.hangUp();
      await waitFor(() => callRow(ctx.server, callId), (r) => r?.status === 'completed');
      assert.deepEqual((await transcriptOf(ctx.server, callId)).map((l) => l.content), [
        'Slow Disk speaking.', 'Are you open on Saturday?', first, 'Is there parking?', second,
      ]);
    });

    it('a USER talks to an agent in the browser over a link good for that call only', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const other = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, greeting: 'Browser hello.' });
      const refused = await call(ctx.server, 'POST', 'call/start-browser-call', { token: other.ownerToken, body: { agentId: agent.id } });
      assert.equal(refused.status, 404);
      assert.equal((await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.agentToken, body: { agentId: agent.id } })).status, 403);
      const started = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assertContract(contract.call.startBrowserCall, started.body);
      const { callId, callSid, relayPath, greeting, responder } = started.body.data;
      assert.equal(greeting, 'Browser hello.');
      assert.equal(responder, 'Local responder: no AI model configured');
      assert.ok(relayPath.startsWith(`${RELAY_PATH}?`));
      const wsBase = ctx.server.origin.replace(/^http/, 'ws');
      // The link names its call: it cannot open another one.
      const otherCall = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(await closeCodeOf(`${wsBase}${otherCall.body.data.relayPath}`, {}, [JSON.stringify({ type: 'setup', callSid, customParameters: { callId } })]), SOCKET_CLOSE_UNAUTHORIZED);

      const caller = new RelayCaller({ url: `${wsBase}${relayPath}`, callSid, callId, from: 'browser', to: 'agent' });
      await caller.start();
      // A link admits one socket: a second one on it is refused, and the call goes on.
      assert.equal(await closeCodeOf(`${wsBase}${relayPath}`), SOCKET_CLOSE_UNAUTHORIZED, 'a used link');
      caller.say('Hi, this is a test.');
      assert.ok((await caller.nextReply()).length > 0);
      await caller.hangUp();
      const row = await waitFor(() => callRow(ctx.server, callId), (r) => r?.status === 'completed');
      assert.equal(row!.status, 'completed');
      assert.deepEqual((await transcriptOf(ctx.server, callId)).slice(0, 2), [
        { authorType: 'ai', content: 'Browser hello.' }, { authorType: 'lead', content: 'Hi, this is a test.' },
      ]);
    });
  });

  describe('AI call transcripts', () => {
    it('lines of many calls handed over at once are stored and shown in each call\'s order; a line the database refuses costs no other', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      const liveCalls = await Promise.all([0, 1, 2].map(async () => {
        const row = await createCall(ctx.server.db, { accountId: t.account.id, status: 'in-progress' });
        const conversation = await createConversation(ctx.server.db, { callId: row.id });
        return { callId: row.id, accountId: t.account.id, conversationId: conversation.id };
      }));
      const said = (c: number, i: number) => `call ${c} line ${i}`;
      const handed: Array<Promise<void>> = [];
      for (let i = 0; i < 20; i += 1) {
        liveCalls.forEach((live, c) => handed.push(addTranscriptLine(ctx.server.db, ctx.server.app.realtime, live, i % 2 === 0 ? 'lead' : 'ai', said(c, i))));
        if (i === 10) {
          const gone = { ...liveCalls[0]!, conversationId: '00000000-0000-4000-8000-000000000000' };
          handed.push(addTranscriptLine(ctx.server.db, ctx.server.app.realtime, gone, 'lead', 'a line of no conversation'));
        }
      }
      const results = await Promise.allSettled(handed);
      assert.deepEqual(results.map((r) => r.status).filter((s) => s === 'rejected'), ['rejected'], 'only the line of no conversation is refused');
      for (const [c, live] of liveCalls.entries()) {
        const lines = await transcriptOf(ctx.server, live.callId);
        assert.deepEqual(lines.map((l) => l.content), Array.from({ length: 20 }, (_, i) => said(c, i)));
      }
      const shown: string[] = [];
      for (let n = 0; n < 60; n += 1) {
        const message = await nextOfType(room, 'TRANSCRIPT_UPDATED');
        if (message.callId === liveCalls[1]!.callId) shown.push(message.message.content);
      }
      assert.deepEqual(shown, Array.from({ length: 20 }, (_, i) => said(1, i)), 'open screens show them in order');
      room.close();
    });
  });

  describe('AI agents with a language model (an OpenAI-compatible server)', () => {
    let model: Awaited<ReturnType<typeof fakeModelServer>>;
    let clientId: string;
    before(async () => {
      model = await fakeModelServer();
      const admin = await createAdmin(ctx.server);
      const created = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token: admin.token, body: { type: 'AI Client', client: 'OpenAI', model: 'fake-model' } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      clientId = created.body.data.id;
      const updated = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${clientId}`, {
        token: admin.token, body: { credentials: { apiKey: 'sk-test-key', baseUrl: model.baseUrl } },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
    });
    after(async () => {
      // AI clients are global: the suites after this one answer with the local responder again.
      await ctx.server.db.delete(aiClients).where(eq(aiClients.id, clientId));
      await model.close();
    });

    it('streams the model\'s reply; an interruption stops it and the transcript keeps what the caller heard', async () => {
      model.setMode('slow');
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const heard: string[] = [];
      const twoTokens = new Promise<void>((resolve) => caller.on('token', (token) => {
        heard.push(token);
        if (heard.length === 2) resolve();
      }));
      caller.say('How is the weather?');
      await twoTokens;
      caller.interrupt(heard.join('').trim());
      await waitFor(async () => model.aborted.length, (n) => n > 0, 3_000);
      assert.ok(model.aborted.length > 0, 'the model request was cancelled');
      const lines = await waitFor(() => transcriptOf(ctx.server, callId), (l) => l.length === 3);
      assert.deepEqual(lines.at(-1), { authorType: 'ai', content: 'The weather' });
      await caller.hangUp();
      const wrapped = await waitFor(() => conversationOf(ctx.server, callId), (c) => c?.summary !== null);
      assert.equal(wrapped!.summary, 'The caller asked about the weather.');
      assert.equal(wrapped!.sentiment, 'positive');
    });

    it('what the caller says just before hanging up is kept after what came before, though the agent was still answering', async () => {
      model.setMode('slow');
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId, greeting: 'Weather line.' });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const answering = new Promise((resolve) => caller.once('token', resolve));
      caller.say('How is the weather?');
      await answering;
      // The model is still streaming its reply when the caller speaks again and hangs up.
      caller.say('Never mind, call me back tomorrow.');
      await caller.hangUp();
      await waitFor(() => conversationOf(ctx.server, callId), (c) => c?.summary !== null, 10_000);
      const lines = await transcriptOf(ctx.server, callId);
      assert.deepEqual(lines.map((l) => l.authorType), ['ai', 'lead', 'ai', 'lead'], JSON.stringify(lines));
      assert.equal(lines[0]!.content, 'Weather line.');
      assert.equal(lines[1]!.content, 'How is the weather?');
      assert.match(lines[2]!.content, /^The\b/, 'the part of the reply sent before the caller hung up');
      assert.equal(lines[3]!.content, 'Never mind, call me back tomorrow.');
    });

    it('a failing model makes the agent say the fallback and offer a person, never dead air', async () => {
      model.setMode('error');
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId });
      const { caller } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      caller.say('Hello?');
      assert.equal(await caller.nextReply(), RESPONDER_FALLBACK_TEXT);
      await caller.hangUp();
    });

    it('a model that stays silent: the caller hears the holding sentence, then the fallback, never 4 s of silence', async () => {
      model.setMode('silent');
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      let heardAt = Date.now();
      caller.say('Hello?');
      assert.equal(await caller.nextReply(8_000), HOLDING_TEXT);
      assert.ok(Date.now() - heardAt < 4_000, `${Date.now() - heardAt} ms of silence`);
      heardAt = Date.now();
      assert.equal((await caller.nextReply(8_000)).trim(), RESPONDER_FALLBACK_TEXT);
      assert.ok(Date.now() - heardAt < 4_000, `${Date.now() - heardAt} ms of silence`);
      await caller.hangUp();
      const lines = await waitFor(() => transcriptOf(ctx.server, callId), (l) => l.length >= 3);
      assert.equal(lines[2]!.content, `${HOLDING_TEXT} ${RESPONDER_FALLBACK_TEXT}`);
    });

    it('a model that stalls mid-reply: the caller hears the holding sentence after its last words, and can still reach a person', async () => {
      model.setMode('stall');
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      await setAgentStatus(ctx.server.db, t.agent.id, 'available');
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId });
      const { caller } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      let lastToken = Date.now();
      let longest = 0;
      caller.on('token', () => {
        longest = Math.max(longest, Date.now() - lastToken);
        lastToken = Date.now();
      });
      caller.say('What is the weather like?');
      assert.equal(await caller.nextReply(8_000), `The weather ${HOLDING_TEXT}`);
      assert.equal((await caller.nextReply(8_000)).trim(), RESPONDER_FALLBACK_TEXT);
      assert.ok(longest < 4_000, `${longest} ms of silence`);
      const done = new Promise((resolve) => caller.once('end', resolve));
      caller.say('a person');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.toQueue);
      await done;
      assert.equal(caller.handoff?.reasonCode, 'live-agent-handoff');
      await caller.hangUp();
    });
  });

  describe('AI agents on Twilio: ConversationRelay TwiML, the signed handshake and the handoff', () => {
    answeredByLocalResponder(ctx);
    let server: TestServer;
    before(async () => {
      server = await startServer(ctx.server.db, { twilio: TWILIO, publicApiUrl: PUBLIC_URL });
    });
    after(() => server.close());

    const signedPost = (path: string, params: Record<string, string>) =>
      fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${path}`, params),
        },
        body: new URLSearchParams(params).toString(),
      });

    it('a call to an AI agent\'s number connects to the relay with the agent\'s greeting, voice and our call id', async () => {
      const t = await createTenant(server);
      const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', greeting: 'Hello & welcome.', language: 'en-US' });
      const callSid = `CA${'a'.repeat(31)}1`;
      const from = uniquePhone();
      const response = await signedPost(TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: from, To: agent.phoneNumber! });
      assert.equal(response.status, 200);
      const xml = await response.text();
      const [row] = await server.db.select().from(calls).where(and(eq(calls.callSid, callSid), eq(calls.accountId, t.account.id)));
      assert.ok(row, 'the call is logged as the AI agent\'s');
      assert.equal(row.aiAgentId, agent.id);
      assert.match(xml, new RegExp(`<Connect action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.relayAction}\\?callId=${row.id}">`));
      assert.match(xml, /<ConversationRelay url="wss:\/\/calls\.example\.test\/v1\/telephony\/relay"/);
      assert.match(xml, /welcomeGreeting="Hello &amp; welcome\."/);
      assert.match(xml, /interruptible="any"/);
      assert.match(xml, /language="en-US"/);
      assert.match(xml, /ttsProvider="Google"/);
      assert.match(xml, new RegExp(`<Parameter name="callId" value="${row.id}"/>`));

      // Twilio opens the session, signing the wss URL with the account's auth token.
      const signature = twilio.getExpectedTwilioSignature(TWILIO.authToken, `wss://calls.example.test${RELAY_PATH}`, {});
      const caller = new RelayCaller({ url: `${server.origin.replace(/^http/, 'ws')}${RELAY_PATH}`, signature, callSid, callId: row.id, from, to: agent.phoneNumber! });
      await caller.start();
      await setAgentStatus(server.db, t.agent.id, 'available');
      caller.say('Can I speak to someone please?');
      await new Promise((resolve) => caller.once('end', resolve));
      assert.equal(caller.handoff?.reasonCode, 'live-agent-handoff');
      await caller.hangUp();
      // Twilio reports the handoff to the action URL, which queues the caller and dials the available agents.
      const action = await signedPost(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${row.id}`, {
        CallSid: callSid, HandoffData: JSON.stringify(caller.handoff),
      });
      assert.equal(action.status, 200);
      const dial = await action.text();
      assert.match(dial, new RegExp(`<Client[^>]*><Identity>${t.agent.email}</Identity><Parameter name="${CALLER_CALL_SID_PARAMETER}" value="${callSid}"/></Client>`));
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 1);
      // The call is Twilio's to end: the session closing does not end it.
      assert.equal((await callRow(server, row.id))!.status, 'in-progress');
    });

    it('a relay session that ended with no summary (its instance died mid-call) is summed up after the carrier reports its end', async () => {
      const t = await createTenant(server);
      const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const callSid = `CA${'c'.repeat(31)}1`;
      assert.equal((await signedPost(TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: agent.phoneNumber! })).status, 200);
      const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
      await createConversation(server.db, { callId: row!.id }, [{ authorType: 'lead', content: 'What are your opening hours?' }]);
      // No session on any instance queued the wrap-up; the relay action queues one for later.
      const action = await signedPost(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${row!.id}`, { CallSid: callSid, SessionStatus: 'failed' });
      assert.match(await action.text(), /<Hangup\/>/);
      assert.equal((await callRow(server, row!.id))!.endReason, CALL_END_REASONS.sessionLost);
      const [queued] = ((await server.db.execute(sql.raw(
        `select data, extract(epoch from start_after - created_on) as delay from ${JOB_SCHEMA}.job where name = '${callWrapUpJob.name}' and data->>'callId' = '${row!.id}'`,
      ))) as unknown as { rows: Array<{ data: { onlyIfMissing: boolean; transferred: boolean }; delay: number }> }).rows;
      assert.deepEqual(queued?.data, { callId: row!.id, transferred: false, onlyIfMissing: true });
      assert.ok(Number(queued!.delay) >= 10, 'it waits for the session\'s own wrap-up first');
      // Run now, it writes the summary; run again after one exists, it leaves that one alone.
      await callWrapUpJob.handle(server.app, queued!.data as never);
      const [written] = await server.db.select({ summary: conversations.summary }).from(conversations).where(eq(conversations.callId, row!.id));
      assert.ok(written?.summary);
      await server.db.update(conversations).set({ summary: 'Written by the session' }).where(eq(conversations.callId, row!.id));
      await callWrapUpJob.handle(server.app, queued!.data as never);
      assert.equal((await server.db.select({ summary: conversations.summary }).from(conversations).where(eq(conversations.callId, row!.id)))[0]!.summary, 'Written by the session');
    });

    it('a transfer to the agent\'s number is a cold transfer: the action URL dials that number and no other', async () => {
      const t = await createTenant(server);
      const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound', transferNumber: '+15550003333' });
      const callSid = `CA${'d'.repeat(31)}1`;
      assert.equal((await signedPost(TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: agent.phoneNumber! })).status, 200);
      const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
      const transfer = (transferTo: string) => signedPost(`${TWILIO_WEBHOOK_PATHS.relayAction}?callId=${row!.id}`, {
        CallSid: callSid, HandoffData: JSON.stringify({ reasonCode: 'transfer-to-number', reason: 'Operator', transferTo }),
      });
      assert.match(await (await transfer('+15550003333')).text(), /<Dial answerOnBridge="true">\+15550003333<\/Dial>/);
      const elsewhere = await (await transfer('+15559999999')).text();
      assert.doesNotMatch(elsewhere, /<Dial/);
      assert.match(elsewhere, /<Hangup\/>/);
    });

    it('Twilio\'s report of a call\'s end keeps the reason the session chose, and gives one to a call whose caller just hung up', async () => {
      const t = await createTenant(server);
      const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const open = async (callSid: string) => {
        const from = uniquePhone();
        assert.equal((await signedPost(TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: from, To: agent.phoneNumber! })).status, 200);
        const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
        const signature = twilio.getExpectedTwilioSignature(TWILIO.authToken, `wss://calls.example.test${RELAY_PATH}`, {});
        const caller = new RelayCaller({ url: `${server.origin.replace(/^http/, 'ws')}${RELAY_PATH}`, signature, callSid, callId: row!.id, from, to: agent.phoneNumber! });
        await caller.start();
        return { caller, callId: row!.id };
      };
      const goodbye = await open(`CA${'e'.repeat(31)}1`);
      const ended = new Promise((resolve) => goodbye.caller.once('end', resolve));
      goodbye.caller.say('That is all, goodbye!');
      await ended;
      // Twilio reports the end before the session's socket has closed.
      await signedPost(TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: `CA${'e'.repeat(31)}1`, CallStatus: 'completed', CallDuration: '12' });
      await goodbye.caller.hangUp();
      const row = await waitFor(() => callRow(server, goodbye.callId), (r) => r?.status === 'completed');
      assert.equal(row!.endReason, CALL_END_REASONS.agentEnded);

      const hungUp = await open(`CA${'f'.repeat(31)}1`);
      await hungUp.caller.hangUp();
      await signedPost(TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: `CA${'f'.repeat(31)}1`, CallStatus: 'completed', CallDuration: '3' });
      const other = await waitFor(() => callRow(server, hungUp.callId), (r) => r?.status === 'completed' && r.endReason !== null);
      assert.equal(other!.endReason, CALL_END_REASONS.callerHungUp);
    });

    it('a relay action without a handoff hangs up; a forged one changes nothing', async () => {
      const ended = await signedPost(TWILIO_WEBHOOK_PATHS.relayAction, { CallSid: `CA${'b'.repeat(32)}`, HandoffData: '{"reasonCode":"call-ended"}' });
      assert.match(await ended.text(), /<Hangup\/>/);
      const forged = await fetch(`${server.origin}${TWILIO_WEBHOOK_PATHS.relayAction}`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' }, body: 'CallSid=CA1',
      });
      assert.equal(forged.status, 403);
    });
  });
}
