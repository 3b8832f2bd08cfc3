import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { API_KEY_NOT_ALLOWED_TEXT, contract, webhookEventSchema, type WebhookDeliveredType, type WebhookEventType } from 'shared-contracts';
import { rawSql } from '../../src/db/raw-sql';
import { appointments, calls, conversations, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema';
import { SIMULATED_CALLEES } from '../../src/modules/telephony/simulator-provider';
import { callWrapUpJob } from '../../src/modules/voice-agent/responders/call-wrap-up';
import { finishUnheldCalls } from '../../src/modules/voice-agent/session/unfinished-calls';
import { JOB_SCHEMA } from '../../src/modules/jobs/job-queue';
import { isPublicAddress } from '../../src/modules/webhooks/address-policy';
import { sealEndpointSecret } from '../../src/modules/webhooks/endpoint-secret';
import { deliverWebhook, eventIdOf, webhookDeliveryJob } from '../../src/modules/webhooks';
import { publicOnlyLookup, RESPONSE_SNIPPET_CHARS } from '../../src/modules/webhooks/post-webhook';
import { createAiAgent, createCall, createTenant, createWebhookEndpoint, missingId, setAgentStatus, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder, dialAiAgent, simulatorDoor } from '../helpers/relay';
import { call, startServer, type TestServer } from '../helpers/server';
import { onlineAgent, openDevice, wrapUpCall } from '../helpers/simulator-device';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { verifySignature, webhookReceiver, type ReceivedWebhook } from '../helpers/webhook-receiver';

type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

export function webhooksSuite(ctx: SuiteContext) {
  describe('outgoing webhooks', () => {
    // The AI calls here hand off when asked for a person, as the local responder does.
    answeredByLocalResponder(ctx);
    let receiver: Receiver;
    /** A second API instance on the same database: both work the delivery queue. */
    let second: TestServer;
    before(async () => {
      receiver = await webhookReceiver();
      second = await startServer(ctx.server.db);
    });
    after(async () => {
      await second?.close();
      await receiver?.close();
    });

    const db = () => ctx.server.db;
    let pathCount = 0;
    const freshPath = () => `/hooks/${++pathCount}`;

    async function register(token: string, events: WebhookEventType[], path = freshPath()) {
      return { ...await createWebhookEndpoint(ctx.server, token, { url: receiver.url(path), events }), path };
    }
    const deliveriesOf = async (token: string, endpointId?: string) => {
      const res = await call(ctx.server, 'GET', `webhook/deliveries${endpointId ? `?endpointId=${endpointId}` : ''}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.webhook.deliveries, res.body);
      return res.body.data as Array<{ id: string; status: string; attempts: number; lastStatusCode: number | null; lastResponse: string | null; eventId: string; eventType: string }>;
    };
    const arrived = (path: string, count = 1, timeoutMs = 10_000) => waitFor(async () => receiver.at(path), (r) => r.length >= count, timeoutMs);
    const jobOf = async (deliveryId: string) => (await rawSql(db())(
      `SELECT state, retry_count AS "retryCount", retry_limit AS "retryLimit", start_after AS "startAfter" FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'deliveryId' = $2`,
      [webhookDeliveryJob.name, deliveryId],
    )).rows as Array<{ state: string; retryCount: number; retryLimit: number; startAfter: Date }>;

    it('registers an endpoint with its secret shown once and kept sealed; lists it without the secret; removes it', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint, secret } = await register(t.ownerToken, ['call.completed', 'sms.received', 'call.completed']);
      assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual((endpoint as unknown as { events: string[] }).events, ['call.completed', 'sms.received']);
      const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      assert.ok(!JSON.stringify(row).includes(secret), 'the secret is stored encrypted');

      const list = await call(ctx.server, 'GET', 'webhook/list', { token: t.ownerToken });
      assertContract(contract.webhook.list, list.body);
      assert.deepEqual(list.body.data.map((e: { id: string }) => e.id), [endpoint.id]);
      assert.ok(!JSON.stringify(list.body).includes(secret));
      assert.ok(secret.startsWith(list.body.data[0].secretPrefix));

      const removed = await call(ctx.server, 'DELETE', `webhook/${endpoint.id}`, { token: t.ownerToken });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body.data, { id: endpoint.id });
      assert.deepEqual((await call(ctx.server, 'GET', 'webhook/list', { token: t.ownerToken })).body.data, []);
    });

    it('refuses bad input, an eleventh endpoint, other roles, and another account\'s endpoint ids, changing nothing', async () => {
      const t = await createTenant(ctx.server);
      for (const [body, message] of [
        [{ url: 'not a url', events: ['call.completed'] }, 'Endpoint URL must be a valid URL'],
        [{ url: 'ftp://files.example.com/x', events: ['call.completed'] }, 'Endpoint URL must start with http:// or https://'],
        [{ url: receiver.url(), events: [] }, 'Choose at least one event'],
        [{ url: receiver.url(), events: ['call.ringing'] }, 'Choose an event'],
      ] as const) {
        const res = await call(ctx.server, 'POST', 'webhook/create', { token: t.ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.message, message);
      }
      assert.equal((await call(ctx.server, 'POST', 'webhook/create', { token: t.agentToken, body: { url: receiver.url(), events: ['call.completed'] } })).status, 403);
      for (let i = 0; i < 10; i += 1) await register(t.ownerToken, ['sms.received']);
      const eleventh = await call(ctx.server, 'POST', 'webhook/create', { token: t.ownerToken, body: { url: receiver.url(), events: ['sms.received'] } });
      assert.equal(eleventh.status, 400);
      assert.equal(eleventh.body.message, 'You can have at most 10 webhook endpoints; remove one first');

      const other = await createTenant(ctx.server);
      const [theirs] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, t.account.id)).limit(1);
      for (const id of [theirs!.id, missingId()]) {
        assert.equal((await call(ctx.server, 'DELETE', `webhook/${id}`, { token: other.ownerToken })).status, 404);
        assert.equal((await call(ctx.server, 'POST', `webhook/test/${id}`, { token: other.ownerToken })).status, 404);
        assert.equal((await call(ctx.server, 'GET', `webhook/deliveries?endpointId=${id}`, { token: other.ownerToken })).status, 404);
      }
      assert.equal((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, t.account.id))).length, 10);
      assert.deepEqual(await deliveriesOf(t.ownerToken), []);
      assert.deepEqual((await call(ctx.server, 'GET', 'webhook/list', { token: other.ownerToken })).body.data, []);
    });

    it('"send test event" delivers a signed webhook.test once, logged as delivered with the endpoint\'s answer', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint, secret, path } = await register(t.ownerToken, ['call.completed']);
      const sent = await call(ctx.server, 'POST', `webhook/test/${endpoint.id}`, { token: t.ownerToken });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assertContract(contract.webhook.sendTest, sent.body);
      assert.equal(sent.body.data.eventType, 'webhook.test');

      const [delivery] = await arrived(path);
      assert.ok(verifySignature(secret, delivery!), 'the signature verifies with the endpoint\'s secret');
      assert.ok(!verifySignature('whsec_someone-else', delivery!), 'and with no other secret');
      assert.equal(delivery!.headers['content-type'], 'application/json');
      assert.equal(delivery!.headers['x-webhook-event'], 'webhook.test');
      assert.equal(delivery!.headers['x-webhook-event-id'], sent.body.data.eventId);
      assert.deepEqual([delivery!.json.id, delivery!.json.type, delivery!.json.accountId], [sent.body.data.eventId, 'webhook.test', t.account.id]);

      const [logged] = await waitFor(() => deliveriesOf(t.ownerToken, endpoint.id), (d) => d[0]?.status === 'delivered');
      assert.deepEqual([logged!.status, logged!.attempts, logged!.lastStatusCode, logged!.lastResponse], ['delivered', 1, 200, '{"received":true}']);
      // Two instances work the queue; the endpoint still got it once.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.at(path).length, 1);
    });

    it('an AI call on the simulator sends one signed call.completed with its transcript and summary', async () => {
      const t = await createTenant(ctx.server);
      const { secret, path } = await register(t.ownerToken, ['call.completed']);
      const skipped = await register(t.ownerToken, ['sms.received']);
      const agent = await createAiAgent(db(), { accountId: t.account.id, greeting: 'Thanks for calling Sunny Dental.' });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      caller.say('Are you open on Saturday?');
      await caller.nextReply();
      await caller.hangUp();

      const [delivery] = await arrived(path);
      assert.ok(verifySignature(secret, delivery!));
      const event = delivery!.json;
      assert.equal(event.type, 'call.completed');
      assert.equal(event.id, eventIdOf('call.completed', callId));
      assert.equal(event.data.callId, callId);
      assert.equal(event.data.aiAgentId, agent.id);
      assert.deepEqual(event.data.transcript.slice(0, 2), [
        { speaker: 'agent', text: 'Thanks for calling Sunny Dental.' },
        { speaker: 'caller', text: 'Are you open on Saturday?' },
      ]);
      assert.ok(typeof event.data.summary === 'string' && event.data.summary.length > 0, 'the summary is in the event');
      assert.equal(event.data.outcome !== null, true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.at(path).length, 1);
      assert.equal(receiver.at(skipped.path).length, 0, 'an endpoint that did not pick the event gets nothing');
    });

    it('call.transferred when the AI hands its caller to a person, and call.completed when the person\'s call ends', async () => {
      const t = await createTenant(ctx.server);
      const { path } = await register(t.ownerToken, ['call.transferred', 'call.completed']);
      await setAgentStatus(db(), t.agent.id, 'available');
      const token = await call(ctx.server, 'POST', 'call/generate-token', { token: t.agentToken, body: { identity: t.agent.email } });
      const device = openDevice(ctx.server, token.body.data.token);
      assert.deepEqual(await device.next(), { type: 'registered' });
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'inbound', greeting: 'Hi there.' });
      const from = uniquePhone();
      const { caller, callSid, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      const ended = new Promise((resolve) => caller.once('end', resolve));
      caller.say('Can I talk to a real person about my bill?');
      await caller.nextReply();
      await ended;
      const [transferred] = await arrived(path);
      assert.equal(transferred!.json.type, 'call.transferred');
      assert.equal(transferred!.json.data.callId, callId);
      assert.equal(transferred!.json.data.party, from);
      assert.match(transferred!.json.data.reason, /bill/);

      assert.equal((await device.next(5_000)).type, 'incoming');
      await caller.hangUp();
      device.send({ type: 'accept', callSid });
      assert.deepEqual(await device.next(), { type: 'accepted', callSid });
      device.send({ type: 'hangup', callSid });
      assert.deepEqual(await device.next(), { type: 'disconnected', callSid });
      // The person's call is reported once they have wrapped it up, with their disposition and notes.
      await settle();
      assert.deepEqual(receiver.at(path).map((d) => d.json.type), ['call.transferred']);
      await wrapUpCall(ctx.server, t.agentToken, callSid, 'Escalated', 'Billing dispute, passed to accounts.');
      const both = await arrived(path, 2);
      assert.deepEqual(both.map((d) => d.json.type), ['call.transferred', 'call.completed']);
      assert.equal(both[1]!.json.data.callId, callId);
      assert.equal(both[1]!.json.data.transcript[1].text, 'Can I talk to a real person about my bill?');
      assert.deepEqual([both[1]!.json.data.wrapUp.disposition, both[1]!.json.data.wrapUp.notes], ['Escalated', 'Billing dispute, passed to accounts.']);
      device.close();
    });

    it('appointment.booked when the AI books on a call, and sms.received when a text arrives', async () => {
      const t = await createTenant(ctx.server, { timeZone: 'America/New_York' });
      const { path, secret } = await register(t.ownerToken, ['appointment.booked', 'sms.received']);
      const agent = await createAiAgent(db(), {
        accountId: t.account.id, handleCallType: 'both', workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '08:00', end: '20:00' },
      });
      const from = uniquePhone();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      caller.say('I would like to book an appointment.');
      await caller.nextReply();
      caller.say('Tomorrow please.');
      await caller.nextReply();
      caller.say('At 3 pm.');
      assert.match(await caller.nextReply(), /booked/i);
      const [booked] = await arrived(path);
      const [appointment] = await db().select().from(appointments).where(eq(appointments.callId, callId));
      assert.equal(booked!.json.type, 'appointment.booked');
      assert.deepEqual([booked!.json.data.appointmentId, booked!.json.data.callId, booked!.json.data.leadPhone, booked!.json.data.dateTime],
        [appointment!.id, callId, from, appointment!.dateTime.toISOString()]);
      assert.ok(verifySignature(secret, booked!));
      await caller.hangUp();

      const texter = uniquePhone();
      assert.equal((await simulatorDoor(ctx.server, 'inbound-sms', { from: texter, to: t.agent.agentNumber, body: 'Running late' })).status, 200);
      const [, sms] = await arrived(path, 2);
      assert.equal(sms!.json.type, 'sms.received');
      assert.deepEqual([sms!.json.data.from, sms!.json.data.to, sms!.json.data.body], [texter, t.agent.agentNumber, 'Running late']);
      assert.ok(verifySignature(secret, sms!));
    });

    /** A delivery as a receiver checks it: signed with the endpoint's secret, its headers, its id for the thing that happened, its body as documented. */
    function assertEvent(delivery: ReceivedWebhook | undefined, secret: string, type: WebhookDeliveredType, subject: string, accountId: string) {
      assert.ok(delivery, `a ${type} delivery arrived`);
      assert.ok(verifySignature(secret, delivery), `${type} is signed with the endpoint's secret`);
      assert.equal(delivery.headers['x-webhook-event'], type);
      assert.equal(delivery.headers['x-webhook-event-id'], eventIdOf(type as WebhookEventType, subject));
      const parsed = v.safeParse(webhookEventSchema(type), delivery.json);
      assert.ok(parsed.success, `${type} matches its schema: ${JSON.stringify(parsed.issues?.map((i) => [i.path?.map((p) => p.key).join('.'), i.message]))}`);
      assert.equal(delivery.json.accountId, accountId);
      return delivery.json.data;
    }
    const ofType = (path: string, type: string) => receiver.at(path).filter((d) => d.json.type === type);
    /** Long enough for a second delivery of anything, from either instance, to have arrived. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

    it('an API key lists, registers, changes and removes its account\'s endpoints; another account\'s are 404 to it', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const key = (await call(ctx.server, 'POST', 'api-key/create', { token: t.ownerToken, body: { name: 'Webhook admin' } })).body.data.secret as string;
      const theirs = await register(other.ownerToken, ['call.completed']);

      const path = freshPath();
      const created = await call(ctx.server, 'POST', 'webhook/create', { token: key, body: { url: receiver.url(path), events: ['call.started', 'call.failed'] } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assertContract(contract.webhook.create, created.body);
      const { endpoint, secret } = created.body.data as { endpoint: { id: string }; secret: string };
      assert.match(secret, /^whsec_/);

      const listed = await call(ctx.server, 'GET', 'webhook/list', { token: key });
      assert.equal(listed.status, 200);
      assertContract(contract.webhook.list, listed.body);
      assert.deepEqual(listed.body.data.map((e: { id: string; events: string[] }) => [e.id, e.events]), [[endpoint.id, ['call.started', 'call.failed']]]);

      const newPath = freshPath();
      const changed = await call(ctx.server, 'PATCH', `webhook/${endpoint.id}`, { token: key, body: { url: receiver.url(newPath), events: ['sms.received', 'sms.received'] } });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assertContract(contract.webhook.update, changed.body);
      assert.deepEqual([changed.body.data.url, changed.body.data.events], [receiver.url(newPath), ['sms.received']]);
      assert.equal(changed.body.data.secretPrefix, listed.body.data[0].secretPrefix, 'the secret stays');

      // The changed endpoint gets its new event at its new address, signed with the same secret.
      const texter = uniquePhone();
      assert.equal((await simulatorDoor(ctx.server, 'inbound-sms', { from: texter, to: t.agent.agentNumber, body: 'On my way' })).status, 200);
      const [sms] = await arrived(newPath);
      assert.equal(assertEvent(sms, secret, 'sms.received', sms!.json.data.messageId, t.account.id).from, texter);
      assert.equal(receiver.at(path).length, 0);

      // Bad input is refused and changes nothing.
      for (const [body, message] of [
        [{}, 'Change at least one field'],
        [{ events: [] }, 'Choose at least one event'],
        [{ url: 'not a url' }, 'Endpoint URL must be a valid URL'],
        [{ events: ['call.completed'], secret: 'whsec_mine' }, 'Unknown field "secret"'],
      ] as const) {
        const res = await call(ctx.server, 'PATCH', `webhook/${endpoint.id}`, { token: key, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.message, message, JSON.stringify(body));
      }
      assert.equal((await call(ctx.server, 'PATCH', `webhook/${endpoint.id}`, { token: t.agentToken, body: { events: ['call.completed'] } })).status, 403);

      // Another account's endpoint, or none: 404, and it is left as it was.
      for (const id of [theirs.endpoint.id, missingId()]) {
        const patched = await call(ctx.server, 'PATCH', `webhook/${id}`, { token: key, body: { url: receiver.url('/stolen') } });
        assert.equal(patched.status, 404);
        assert.equal((await call(ctx.server, 'DELETE', `webhook/${id}`, { token: key })).status, 404);
      }
      const [kept] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, theirs.endpoint.id));
      assert.deepEqual([kept!.url, kept!.events], [receiver.url(theirs.path), ['call.completed']]);
      assert.ok(!JSON.stringify((await call(ctx.server, 'GET', 'webhook/list', { token: key })).body).includes(theirs.endpoint.id));

      // The delivery log and test button stay the dashboard's.
      for (const [method, route] of [['GET', 'webhook/deliveries'], ['POST', `webhook/test/${endpoint.id}`]] as const) {
        const res = await call(ctx.server, method, route, { token: key });
        assert.equal(res.status, 403, route);
        assert.equal(res.body.message, API_KEY_NOT_ALLOWED_TEXT);
      }

      const removed = await call(ctx.server, 'DELETE', `webhook/${endpoint.id}`, { token: key });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body.data, { id: endpoint.id });
      assert.deepEqual((await call(ctx.server, 'GET', 'webhook/list', { token: key })).body.data, []);
    });

    it('an AI agent\'s call sends call.started when the agent answers and analysis.completed when its summary is written, each once', async () => {
      const t = await createTenant(ctx.server);
      const { secret, path } = await register(t.ownerToken, ['call.started', 'analysis.completed']);
      const agent = await createAiAgent(db(), { accountId: t.account.id, greeting: 'Thanks for calling Sunny Dental.' });
      const from = uniquePhone();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);

      const [startedDelivery] = await arrived(path);
      const started = assertEvent(startedDelivery, secret, 'call.started', callId, t.account.id);
      assert.deepEqual([started.callId, started.direction, started.from, started.to, started.aiAgentId, started.agentUserId],
        [callId, 'inbound', from, agent.phoneNumber, agent.id, null]);
      assert.ok(Date.parse(started.connectedAt) >= Date.parse(started.startedAt));

      caller.say('Are you open on Saturday?');
      await caller.nextReply();
      await caller.hangUp();
      const [, analysisDelivery] = await arrived(path, 2);
      const analysis = assertEvent(analysisDelivery, secret, 'analysis.completed', callId, t.account.id);
      assert.match(analysis.summary, /Saturday/);
      const [written] = await db().select().from(conversations).where(eq(conversations.callId, callId));
      assert.deepEqual(analysis, { callId, aiAgentId: agent.id, summary: written!.summary, outcome: written!.outcome, sentiment: written!.sentiment });

      // The wrap-up run again (a retry, the backstop) writes the summary again but sends nothing new.
      await callWrapUpJob.handle(ctx.server.app, { callId, transferred: false });
      await settle();
      assert.deepEqual(receiver.at(path).map((d) => d.json.type), ['call.started', 'analysis.completed']);
    });

    it('an AI agent\'s outbound call sends call.started when the callee answers, and call.failed when the line is busy or nobody answers', async () => {
      const t = await createTenant(ctx.server);
      const { secret, path } = await register(t.ownerToken, ['call.started', 'call.failed']);
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'outbound' });
      const place = async (phoneNumber: string) => {
        const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber } });
        assert.equal(placed.status, 200, JSON.stringify(placed.body));
        const [row] = await waitFor(() => db().select({ id: calls.id }).from(calls).where(eq(calls.callSid, placed.body.data.callSid as string)), (r) => r.length === 1);
        return row!.id;
      };

      const [busyId, unansweredId, answeredId] = [await place(SIMULATED_CALLEES.busy), await place(SIMULATED_CALLEES.noAnswer), await place(uniquePhone())];
      await waitFor(async () => receiver.at(path), (r) => r.length >= 3, 15_000);
      const byCall = (id: string) => receiver.at(path).filter((d) => d.json.data.callId === id);

      const busy = assertEvent(byCall(busyId)[0], secret, 'call.failed', busyId, t.account.id);
      assert.deepEqual([busy.direction, busy.to, busy.aiAgentId, busy.status, busy.reason], ['outbound', SIMULATED_CALLEES.busy, agent.id, 'busy', 'busy']);
      const unanswered = assertEvent(byCall(unansweredId)[0], secret, 'call.failed', unansweredId, t.account.id);
      assert.deepEqual([unanswered.to, unanswered.status, unanswered.reason], [SIMULATED_CALLEES.noAnswer, 'missed', 'no-answer']);
      const answered = assertEvent(byCall(answeredId)[0], secret, 'call.started', answeredId, t.account.id);
      assert.deepEqual([answered.direction, answered.from, answered.aiAgentId], ['outbound', agent.phoneNumber, agent.id]);

      await settle();
      assert.deepEqual([byCall(busyId).length, byCall(unansweredId).length, byCall(answeredId).length], [1, 1, 1], 'one event per call');
      assert.equal(ofType(path, 'call.failed').length, 2);
    });

    it('a person\'s call sends call.started when the agent picks up or the dialled number answers; one nobody picks up sends call.failed', async () => {
      const a = await onlineAgent(ctx.server);
      const { secret, path } = await register(a.ownerToken, ['call.started', 'call.failed', 'call.completed']);
      const caller = uniquePhone();
      const { callSid } = (await simulatorDoor(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data as { callSid: string };
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      const [row] = await db().select().from(calls).where(eq(calls.callSid, callSid));
      const started = assertEvent((await arrived(path))[0], secret, 'call.started', row!.id, a.account.id);
      assert.deepEqual([started.direction, started.from, started.to, started.aiAgentId, started.agentUserId], ['inbound', caller, a.agent.agentNumber, null, a.agent.id]);
      assert.equal((await simulatorDoor(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      await wrapUpCall(ctx.server, a.agentToken, callSid);
      const [, completed] = await arrived(path, 2);
      assert.equal(completed!.json.type, 'call.completed');

      const ringIn = async () => (await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber })).body.data.callSid as string;
      // Rejected by the only agent: missed, never connected.
      const rejected = await ringIn();
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'reject', callSid: rejected });
      assert.deepEqual(await a.device.next(), { type: 'cancel', callSid: rejected });
      // The caller gives up while it rings.
      const hungUp = await ringIn();
      assert.equal((await a.device.next()).type, 'incoming');
      assert.equal((await simulatorDoor(ctx.server, `calls/${hungUp}/hangup`)).status, 200);
      assert.deepEqual(await a.device.next(), { type: 'cancel', callSid: hungUp });
      const failures = await waitFor(async () => ofType(path, 'call.failed'), (r) => r.length >= 2);
      const idOf = async (sid: string) => (await db().select({ id: calls.id }).from(calls).where(eq(calls.callSid, sid)))[0]!.id;
      const rejectedData = assertEvent(failures.find((d) => d.json.data.reason === 'no-answer'), secret, 'call.failed', await idOf(rejected), a.account.id);
      const hungUpData = assertEvent(failures.find((d) => d.json.data.reason === 'canceled'), secret, 'call.failed', await idOf(hungUp), a.account.id);
      assert.deepEqual([rejectedData.status, hungUpData.status], ['missed', 'missed']);

      await settle();
      assert.deepEqual(receiver.at(path).map((d) => d.json.type).sort(), ['call.completed', 'call.failed', 'call.failed', 'call.started']);

      // The agent dials out: the call starts when the callee answers.
      const to = uniquePhone();
      a.device.send({ type: 'connect', requestId: 'r1', to });
      const { callSid: dialled } = await a.device.next() as { callSid: string };
      assert.deepEqual(await a.device.next(5_000), { type: 'accepted', callSid: dialled });
      const outbound = assertEvent((await arrived(path, 5))[4], secret, 'call.started', await idOf(dialled), a.account.id);
      assert.deepEqual([outbound.direction, outbound.from, outbound.to, outbound.agentUserId], ['outbound', a.agent.agentNumber, to, a.agent.id]);
      a.device.send({ type: 'hangup', callSid: dialled });
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid: dialled });
      a.room.close();
      a.device.close();
    });

    it('call.failed also when the carrier refuses an AI call, and when the sweep ends one left ringing; not for a swept call that was in progress', async () => {
      const t = await createTenant(ctx.server);
      const { secret, path } = await register(t.ownerToken, ['call.failed']);
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'outbound' });

      const provider = ctx.server.app.telephony.provider;
      const placeCall = provider.placeCall;
      provider.placeCall = async () => { throw new Error('the carrier refused the number'); };
      try {
        const refused = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: uniquePhone() } });
        assert.equal(refused.status, 502, JSON.stringify(refused.body));
      } finally {
        provider.placeCall = placeCall;
      }
      const [refusedCall] = await db().select().from(calls).where(eq(calls.aiAgentId, agent.id));
      const refusedData = assertEvent((await arrived(path))[0], secret, 'call.failed', refusedCall!.id, t.account.id);
      assert.deepEqual([refusedData.callId, refusedData.status, refusedData.reason], [refusedCall!.id, 'failed', 'failed']);

      const longAgo = new Date(Date.now() - 10 * 60_000);
      const ringing = await createCall(db(), { accountId: t.account.id, aiAgentId: agent.id, direction: 'outbound', status: 'ringing', callSid: `CA${missingId().replace(/-/g, '')}`, startedAt: longAgo });
      const talking = await createCall(db(), { accountId: t.account.id, aiAgentId: agent.id, status: 'in-progress', callSid: `CA${missingId().replace(/-/g, '')}`, startedAt: longAgo });
      const swept = (await finishUnheldCalls(ctx.server.app)).map((c) => c.id);
      assert.ok(swept.includes(ringing.id) && swept.includes(talking.id));
      const sweptData = assertEvent((await arrived(path, 2))[1], secret, 'call.failed', ringing.id, t.account.id);
      assert.deepEqual([sweptData.status, sweptData.reason], ['failed', 'failed']);
      await settle();
      assert.deepEqual(receiver.at(path).map((d) => d.json.data.callId), [refusedCall!.id, ringing.id], 'nothing for the call that was talking');
    });

    it('a failing endpoint is logged with its status and a bounded answer, retried with backoff for about a day, and a retry resends the same event', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint, path, secret } = await register(t.ownerToken, ['sms.received']);
      receiver.answer({ kind: 'status', status: 503, body: 'x'.repeat(5_000) });
      try {
        const sent = await call(ctx.server, 'POST', `webhook/test/${endpoint.id}`, { token: t.ownerToken });
        const [failed] = await waitFor(() => deliveriesOf(t.ownerToken, endpoint.id), (d) => d[0]?.status === 'failed');
        assert.deepEqual([failed!.status, failed!.attempts, failed!.lastStatusCode], ['failed', 1, 503]);
        assert.equal(failed!.lastResponse, 'x'.repeat(RESPONSE_SNIPPET_CHARS));
        const [job] = await waitFor(() => jobOf(sent.body.data.id), (j) => j[0]?.state === 'retry');
        assert.equal(job!.state, 'retry');
        assert.ok(new Date(job!.startAfter).getTime() - Date.now() > 45_000, 'the next try waits at least a minute');
        // Each retry waits between d·2^(n-1) and d·2^n: the ten of them span about a day.
        const shortest = webhookDeliveryJob.retryDelaySeconds * (2 ** webhookDeliveryJob.retryLimit - 1);
        assert.ok(shortest >= 12 * 3600 && 2 * shortest <= 36 * 3600, `retries span ${shortest / 3600}–${(2 * shortest) / 3600} h`);

        // A redirect is the endpoint's answer, not followed.
        receiver.answer({ kind: 'status', status: 302, body: '', headers: { location: receiver.url('/elsewhere') } });
        assert.equal(await deliverWebhook(ctx.server.app, sent.body.data.id), false);
        assert.equal(receiver.at('/elsewhere').length, 0);

        receiver.answer({ kind: 'ok' });
        assert.equal(await deliverWebhook(ctx.server.app, sent.body.data.id), true);
        const tries = receiver.at(path);
        assert.equal(tries.length, 3);
        assert.equal(new Set(tries.map((d) => d.headers['x-webhook-event-id'])).size, 1, 'every try carries the same event id');
        assert.ok(verifySignature(secret, tries[2]!));
        const [logged] = await deliveriesOf(t.ownerToken, endpoint.id);
        assert.deepEqual([logged!.status, logged!.attempts, logged!.lastStatusCode], ['delivered', 3, 200]);

        // The job taken again (a retry already queued, a second instance) sends nothing more.
        assert.equal(await deliverWebhook(second.app, sent.body.data.id), true);
        assert.equal(receiver.at(path).length, 3);
        assert.equal((await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).length, 1);
      } finally {
        receiver.answer({ kind: 'ok' });
      }
    });

    it('a failed delivery waits in the database, not in a process: when its retry comes due, an instance sends it again', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint, path, secret } = await register(t.ownerToken, ['sms.received']);
      receiver.answer({ kind: 'status', status: 500, body: 'down for maintenance' });
      let deliveryId: string;
      try {
        deliveryId = (await call(ctx.server, 'POST', `webhook/test/${endpoint.id}`, { token: t.ownerToken })).body.data.id;
        await waitFor(() => jobOf(deliveryId), (j) => j[0]?.state === 'retry');
      } finally {
        receiver.answer({ kind: 'ok' });
      }
      // The retry's time comes (as it would a minute later, after any restart).
      await rawSql(db())(`UPDATE ${JOB_SCHEMA}.job SET start_after = now() WHERE name = $1 AND data->>'deliveryId' = $2`, [webhookDeliveryJob.name, deliveryId]);
      const [logged] = await waitFor(() => deliveriesOf(t.ownerToken, endpoint.id), (d) => d[0]?.status === 'delivered', 15_000);
      assert.deepEqual([logged!.status, logged!.attempts, logged!.lastStatusCode], ['delivered', 2, 200]);
      const tries = receiver.at(path);
      assert.equal(tries.length, 2);
      assert.equal(tries[0]!.headers['x-webhook-event-id'], tries[1]!.headers['x-webhook-event-id']);
      assert.ok(verifySignature(secret, tries[1]!));
      assert.equal((await waitFor(() => jobOf(deliveryId), (j) => j[0]?.state === 'completed'))[0]!.state, 'completed');
    });

    it('a delivery stored by an instance that stopped before queuing it is sent once another instance starts', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint, path, secret } = await register(t.ownerToken, ['sms.received']);
      // What a crash between storing the delivery and queuing its job leaves behind.
      const eventId = eventIdOf('sms.received', missingId());
      const payload = { id: eventId, type: 'sms.received', createdAt: new Date().toISOString(), accountId: t.account.id, data: {} };
      await db().insert(webhookEvents).values({ id: eventId, accountId: t.account.id, type: 'sms.received', payload });
      const [orphan] = await db().insert(webhookDeliveries)
        .values({ accountId: t.account.id, endpointId: endpoint.id, eventId, createdAt: new Date(Date.now() - 5 * 60_000) })
        .returning();
      assert.deepEqual(await jobOf(orphan!.id), []);

      const restarted = await startServer(ctx.server.db);
      try {
        const [sent] = await arrived(path);
        assert.equal(sent!.headers['x-webhook-event-id'], eventId);
        assert.ok(verifySignature(secret, sent!));
        const [logged] = await waitFor(() => deliveriesOf(t.ownerToken, endpoint.id), (d) => d[0]?.status === 'delivered');
        assert.equal(logged!.attempts, 1);
        assert.equal((await jobOf(orphan!.id)).length, 1, 'one job for the delivery');
      } finally {
        await restarted.close();
      }
    });

    it('an endpoint that does not answer in time is logged as such', async () => {
      const t = await createTenant(ctx.server);
      const { endpoint } = await register(t.ownerToken, ['sms.received']);
      receiver.answer({ kind: 'hang' });
      try {
        const started = Date.now();
        await call(ctx.server, 'POST', `webhook/test/${endpoint.id}`, { token: t.ownerToken });
        const [failed] = await waitFor(() => deliveriesOf(t.ownerToken, endpoint.id), (d) => d[0]?.status === 'failed', 15_000);
        assert.deepEqual([failed!.lastStatusCode, failed!.lastResponse], [null, 'No answer within 10 s']);
        assert.ok(Date.now() - started >= 9_500);
      } finally {
        receiver.answer({ kind: 'ok' });
      }
    });

    it('private, loopback, link-local, CGNAT and unique-local addresses are not public', () => {
      for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '224.0.0.1']) {
        assert.equal(isPublicAddress(address), false, address);
      }
      for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) assert.equal(isPublicAddress(address), true, address);
    });

    it('a production delivery\'s socket cannot connect to a name that resolves to a private address', async () => {
      // The check the connection itself makes, after the URL was checked: a name re-pointed in between gets nothing.
      for (const all of [false, true]) {
        const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', { all }, (e) => resolve(e)));
        assert.equal(err?.code, 'EPRIVATE');
        assert.equal(err?.message, 'Endpoint URL must not point to a private or local network address');
      }
    });

    it('in production, endpoints on private or loopback addresses, or not on https, are refused at registration and at delivery', async () => {
      const t = await createTenant(ctx.server);
      // Registered where local receivers are allowed, then sent from a production instance.
      const local = await register(t.ownerToken, ['sms.received']);
      const id = missingId();
      const [row] = await db().insert(webhookEndpoints).values({
        id, accountId: t.account.id, url: `https://localhost:${receiver.port}/hooks/resolves-local`, events: ['sms.received'],
        secretSealed: sealEndpointSecret(ctx.server.app.config.credentialsKey, id, 'whsec_local'), secretPrefix: 'whsec_loca',
      }).returning();
      const production = await startServer(db(), { nodeEnv: 'production' });
      try {
        for (const [url, message] of [
          [`http://93.184.216.34/hooks`, 'Endpoint URL must use https'],
          ['https://127.0.0.1/hooks', 'Endpoint URL must not point to a private or local network address'],
          ['https://10.0.0.5/hooks', 'Endpoint URL must not point to a private or local network address'],
          ['https://[::1]/hooks', 'Endpoint URL must not point to a private or local network address'],
          ['https://169.254.169.254/latest/meta-data', 'Endpoint URL must not point to a private or local network address'],
          ['https://100.64.1.1/hooks', 'Endpoint URL must not point to a private or local network address'],
          ['https://localhost/hooks', 'Endpoint URL must not point to a private or local network address'],
        ] as const) {
          const res = await call(production, 'POST', 'webhook/create', { token: t.ownerToken, body: { url, events: ['call.completed'] } });
          assert.equal(res.status, 400, url);
          assert.equal(res.body.message, message, url);
        }
        assert.equal((await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, t.account.id))).length, 2);

        // At delivery time the address is checked again: nothing leaves for the local network.
        const before = receiver.received.length;
        for (const endpointId of [local.endpoint.id, row!.id]) {
          const [delivery] = await db().insert(webhookDeliveries).values({ accountId: t.account.id, endpointId, eventId: await testEvent(t.account.id) }).returning();
          assert.equal(await deliverWebhook(production.app, delivery!.id), false);
          const [logged] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
          assert.equal(logged!.status, 'failed');
          assert.match(logged!.lastResponse!, endpointId === row!.id ? /must not point to a private or local network address/ : /must use https/);
        }
        assert.equal(receiver.received.length, before);
      } finally {
        await production.close();
      }
    });

    let eventCount = 0;
    async function testEvent(accountId: string) {
      const id = `evt_test_refusal_${++eventCount}_${missingId()}`;
      await db().insert(webhookEvents).values({ id, accountId, type: 'webhook.test', payload: { id, type: 'webhook.test' } });
      return id;
    }
  });
}
