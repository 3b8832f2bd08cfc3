import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { agentStatuses, calls, dialerSettings, queueEntries, smsConversations, smsMessages } from '../../src/db/schema';
import { AWAY_REASON_REQUIRED_TEXT } from 'shared-contracts';
import { createAdmin, createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { isAudio, playRecording } from '../helpers/recordings';
import { isLoopback, SIMULATOR_LOCAL_ONLY_TEXT } from '../../src/modules/telephony/simulator-routes';
import { call, type TestServer } from '../helpers/server';
import { nextOfType, onlineAgent, openDevice, silentFor, voiceToken, wrapUpCall } from '../helpers/simulator-device';
import { openSocket, statusWithoutSince } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { simulatorDoor as simulator } from '../helpers/relay';
import { waitFor } from '../helpers/wait-for';

/** The account owner's screen: it hears every status change and call end of the account. */
async function ownerScreen(server: TestServer, tenant: { account: { id: string }; ownerToken: string }) {
  const room = openSocket(server, { accountId: tenant.account.id, token: tenant.ownerToken });
  assert.equal((await room.next()).type, 'INITIAL_STATUS');
  return room;
}

const statusOf = async (server: TestServer, agentId: string) =>
  (await server.db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.agentId, agentId)))[0]?.status;

const callRow = async (server: TestServer, callSid: string) =>
  (await server.db.select().from(calls).where(eq(calls.callSid, callSid)))[0];

