import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { AGENT_PLACES_NO_CALLS_TEXT, CALL_END_REASONS, contract } from 'shared-contracts';
import { calls, conversationMessages, conversations } from '../../src/db/schema';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { SIMULATED_CALLEE_LINES } from '../../src/modules/voice-agent/transport/simulated-callee';
import { createAiAgent, createTenant, missingId, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { isAudio, playRecording } from '../helpers/recordings';
import { call, type TestServer } from '../helpers/server';
import { nextOfType } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { serverOnTwilioCloud, type FakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO } from '../helpers/twilio-fixture';

const callRow = (server: TestServer, callSid: string) =>
  server.db.select().from(calls).where(eq(calls.callSid, callSid)).then((rows) => rows[0]);

export function testCallSuite(ctx: SuiteContext) {
  describe('call/make-test-call', () => {
    it('the simulator places the AI agent\'s call: logged at once, answered, talked through by the agent, then completed', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, name: 'Front Desk', greeting: 'Hi, Front Desk speaking.', handleCallType: 'both' });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');
      const response = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: '(212) 555-0142' } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assertContract(contract.call.makeTestCall, response.body);
      const { callSid, status } = response.body.data;
      assert.match(callSid, /^CA[0-9a-f]{32}$/);
      assert.equal(status, 'queued');

      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: {} });
      assert.equal(logs.body.total, 1);
      const [log] = logs.body.data;
      assert.equal(log.direction, 'outbound');
      assert.equal(log.fromNumber, agent.phoneNumber);
      assert.equal(log.toNumber, '+12125550142');
      assert.equal(log.aiAgent.name, 'Front Desk');

      // The callee answers: the agent's greeting opens the live transcript.
      assert.equal((await nextOfType(room, 'TRANSCRIPT_UPDATED', 8_000)).message.content, 'Hi, Front Desk speaking.');
      const ended = await callRow(ctx.server, callSid);
      assert.equal((await nextOfType(room, 'LIVE_CALL_ENDED', 8_000)).callId, ended!.id);
      assert.equal((await callRow(ctx.server, callSid))!.status, 'completed');
      const transcript = await ctx.server.db.select({ content: conversationMessages.content, authorType: conversationMessages.authorType })
        .from(conversationMessages).innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
        .where(eq(conversations.callId, ended!.id)).orderBy(asc(conversationMessages.at), asc(conversationMessages.id));
      // The simulated callee talks with the agent over the relay, as a person would on Twilio.
      assert.deepEqual(transcript.slice(0, 2), [
        { content: 'Hi, Front Desk speaking.', authorType: 'ai' },
        { content: SIMULATED_CALLEE_LINES[0], authorType: 'lead' },
      ]);
      assert.ok(transcript.some((line) => line.authorType === 'ai' && line !== transcript[0]), 'the agent answered the callee');
      // The summary is written by a job once the call is over.
      const [summary] = await waitFor(
        () => ctx.server.db.select({ summary: conversations.summary }).from(conversations).where(eq(conversations.callId, ended!.id)),
        ([row]) => row?.summary != null,
      );
      assert.ok(summary?.summary, 'the call has its summary');
      room.close();
    });

    it('the simulator\'s AI test call, once over, has a recording that plays from the call logs', async () => {
      const t = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const response = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: uniquePhone() } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const recordingOf = async () => {
        const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: {} });
        return (logs.body.data[0]?.conversation?.recordingUrl ?? null) as string | null;
      };
      const link = await waitFor(recordingOf, (url) => url !== null);
      assert.ok(link, 'the call has a recording');
      const played = await playRecording(ctx.server, link);
      assert.equal(played.status, 200);
      assert.ok(isAudio(played.bytes), 'the body is audio');
    });

    it('refuses bad input, agents of other accounts and other roles, logging nothing', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const mine = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'outbound' });
      const noNumber = await createAiAgent(ctx.server.db, { accountId: t.account.id, phoneNumber: null, handleCallType: 'outbound' });
      const inboundOnly = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound' });
      const theirs = await createAiAgent(ctx.server.db, { accountId: other.account.id, handleCallType: 'outbound' });
      const cases: Array<[unknown, number, string]> = [
        [{ agentId: mine.id, phoneNumber: '' }, 400, 'Phone number is required'],
        [{ agentId: mine.id, phoneNumber: '555-0100' }, 400, 'Phone number must be a US number: +1 followed by ten digits'],
        [{ agentId: mine.id, phoneNumber: '+442071234567' }, 400, 'Phone number must be a US number: +1 followed by ten digits'],
        [{ phoneNumber: '2125550100' }, 400, 'Choose an agent'],
        [{ agentId: noNumber.id, phoneNumber: '2125550100' }, 400, 'Give this agent a phone number before placing a test call'],
        [{ agentId: inboundOnly.id, phoneNumber: '2125550100' }, 400, AGENT_PLACES_NO_CALLS_TEXT],
        [{ agentId: mine.id, phoneNumber: mine.phoneNumber }, 400, 'Call a number other than the agent\'s own'],
        [{ agentId: theirs.id, phoneNumber: '2125550100' }, 404, 'Not found'],
        [{ agentId: missingId(), phoneNumber: '2125550100' }, 404, 'Not found'],
      ];
      for (const [body, status, message] of cases) {
        const response = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body });
        assert.equal(response.status, status, JSON.stringify(body));
        assert.equal(response.body.message, message);
      }
      const body = { agentId: mine.id, phoneNumber: '2125550100' };
      assert.equal((await call(ctx.server, 'POST', 'call/make-test-call', { token: t.agentToken, body })).status, 403);
      assert.equal((await call(ctx.server, 'POST', 'call/make-test-call', { body })).status, 401);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.accountId, t.account.id))).length, 0);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.accountId, other.account.id))).length, 0);
    });

    describe('on Twilio (REST Calls create; the cloud is a local fake)', () => {
      let server: TestServer;
      let cloud: FakeTwilioCloud;
      serverOnTwilioCloud(() => ctx.server.db, (on) => ({ server, cloud } = on));

      const signedPost = (path: string, params: Record<string, string>, token = TWILIO.authToken) =>
        fetch(`${server.origin}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilio.getExpectedTwilioSignature(token, `${PUBLIC_URL}${path}`, params),
          },
          body: new URLSearchParams(params).toString(),
        });

      it('asks Twilio to dial from the agent\'s number with our TwiML URL; the answer connects the callee to the agent', async () => {
        const t = await createTenant(server);
        const agent = await createAiAgent(server.db, { accountId: t.account.id, name: 'Closer', greeting: 'Hello from Closer.', handleCallType: 'outbound' });
        const to = uniquePhone();
        const response = await call(server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: to } });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const sent = cloud.requests.at(-1)!;
        assert.equal(sent.method, 'POST');
        assert.equal(sent.path, `/2010-04-01/Accounts/${TWILIO.accountSid}/Calls.json`);
        assert.equal(sent.auth, `Basic ${Buffer.from(`${TWILIO.apiKeySid}:${TWILIO.apiKeySecret}`).toString('base64')}`);
        assert.equal(sent.form.get('From'), agent.phoneNumber);
        assert.equal(sent.form.get('To'), to);
        assert.equal(sent.form.get('StatusCallback'), `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.callStatus}`);
        const twimlUrl = new URL(sent.form.get('Url')!);
        assert.equal(`${twimlUrl.origin}${twimlUrl.pathname}`, `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.aiCall}`);
        const { callSid } = response.body.data;
        assert.equal(response.body.data.status, 'queued');
        assert.equal((await callRow(server, callSid))!.status, 'queued');

        const path = `${twimlUrl.pathname}${twimlUrl.search}`;
        assert.equal((await signedPost(path, { CallSid: callSid, CallStatus: 'in-progress' }, 'someone-elses-token-00000000')).status, 403);
        assert.equal((await callRow(server, callSid))!.status, 'queued');
        const answered = await signedPost(path, { CallSid: callSid, CallStatus: 'in-progress' });
        assert.equal(answered.status, 200);
        const xml = await answered.text();
        assert.match(xml, /<Connect action="[^"]+"><ConversationRelay [^>]*welcomeGreeting="Hello from Closer\."/);
        assert.match(xml, /<Parameter name="callId" value="[0-9a-f-]{36}"\/>/);
        const ended = await signedPost(TWILIO_WEBHOOK_PATHS.callStatus, { CallSid: callSid, CallStatus: 'completed', CallDuration: '12' });
        assert.equal(ended.status, 204);
        const row = await callRow(server, callSid);
        assert.deepEqual([row!.status, row!.durationSeconds], ['completed', 12]);
      });

      it('a call Twilio refuses is logged as failed and answered 502', async () => {
        const t = await createTenant(server);
        const agent = await createAiAgent(server.db, { accountId: t.account.id, handleCallType: 'outbound' });
        cloud.failNext(true);
        const response = await call(server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: uniquePhone() } });
        cloud.failNext(false);
        assert.equal(response.status, 502);
        assert.equal(response.body.message, 'The test call could not be placed; try again later');
        const rows = await server.db.select().from(calls).where(eq(calls.accountId, t.account.id));
        assert.deepEqual(rows.map((r) => [r.status, r.endReason]), [['failed', CALL_END_REASONS.neverConnected]]);
      });
    });
  });
}
