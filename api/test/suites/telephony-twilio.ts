import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { CALLER_CALL_SID_PARAMETER, WRAP_UP_TEXT } from 'shared-contracts';
import { agentStatuses, calls, conversations, queueEntries, smsMessages } from '../../src/db/schema';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { AGENTS_BUSY_TEXT, ANOTHER_AGENT_TEXT } from '../../src/modules/telephony/twilio-webhook';
import { createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { withoutChangeNotifications } from '../helpers/change-notifications';
import { call, startServer, type TestServer } from '../helpers/server';
import { nextOfType, silentFor, wrapUpCall } from '../helpers/simulator-device';
import { openSocket, statusWithoutSince } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { newSid, TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO, twilioWebhook } from '../helpers/twilio-fixture';

const sid = (prefix: 'CA' | 'SM') => newSid(prefix);
const webhook = twilioWebhook;

export function telephonyTwilioSuite(ctx: SuiteContext) {
  describe('telephony on Twilio (webhooks signed with the twilio helper)', () => {
    let server: TestServer;
    before(async () => {
      server = await startServer(ctx.server.db, { twilio: TWILIO, publicApiUrl: PUBLIC_URL });
    });
    after(() => server.close());

    it('mints a Voice-grant access token for the agent\'s email', async () => {
      const a = await createTenant(server);
      const response = await call(server, 'POST', 'call/generate-token', { token: a.agentToken, body: { identity: a.agent.email } });
      assert.equal(response.status, 200);
      assert.equal(response.body.data.provider, 'twilio');
      const payload = JSON.parse(Buffer.from(String(response.body.data.token).split('.')[1]!, 'base64url').toString()) as {
        iss: string; sub: string; exp: number; iat?: number; grants: { identity: string; voice: { incoming: { allow: boolean }; outgoing: { application_sid: string } } };
      };
      assert.equal(payload.iss, TWILIO.apiKeySid);
      assert.equal(payload.sub, TWILIO.accountSid);
      assert.equal(payload.grants.identity, a.agent.email);
      assert.equal(payload.grants.voice.incoming.allow, true);
      assert.equal(payload.grants.voice.outgoing.application_sid, TWILIO.twimlAppSid);
      assert.ok(Math.abs(payload.exp - (Date.now() / 1000 + 3600)) < 60);
    });

    it('incoming call: good signature enqueues and rings the available agent; forged changes nothing; replay is a no-op; the call logs show each step', async () => {
      const a = await createTenant(server, { plan: 'efficiency-plus' });
      await setAgentStatus(server.db, a.agent.id, 'available');
      const room = openSocket(server, { accountId: a.account.id, token: a.agentToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      const callSid = sid('CA');
      const params = { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber!, AccountSid: TWILIO.accountSid };

      for (const sign of ['forged', 'none'] as const) {
        const refused = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, params, sign);
        assert.equal(refused.status, 403);
      }
      // A good signature on altered fields is a forgery too.
      const tampered = { ...params, To: uniquePhone() };
      const headers = {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO.authToken, `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.incomingCall}`, params),
      };
      assert.equal((await fetch(`${server.origin}${TWILIO_WEBHOOK_PATHS.incomingCall}`, { method: 'POST', headers, body: new URLSearchParams(tampered).toString() })).status, 403);
      assert.equal((await server.db.select().from(calls).where(eq(calls.callSid, callSid))).length, 0);
      assert.ok(await silentFor(room, 'QUEUE_UPDATED'));
      await withoutChangeNotifications(server.db, async () => {
        // The owner's call-logs page, read (and so cached) before each step, shows each step at once.
        const logged = async () => (await call(server, 'POST', 'call/get-call-logs', { token: a.ownerToken, body: {} })).body.data[0] as
          { status: string; durationSeconds: number | null; agent: { id: string } | null; conversation: { recordingUrl: string | null } | null } | undefined;
        assert.equal(await logged(), undefined);

        const good = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, params);
        assert.equal(good.status, 200);
        assert.match(good.type, /xml/);
        // Each agent's leg names the caller's call, which the softphone looks up when it rings.
        assert.match(good.text, new RegExp(`<Client[^>]*><Identity>${a.agent.email}</Identity><Parameter name="${CALLER_CALL_SID_PARAMETER}" value="${callSid}"/></Client>`));
        assert.match(good.text, /<Dial[^>]*timeout="30"/);
        assert.deepEqual((await nextOfType(room, 'QUEUE_UPDATED')).queue?.map((q) => q.phoneNumber), [params.From]);
        assert.equal((await logged())?.status, 'ringing');

        const replay = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, params);
        assert.equal(replay.status, 200);
        assert.equal(replay.text, good.text);
        assert.equal((await server.db.select().from(calls).where(eq(calls.callSid, callSid))).length, 1);
        assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 1);
        assert.ok(await silentFor(room, 'QUEUE_UPDATED'));

        // The agent's <Client> leg answers: the call is theirs and the caller leaves the queue.
        const answered = { CallSid: sid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` };
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, answered)).status, 204);
        assert.deepEqual((await nextOfType(room, 'QUEUE_UPDATED')).queue, []);
        assert.deepEqual([(await logged())?.status, (await logged())?.agent?.id], ['in-progress', a.agent.id]);

        // The call ends: DISCONNECT_CALL once, the log completed with Twilio's duration, the recording stored.
        const ended = { CallSid: callSid, CallStatus: 'completed', CallDuration: '42' };
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, ended, 'forged')).status, 403);
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, ended)).status, 204);
        assert.deepEqual(await nextOfType(room, 'DISCONNECT_CALL'), { type: 'DISCONNECT_CALL', callSid, agentId: a.agent.id });
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, ended)).status, 204);
        assert.ok(await silentFor(room, 'DISCONNECT_CALL'));
        assert.deepEqual([(await logged())?.status, (await logged())?.durationSeconds, (await logged())?.conversation ?? null], ['completed', 42, null]);
        const recording = { CallSid: callSid, RecordingStatus: 'completed', RecordingUrl: `https://api.twilio.com/recordings/RE${'4'.repeat(32)}` };
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.recording, recording)).status, 204);
        assert.ok((await logged())?.conversation?.recordingUrl, 'the recording shows');
        const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
        assert.equal(row?.status, 'completed');
        assert.equal(row?.durationSeconds, 42);
        assert.equal(row?.agentUserId, a.agent.id);
        const [conversation] = await server.db.select().from(conversations).where(eq(conversations.callId, row!.id));
        assert.equal(conversation?.recordingUrl, recording.RecordingUrl);
      });
      room.close();
    });

    it('a call Twilio reports over frees its busy agent, whatever ended it; one nobody answered has no duration', async () => {
      const a = await createTenant(server);
      await setAgentStatus(server.db, a.agent.id, 'available');
      const owner = openSocket(server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await owner.next()).type, 'INITIAL_STATUS');
      const statusOf = async () => (await server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status;

      // Answered, then the agent's browser leg vanished: Twilio ends the call with its duration.
      const inbound = sid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: inbound, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: sid('CA'), ParentCallSid: inbound, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'busy');
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: inbound, CallStatus: 'completed', CallDuration: '17' })).status, 204);
      // An answered call goes to its wrap-up; the agent is offered calls again once it is done.
      assert.deepEqual(statusWithoutSince(await nextOfType(owner, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'wrap-up', busyFrom: null, awayReason: null });
      await wrapUpCall(server, a.agentToken, inbound);
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'available');
      assert.equal(await statusOf(), 'available');
      const answered = (await server.db.select().from(calls).where(eq(calls.callSid, inbound)))[0];
      assert.deepEqual([answered?.status, answered?.durationSeconds], ['completed', 17]);

      // Dialled by the agent (the softphone marked them busy), never answered, then canceled.
      for (const [outcome, status] of [['no-answer', 'missed'], ['failed', 'failed'], ['canceled', 'missed']] as const) {
        await setAgentStatus(server.db, a.agent.id, 'busy', new Date());
        const outbound = sid('CA');
        await webhook(server, TWILIO_WEBHOOK_PATHS.outgoingCall, { CallSid: outbound, From: `client:${a.agent.email}`, To: uniquePhone() });
        assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: outbound, CallStatus: outcome, CallDuration: '25' })).status, 204);
        assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'available', outcome);
        const row = (await server.db.select().from(calls).where(eq(calls.callSid, outbound)))[0];
        assert.deepEqual([row?.status, row?.durationSeconds], [status, 0], outcome);
      }
      owner.close();
    });

    it('an agent\'s leg that ends without their word returns the caller to the queue and rings the others; with their word, or with the caller gone, the call ends', async () => {
      const a = await createTenant(server);
      const b = await createUser(server.db, { accountId: a.account.id, role: 'AGENT' });
      const bToken = await signIn(server, b.email);
      const outsider = await createTenant(server);
      for (const id of [a.agent.id, b.id]) await setAgentStatus(server.db, id, 'available');
      const owner = openSocket(server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await owner.next()).type, 'INITIAL_STATUS');
      const row = async (callSid: string) => (await server.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;
      const ended = (callSid: string, extra: Record<string, string> = {}) =>
        webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed', ...extra });
      const ringIn = async () => {
        const callSid = sid('CA');
        const rung = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
        return { callSid, twiml: rung.text };
      };
      const answer = (callSid: string, email: string) =>
        webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: sid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${email}` });

      // The agent hangs up: their softphone said so first, and the call ends.
      const first = await ringIn();
      assert.match(first.twiml, new RegExp(`<Dial[^>]*action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}"`));
      await answer(first.callSid, a.agent.email);
      // Only the agent on the call says it: a colleague or another account is refused.
      const colleague = await call(server, 'POST', 'desk/hang-up-call', { token: bToken, body: { callSid: first.callSid } });
      assert.deepEqual([colleague.status, colleague.body.message], [409, WRAP_UP_TEXT.notYourCall]);
      assert.equal((await call(server, 'POST', 'desk/hang-up-call', { token: outsider.agentToken, body: { callSid: first.callSid } })).status, 404);
      assert.equal((await call(server, 'POST', 'desk/hang-up-call', { token: a.agentToken, body: { callSid: first.callSid } })).status, 200);
      const hungUp = await ended(first.callSid);
      assert.match(hungUp.text, /<Hangup\/>/);
      assert.doesNotMatch(hungUp.text, /<Dial/);
      assert.equal((await row(first.callSid)).agentUserId, a.agent.id);

      // The agent's browser goes mid-call (no word): the caller is back in the queue, the agent is
      // offline, and the other agent is rung on the same call and takes it on.
      await setAgentStatus(server.db, a.agent.id, 'available');
      const second = await ringIn();
      await answer(second.callSid, a.agent.email);
      const started = Date.now();
      const returned = await ended(second.callSid);
      assert.ok(Date.now() - started >= 1_900, 'waited for the agent\'s word');
      assert.match(returned.text, new RegExp(`<Say>${ANOTHER_AGENT_TEXT}</Say><Dial[^>]*action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}"`));
      assert.match(returned.text, new RegExp(`<Identity>${b.email}</Identity><Parameter name="${CALLER_CALL_SID_PARAMETER}" value="${second.callSid}"/>`));
      assert.doesNotMatch(returned.text, new RegExp(a.agent.email));
      assert.deepEqual([(await row(second.callSid)).status, (await row(second.callSid)).agentUserId], ['in-progress', null]);
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, second.callSid))).length, 1);
      assert.equal((await server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status, 'offline');
      await answer(second.callSid, b.email);
      assert.equal((await row(second.callSid)).agentUserId, b.id);

      // With nobody else to ring, the caller hears so and stays queued for a call back.
      await setAgentStatus(server.db, a.agent.id, 'available');
      const third = await ringIn();
      await answer(third.callSid, a.agent.email);
      const alone = await ended(third.callSid);
      assert.match(alone.text, new RegExp(`<Say>${AGENTS_BUSY_TEXT}</Say><Hangup/>`));
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, third.callSid))).length, 1);

      // The caller hung up, or nobody took the call: nothing to decide.
      for (const extra of [{ CallStatus: 'completed' }, { DialCallStatus: 'no-answer' }] as Array<Record<string, string>>) {
        const gone = await ended(second.callSid, extra);
        assert.match(gone.text, /<Hangup\/>/);
        assert.equal((await row(second.callSid)).agentUserId, b.id);
      }
      // Once the call is over, the word is refused.
      await webhook(server, TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: second.callSid, CallStatus: 'completed', CallDuration: '30' });
      const late = await call(server, 'POST', 'desk/hang-up-call', { token: bToken, body: { callSid: second.callSid } });
      assert.deepEqual([late.status, late.body.message], [409, WRAP_UP_TEXT.callEnded]);
      owner.close();
    });

    it('incoming call with no agent available says so; a number that is not ours is not in service', async () => {
      const a = await createTenant(server);
      const busy = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: sid('CA'), From: uniquePhone(), To: a.agent.agentNumber! });
      assert.match(busy.text, /agents are busy/);
      assert.doesNotMatch(busy.text, /<Dial/);
      const stranger = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: sid('CA'), From: uniquePhone(), To: uniquePhone() });
      assert.match(stranger.text, /not in service/);
    });

    it('outgoing call from the softphone dials the To number from the agent\'s number', async () => {
      const a = await createTenant(server);
      const callSid = sid('CA');
      const to = uniquePhone();
      const response = await webhook(server, TWILIO_WEBHOOK_PATHS.outgoingCall, { CallSid: callSid, From: `client:${a.agent.email}`, To: to.slice(2) });
      assert.equal(response.status, 200);
      assert.match(response.text, new RegExp(`<Dial[^>]*callerId="\\${a.agent.agentNumber}"`));
      assert.match(response.text, new RegExp(`<Number[^>]*>\\${to}</Number>`));
      const [row] = await server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(row?.direction, 'outbound');
      assert.equal(row?.agentUserId, a.agent.id);
      const invalid = await webhook(server, TWILIO_WEBHOOK_PATHS.outgoingCall, { CallSid: sid('CA'), From: `client:${a.agent.email}`, To: '12' });
      assert.match(invalid.text, /not a valid US number/);
    });

    it('inbound SMS and SMS status callbacks: RECEIVE_SMS once per MessageSid, SMS_STATUS_CHANGED once per status', async () => {
      const a = await createTenant(server);
      const other = await createTenant(server);
      const room = openSocket(server, { accountId: a.account.id, token: a.agentToken });
      const outsider = openSocket(server, { accountId: other.account.id, token: other.agentToken });
      await Promise.all([room.next(), outsider.next()]);
      const messageSid = sid('SM');
      const params = { MessageSid: messageSid, From: uniquePhone(), To: a.agent.agentNumber!, Body: '<img src=x onerror=alert(1)>' };
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.incomingSms, params, 'forged')).status, 403);
      const good = await webhook(server, TWILIO_WEBHOOK_PATHS.incomingSms, params);
      assert.equal(good.status, 200);
      assert.match(good.text, /<Response\/>/);
      const pushed = await nextOfType(room, 'RECEIVE_SMS');
      assert.equal(pushed.payload.content, params.Body);
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.incomingSms, params)).status, 200);
      assert.ok(await silentFor(room, 'RECEIVE_SMS'));
      assert.ok(await silentFor(outsider, 'RECEIVE_SMS', 50));
      assert.equal((await server.db.select().from(smsMessages).where(eq(smsMessages.messageSid, messageSid))).length, 1);

      // An outbound text's status: stored and pushed once per status.
      const [conversationRow] = await server.db.select({ conversationId: smsMessages.conversationId }).from(smsMessages).where(eq(smsMessages.messageSid, messageSid));
      const outboundSid = sid('SM');
      await server.db.insert(smsMessages).values({
        conversationId: conversationRow!.conversationId, accountId: a.account.id, direction: 'outbound', content: 'hi', status: 'queued', messageSid: outboundSid,
      });
      const status = { MessageSid: outboundSid, MessageStatus: 'delivered' };
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.smsStatus, status, 'none')).status, 403);
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.smsStatus, status)).status, 204);
      assert.equal((await nextOfType(room, 'SMS_STATUS_CHANGED')).payload.status, 'delivered');
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.smsStatus, status)).status, 204);
      assert.ok(await silentFor(room, 'SMS_STATUS_CHANGED'));
      room.close();
      outsider.close();
    });

    it('has no simulator doors when Twilio is configured', async () => {
      const response = await fetch(`${server.origin}/v1/telephony/simulator/inbound-call`, { method: 'POST' });
      assert.equal(response.status, 404);
    });
  });
}