export function telephonySimulatorSuite(ctx: SuiteContext) {
  describe('telephony on the simulator', () => {
    it('the caller\'s side doors answer only requests made on this machine, not a browser page or a proxied caller', async () => {
      const tenant = await createTenant(ctx.server);
      const from = uniquePhone();
      const body = JSON.stringify({ from, to: tenant.agent.agentNumber, body: 'Injected' });
      for (const extra of [{ 'x-forwarded-for': '203.0.113.9' }, { origin: 'https://evil.example' }] as Array<Record<string, string>>) {
        const res = await fetch(`${ctx.server.origin}/v1/telephony/simulator/inbound-sms`, {
          method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body,
        });
        assert.equal(res.status, 403, JSON.stringify(extra));
        assert.equal(((await res.json()) as { message: string }).message, SIMULATOR_LOCAL_ONLY_TEXT);
      }
      const threads = await ctx.server.db.select().from(smsConversations).where(eq(smsConversations.leadNumber, from));
      assert.equal(threads.length, 0);
      assert.equal((await simulator(ctx.server, 'inbound-sms', { from, to: tenant.agent.agentNumber, body: 'Local' })).status, 200);
      assert.deepEqual([isLoopback('127.0.0.1'), isLoopback('::ffff:127.0.0.1'), isLoopback('::1'), isLoopback('10.0.0.2'), isLoopback(undefined)],
        [true, true, true, false, false]);
    });

    it('generate-token gives an agent, or a USER supervising calls, a simulator token for their own email only', async () => {
      const a = await createTenant(ctx.server);
      const ok = await call(ctx.server, 'POST', 'call/generate-token', { token: a.agentToken, body: { identity: a.agent.email.toUpperCase() } });
      assert.equal(ok.status, 200);
      assert.equal(ok.body.data.provider, 'simulator');
      assert.equal(ok.body.data.identity, a.agent.email);
      assert.equal(ok.body.data.ttlSeconds, 3600);
      assert.equal((await call(ctx.server, 'POST', 'call/generate-token', { token: a.agentToken, body: { identity: a.owner.email } })).status, 404);
      const owners = await call(ctx.server, 'POST', 'call/generate-token', { token: a.ownerToken, body: { identity: a.owner.email } });
      assert.deepEqual([owners.status, owners.body.data.identity], [200, a.owner.email]);
      assert.equal((await call(ctx.server, 'POST', 'call/generate-token', { token: a.ownerToken, body: { identity: a.agent.email } })).status, 404);
      const admin = await createAdmin(ctx.server);
      assert.equal((await call(ctx.server, 'POST', 'call/generate-token', { token: admin.token, body: { identity: admin.admin.email } })).status, 403);
      assert.equal((await call(ctx.server, 'POST', 'call/generate-token', { token: a.agentToken, body: {} })).status, 400);
    });

    it('refuses a device without a valid voice token', async () => {
      const a = await createTenant(ctx.server);
      for (const token of ['nope', a.agentToken]) {
        const { code } = await openDevice(ctx.server, token).closed;
        assert.equal(code, 4401);
      }
    });

    it('an agent away (with its reason) is shown so to the team and not rung; back to available, it is rung again', async () => {
      const a = await onlineAgent(ctx.server);
      const owner = openSocket(ctx.server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await owner.next()).type, 'INITIAL_STATUS');

      // Away needs its reason; the refusal changes nothing.
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'away' });
      assert.deepEqual(await nextOfType(a.room, 'ERROR'), { type: 'ERROR', message: AWAY_REASON_REQUIRED_TEXT, refused: 'UPDATE_STATUS' });
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'away', awayReason: 'lunch' });
      const away = await nextOfType(owner, 'STATUS_UPDATED');
      assert.deepEqual(statusWithoutSince(away), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'away', busyFrom: null, awayReason: 'lunch' });
      // Saying it again (a reconnect) keeps the time in the status; the team's overview reads the same.
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'away', awayReason: 'lunch' });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).since, away.since);
      const overview = await call(ctx.server, 'GET', `agent/get-agents-overview/${a.account.id}`, { token: a.ownerToken });
      const human = (overview.body.data.humanAgents as Array<{ agentId: string; status: string; awayReason: string | null; since: string | null }>).find((h) => h.agentId === a.agent.id);
      assert.deepEqual([human?.status, human?.awayReason, human?.since], ['away', 'lunch', away.since]);
      // The agents of the account read the same (agent/get-team); another account's agent is not among them.
      const outsider = await createTenant(ctx.server);
      const team = await call(ctx.server, 'GET', 'agent/get-team', { token: a.agentToken });
      assert.equal(team.status, 200, JSON.stringify(team.body));
      assert.deepEqual((team.body.data as Array<{ agentId: string; status: string; awayReason: string | null }>).map(({ agentId, status, awayReason }) => ({ agentId, status, awayReason })),
        [{ agentId: a.agent.id, status: 'away', awayReason: 'lunch' }]);
      assert.equal((await call(ctx.server, 'GET', 'agent/get-team', { token: outsider.agentToken })).body.data.some((m: { agentId: string }) => m.agentId === a.agent.id), false);

      // A caller to the account finds nobody available: the call waits in the queue, no device rings.
      const waiting = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      assert.equal(waiting.status, 200, JSON.stringify(waiting.body));
      assert.equal(waiting.body.data.rang, 0);

      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available', awayReason: 'lunch' });
      assert.deepEqual(statusWithoutSince(await nextOfType(owner, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'available', busyFrom: null, awayReason: null });
      const second = uniquePhone();
      const rung = await simulator(ctx.server, 'inbound-call', { from: second, to: a.agent.agentNumber });
      assert.equal(rung.body.data.rang, 1);
      // The device's first ring is this call's: the one that came while the agent was away never rang it.
      assert.deepEqual(await a.device.next(), { type: 'incoming', callSid: rung.body.data.callSid, from: second });
      for (const socket of [owner, a.room]) socket.close();
      a.device.close();
    });

    it('an inbound call queues, rings the agent, is accepted, and the caller hanging up logs it as the agent\'s call', async () => {
      const a = await onlineAgent(ctx.server);
      const caller = uniquePhone();
      const rung = await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber });
      assert.equal(rung.status, 200, JSON.stringify(rung.body));
      assert.equal(rung.body.data.rang, 1);
      const { callSid } = rung.body.data as { callSid: string };

      const queued = await nextOfType(a.room, 'QUEUE_UPDATED');
      assert.deepEqual(queued.queue?.map((q) => q.phoneNumber), [caller]);
      assert.deepEqual(await a.device.next(), { type: 'incoming', callSid, from: caller });

      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.deepEqual((await nextOfType(a.room, 'QUEUE_UPDATED')).queue, []);
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(row?.status, 'in-progress');
      assert.equal(row?.agentUserId, a.agent.id);

      await new Promise((resolve) => setTimeout(resolve, 1_100));
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await nextOfType(a.room, 'DISCONNECT_CALL'), { type: 'DISCONNECT_CALL', callSid, agentId: a.agent.id });
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });

      const logs = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: a.agentToken, body: {} });
      const logged = (logs.body.data as Array<{ fromNumber: string; status: string; durationSeconds: number; direction: string }>)
        .find((log) => log.fromNumber === caller);
      assert.equal(logged?.status, 'completed');
      assert.equal(logged?.direction, 'inbound');
      assert.ok((logged?.durationSeconds ?? 0) >= 1);
      // A second hang-up of the same call is refused and changes nothing.
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 404);
      a.room.close();
      a.device.close();
    });

    it('a rejected call is missed and its caller stays in the queue to be called back', async () => {
      const a = await onlineAgent(ctx.server);
      const caller = uniquePhone();
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data;
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'reject', callSid });
      assert.deepEqual(await a.device.next(), { type: 'cancel', callSid });
      await nextOfType(a.room, 'DISCONNECT_CALL');
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(row?.status, 'missed');
      const waiting = await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid));
      assert.equal(waiting.length, 1);
      a.room.close();
      a.device.close();
    });

    it('another account\'s agent can neither hear nor answer the call', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineAgent(ctx.server);
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber })).body.data;
      assert.equal((await a.device.next()).type, 'incoming');
      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'error', code: 31404, message: 'Unknown call' });
      assert.ok(await silentFor(b.room, 'QUEUE_UPDATED'));
      b.device.send('{"type":"accept"');
      assert.equal((await b.device.next()).type, 'error');
      b.device.send({ type: 'digits', callSid, digits: '12<script>' });
      assert.equal((await b.device.next()).type, 'error');
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(row?.agentUserId, null);
      await simulator(ctx.server, `calls/${callSid}/hangup`);
      for (const s of [a.room, b.room, a.device, b.device]) s.close();
    });

    it('an outbound call from the softphone is answered by the simulated callee and logged', async () => {
      const a = await onlineAgent(ctx.server);
      const to = uniquePhone();
      a.device.send({ type: 'connect', requestId: 'r1', to });
      const ringing = await a.device.next();
      assert.equal(ringing.type, 'ringing');
      const { callSid } = ringing as { callSid: string };
      assert.deepEqual(await a.device.next(5_000), { type: 'accepted', callSid });
      a.device.send({ type: 'digits', callSid, digits: '12w#' });
      a.device.send({ type: 'hangup', callSid });
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      // Hanging up again (the softphone heard the end twice) is no error: the call is over.
      a.device.send({ type: 'hangup', callSid });
      await assert.rejects(a.device.next(400), /no device message/);
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, callSid));
      assert.equal(row?.direction, 'outbound');
      assert.equal(row?.status, 'completed');
      assert.equal(row?.fromNumber, a.agent.agentNumber);
      assert.equal(row?.toNumber, to);
      a.room.close();
      a.device.close();
    });

    it('an answered simulated call has a recording that plays from the call logs; a rejected one has none', async () => {
      const a = await onlineAgent(ctx.server);
      const to = uniquePhone();
      a.device.send({ type: 'connect', requestId: 'r1', to });
      const { callSid } = await a.device.next() as { callSid: string };
      assert.deepEqual(await a.device.next(5_000), { type: 'accepted', callSid });
      a.device.send({ type: 'hangup', callSid });
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      await wrapUpCall(ctx.server, a.agentToken, callSid);

      const caller = uniquePhone();
      const rejected = (await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data.callSid;
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'reject', callSid: rejected });
      assert.deepEqual(await a.device.next(), { type: 'cancel', callSid: rejected });
      await nextOfType(a.room, 'DISCONNECT_CALL');

      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: a.ownerToken, body: {} });
      const rows = logs.body.data as Array<{ toNumber: string; fromNumber: string; conversation: { recordingUrl: string | null } | null }>;
      const link = rows.find((r) => r.toNumber === to)?.conversation?.recordingUrl;
      assert.ok(link, 'the answered call has a recording');
      const played = await playRecording(ctx.server, link);
      assert.equal(played.status, 200);
      assert.equal(played.headers.get('content-type'), 'audio/mpeg');
      assert.ok(isAudio(played.bytes), 'the body is audio');
      assert.equal(rows.find((r) => r.fromNumber === caller)?.conversation ?? null, null, 'a missed call has no recording');
      a.room.close();
      a.device.close();
    });

    it('a caller whose agent\'s tab closes mid-call returns to the queue and goes on with the agent who answers; the first is offline', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      await setAgentStatus(ctx.server.db, b.id, 'available');
      const bToken = await signIn(ctx.server, b.email);
      const bDevice = openDevice(ctx.server, await voiceToken(ctx.server, bToken, b.email));
      assert.deepEqual(await bDevice.next(), { type: 'registered' });
      const owner = await ownerScreen(ctx.server, a);
      const caller = uniquePhone();
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data;
      assert.equal((await a.device.next()).type, 'incoming');
      assert.equal((await bDevice.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.deepEqual(await bDevice.next(), { type: 'cancel', callSid });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'busy');
      assert.deepEqual((await nextOfType(owner, 'QUEUE_UPDATED')).queue, []);
      await new Promise((resolve) => setTimeout(resolve, 2_100));

      a.device.close();
      a.room.close();
      // The caller is back in the queue, the other agent's softphone rings, and the first agent is offline.
      assert.deepEqual((await nextOfType(owner, 'QUEUE_UPDATED')).queue?.map((q) => q.phoneNumber), [caller]);
      assert.deepEqual(await bDevice.next(), { type: 'incoming', callSid, from: caller });
      assert.deepEqual(statusWithoutSince(await nextOfType(owner, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'offline', busyFrom: null, awayReason: null });
      const waiting = await callRow(ctx.server, callSid);
      assert.deepEqual([waiting?.status, waiting?.agentUserId], ['in-progress', null]);

      bDevice.send({ type: 'accept', callSid });
      assert.deepEqual(await bDevice.next(), { type: 'accepted', callSid });
      assert.deepEqual((await nextOfType(owner, 'QUEUE_UPDATED')).queue, []);
      assert.equal((await callRow(ctx.server, callSid))?.agentUserId, b.id);
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await bDevice.next(), { type: 'disconnected', callSid });
      const row = await callRow(ctx.server, callSid);
      assert.equal(row?.status, 'completed');
      // Its talk time runs from the first answer, through both agents.
      assert.ok(row!.durationSeconds >= 2 && row!.durationSeconds <= 5, `lasted ${row?.durationSeconds} s`);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'offline');
      // The call is the second agent's to wrap up; the first, who dropped, has nothing to wrap up.
      assert.equal(await statusOf(ctx.server, b.id), 'wrap-up');
      assert.deepEqual([row?.agentUserId, row?.wrapUpDueAt !== null], [b.id, true]);
      owner.close();
      bDevice.close();
    });

    it('a caller whose agent\'s tab closes with nobody else to answer waits in the queue, and the call is logged with the time it lasted', async () => {
      const a = await onlineAgent(ctx.server);
      await ctx.server.db.insert(dialerSettings).values({ accountId: a.account.id, ringTimeoutSeconds: 1 })
        .onConflictDoUpdate({ target: dialerSettings.accountId, set: { ringTimeoutSeconds: 1 } });
      const owner = await ownerScreen(ctx.server, a);
      const caller = uniquePhone();
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data;
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'busy');
      assert.deepEqual((await nextOfType(owner, 'QUEUE_UPDATED')).queue, []);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      a.device.close();
      a.room.close();
      assert.deepEqual((await nextOfType(owner, 'QUEUE_UPDATED')).queue?.map((q) => q.phoneNumber), [caller]);
      // Nobody answers within the ring time: the call is logged as answered, and the caller stays queued for a call back.
      const row = await waitFor(() => callRow(ctx.server, callSid), (found) => found?.status === 'completed');
      assert.ok(row!.durationSeconds >= 1, `lasted ${row?.durationSeconds} s`);
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 1);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'offline');
      owner.close();
    });

    it('a dialled call whose softphone goes before the answer is missed with no duration, and the agent\'s other tab makes them available', async () => {
      const a = await onlineAgent(ctx.server);
      const owner = await ownerScreen(ctx.server, a);
      const otherTab = openDevice(ctx.server, await voiceToken(ctx.server, a.agentToken, a.agent.email));
      assert.deepEqual(await otherTab.next(), { type: 'registered' });
      // The softphone marks the agent busy as it dials.
      a.room.send({ type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: true });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'busy');
      a.device.send({ type: 'connect', requestId: 'r1', to: uniquePhone() });
      const ringing = await a.device.next();
      assert.equal(ringing.type, 'ringing');
      const { callSid } = ringing as { callSid: string };

      a.device.close();
      assert.deepEqual(statusWithoutSince(await nextOfType(owner, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'available', busyFrom: null, awayReason: null });
      await nextOfType(owner, 'DISCONNECT_CALL');
      // The simulated callee's answer time passes: nobody is on the call to answer it.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const row = await callRow(ctx.server, callSid);
      assert.equal(row?.status, 'missed');
      assert.equal(row?.durationSeconds, 0);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'available');
      const heard: string[] = [];
      for (;;) {
        const message = await otherTab.next(100).catch(() => null);
        if (message === null) break;
        heard.push(message.type);
      }
      assert.ok(!heard.includes('accepted'), `the other tab heard ${heard.join(', ')}`);
      for (const s of [a.room, owner, otherTab]) s.close();
    });

    it('an incoming call ringing only a softphone that goes is missed at once, and its caller stays queued', async () => {
      const a = await onlineAgent(ctx.server);
      const owner = await ownerScreen(ctx.server, a);
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber })).body.data;
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.close();
      await nextOfType(owner, 'DISCONNECT_CALL');
      assert.equal((await callRow(ctx.server, callSid))?.status, 'missed');
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 1);
      // The agent goes offline once the device's calls are settled: the screen hears it after the call's end.
      let update = await nextOfType(owner, 'STATUS_UPDATED');
      while (update.agentId !== a.agent.id) update = await nextOfType(owner, 'STATUS_UPDATED');
      assert.equal(update.status, 'offline');
      assert.equal(await statusOf(ctx.server, a.agent.id), 'offline');
      for (const s of [a.room, owner]) s.close();
    });

    it('refuses simulator calls to numbers that are not an agent\'s, and bad input', async () => {
      assert.equal((await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: uniquePhone() })).status, 400);
      const bad = await simulator(ctx.server, 'inbound-call', { from: 'abc', to: '' });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.errors.length >= 2);
      assert.equal((await simulator(ctx.server, 'calls/not-a-sid/hangup')).status, 400);
    });

    it('refuses a control character in any field of the caller\'s side doors with a 400 naming it, and changes nothing', async () => {
      const a = await onlineAgent(ctx.server);
      const lead = uniquePhone();
      const textsOf = async () => (await ctx.server.db.select().from(smsMessages).where(eq(smsMessages.accountId, a.account.id))).length;
      const callsOf = async () => (await ctx.server.db.select().from(calls).where(eq(calls.accountId, a.account.id))).length;
      const before = [await textsOf(), await callsOf()];

      const sms = await simulator(ctx.server, 'inbound-sms', { from: lead, to: a.agent.agentNumber, body: 'Running\u0000late' });
      assert.equal(sms.status, 400);
      assert.equal(sms.body.message, 'body must not contain control characters');
      const ring = await simulator(ctx.server, 'inbound-call', { from: `${lead}\u001b`, to: a.agent.agentNumber });
      assert.equal(ring.status, 400);
      assert.equal(ring.body.message, 'from must not contain control characters');
      // A list is not a body, even one whose first item would be.
      const list = await simulator(ctx.server, 'inbound-call', [{ from: lead, to: a.agent.agentNumber }]);
      assert.equal(list.status, 400);
      assert.equal(list.body.message, 'Send a JSON object');

      assert.deepEqual([await textsOf(), await callsOf()], before);
      assert.ok(await silentFor(a.room, 'RECEIVE_SMS'));
      assert.equal(await a.device.next(400).catch(() => null), null, 'the device is not rung');
      for (const s of [a.room, a.device]) s.close();
    });

    it('texts: send-sms reaches every screen of the account, then sent and delivered; inbound texts arrive live', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineAgent(ctx.server);
      const lead = uniquePhone();
      const content = '<b>Hello</b> & see you at 5';
      const sent = await call(ctx.server, 'POST', 'conversation/send-sms', {
        token: a.agentToken, body: { toNumber: lead, content, agentNo: a.agent.agentNumber, idempotencyKey: randomUUID() },
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.data.content, content);
      assert.equal(sent.body.data.status, 'queued');
      const pushed = await nextOfType(a.room, 'RECEIVE_SMS');
      assert.deepEqual(pushed.payload, sent.body.data);
      assert.equal((await nextOfType(a.room, 'SMS_STATUS_CHANGED')).payload.status, 'sent');
      assert.equal((await nextOfType(a.room, 'SMS_STATUS_CHANGED')).payload.status, 'delivered');
      assert.ok(await silentFor(b.room, 'RECEIVE_SMS'));

      const inbound = await simulator(ctx.server, 'inbound-sms', { from: lead, to: a.agent.agentNumber, body: 'Running late' });
      assert.equal(inbound.status, 200);
      const received = await nextOfType(a.room, 'RECEIVE_SMS');
      assert.equal(received.payload.direction, 'inbound');
      assert.equal(received.payload.conversationId, sent.body.data.conversationId);

      const list = await call(ctx.server, 'POST', `conversation/get-sms-list/${encodeURIComponent(a.agent.agentNumber!)}`, { token: a.agentToken, body: { searchText: 'late' } });
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.data.map((t: { leadNumber: string }) => t.leadNumber), [lead]);
      assert.equal(list.body.data[0].lastMessage, 'Running late');
      const none = await call(ctx.server, 'POST', `conversation/get-sms-list/${encodeURIComponent(a.agent.agentNumber!)}`, { token: a.agentToken, body: { searchText: 'zzz-nothing' } });
      assert.deepEqual(none.body.data, []);

      const thread = await call(ctx.server, 'POST', `conversation/get-conversation-sms/${a.account.id}`, {
        token: a.agentToken, body: { conversation_id: sent.body.data.conversationId },
      });
      assert.deepEqual(thread.body.data.map((m: { content: string; status: string }) => [m.content, m.status]), [[content, 'delivered'], ['Running late', 'received']]);

      // Another account's agent: its own number only, and not this thread.
      assert.equal((await call(ctx.server, 'POST', `conversation/get-sms-list/${encodeURIComponent(a.agent.agentNumber!)}`, { token: b.agentToken, body: {} })).status, 404);
      assert.equal((await call(ctx.server, 'POST', `conversation/get-conversation-sms/${b.account.id}`, {
        token: b.agentToken, body: { conversation_id: sent.body.data.conversationId },
      })).status, 404);
      assert.equal((await call(ctx.server, 'POST', 'conversation/send-sms', {
        token: b.agentToken, body: { toNumber: lead, content: 'hi', agentNo: a.agent.agentNumber, idempotencyKey: randomUUID() },
      })).status, 404);
      const empty = await call(ctx.server, 'POST', 'conversation/send-sms', { token: a.agentToken, body: { toNumber: lead, content: '   ', agentNo: a.agent.agentNumber, idempotencyKey: randomUUID() } });
      assert.equal(empty.status, 400);
      const count = (await ctx.server.db.select().from(smsMessages).where(eq(smsMessages.accountId, a.account.id))).length;
      assert.equal(count, 2);
      for (const s of [a.room, b.room, a.device, b.device]) s.close();
    });

    it('a text to another agent number of this installation arrives there', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineAgent(ctx.server);
      await call(ctx.server, 'POST', 'conversation/send-sms', {
        token: a.agentToken, body: { toNumber: b.agent.agentNumber, content: 'ping', agentNo: a.agent.agentNumber, idempotencyKey: randomUUID() },
      });
      const arrived = await nextOfType(b.room, 'RECEIVE_SMS');
      assert.equal(arrived.payload.fromNumber, a.agent.agentNumber);
      assert.equal(arrived.payload.content, 'ping');
      for (const s of [a.room, b.room, a.device, b.device]) s.close();
    });
  });
}
