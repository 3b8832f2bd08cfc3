import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CALL_HOLD_TEXT, CALL_TRANSFER_TEXT, WRAP_UP_TEXT } from 'shared-contracts';
import { agentStatuses, calls, queueEntries } from '../../src/db/schema';
import { TWILIO_HOLD_MUSIC_URL } from '../../src/modules/telephony/twilio-conference';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { AGENTS_BUSY_TEXT, ANOTHER_AGENT_TEXT, TRANSFER_RING_QUERY } from '../../src/modules/telephony/twilio-webhook';
import { createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { serverOnTwilioCloud, type FakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { nextOfType, onlineAgent, openDevice, voiceToken } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { newSid, TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO, twilioWebhook as webhook } from '../helpers/twilio-fixture';
import { waitFor } from '../helpers/wait-for';

const callRow = async (server: TestServer, callSid: string) =>
  (await server.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;

const hold = (server: TestServer, token: string, callSid: string, held: unknown) =>
  call(server, 'POST', 'desk/hold-call', { token, body: { callSid, held } });

/** What the simulated caller hears, from the simulator's caller door. */
async function callerHears(server: TestServer, callSid: string): Promise<string | null> {
  const response = await fetch(`${server.origin}/v1/telephony/simulator/calls/${callSid}`);
  if (response.status === 404) return null;
  return ((await response.json()) as { data: { callerHears: string } }).data.callerHears;
}

/** A colleague of `a`'s in the same account, softphone open (device registered) and available. */
async function onlineColleague(server: TestServer, accountId: string) {
  const user = await createUser(server.db, { accountId, role: 'AGENT' });
  await setAgentStatus(server.db, user.id, 'available');
  const token = await signIn(server, user.email);
  const device = openDevice(server, await voiceToken(server, token, user.email));
  assert.deepEqual(await device.next(), { type: 'registered' });
  return { user, token, device };
}

const transfer = (server: TestServer, token: string, callSid: string, agentId: string) =>
  call(server, 'POST', 'desk/transfer-call', { token, body: { callSid, agentId } });

export function deskCallControlSuite(ctx: SuiteContext) {
  describe('holding a call (simulator)', () => {
    it('the agent holds the caller, who hears the hold tone, and takes them back; the board sees it; others and ended calls are refused', async () => {
      const a = await onlineAgent(ctx.server);
      const owner = openSocket(ctx.server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await owner.next()).type, 'INITIAL_STATUS');
      const rung = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      const { callSid } = rung.body.data as { callSid: string };
      assert.equal(await callerHears(ctx.server, callSid), 'ringing');
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.equal(await callerHears(ctx.server, callSid), 'a person');

      const held = await hold(ctx.server, a.agentToken, callSid, true);
      assert.equal(held.status, 200, JSON.stringify(held.body));
      const heldSince = held.body.data.heldSince as string;
      assert.ok(Math.abs(Date.parse(heldSince) - Date.now()) < 5_000);
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone');
      assert.deepEqual(await nextOfType(owner, 'CALL_HOLD_CHANGED'), { type: 'CALL_HOLD_CHANGED', callSid, agentId: a.agent.id, heldSince });
      const board = await call(ctx.server, 'GET', 'desk/get-live-desk', { token: a.ownerToken });
      const onBoard = (board.body.data.agents as Array<{ agentId: string; currentCall: { heldSince: string | null } | null }>).find((x) => x.agentId === a.agent.id);
      assert.equal(onBoard?.currentCall?.heldSince, heldSince);
      // Holding again keeps the hold as it began.
      assert.equal((await hold(ctx.server, a.agentToken, callSid, true)).body.data.heldSince, heldSince);

      // A colleague, another account, and a body without the choice change nothing.
      const colleague = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      const theirs = await hold(ctx.server, await signIn(ctx.server, colleague.email), callSid, false);
      assert.deepEqual([theirs.status, theirs.body.message], [409, WRAP_UP_TEXT.notYourCall]);
      const outsider = await createTenant(ctx.server);
      assert.equal((await hold(ctx.server, outsider.agentToken, callSid, false)).status, 404);
      const unsaid = await hold(ctx.server, a.agentToken, callSid, 'yes');
      assert.equal(unsaid.status, 400);
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone');
      assert.equal((await callRow(ctx.server, callSid)).heldSince?.toISOString(), heldSince);

      const resumed = await hold(ctx.server, a.agentToken, callSid, false);
      assert.deepEqual(resumed.body.data, { callSid, heldSince: null });
      assert.equal(await callerHears(ctx.server, callSid), 'a person');
      assert.equal((await nextOfType(owner, 'CALL_HOLD_CHANGED')).heldSince, null);

      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      const late = await hold(ctx.server, a.agentToken, callSid, true);
      assert.deepEqual([late.status, late.body.message], [409, WRAP_UP_TEXT.callEnded]);
      owner.close();
      a.room.close();
      a.device.close();
    });

    it('a held caller whose agent\'s browser goes is back in the queue, off hold, and rings the others', async () => {
      const a = await onlineAgent(ctx.server);
      const rung = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      const { callSid } = rung.body.data as { callSid: string };
      assert.equal((await a.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.equal((await hold(ctx.server, a.agentToken, callSid, true)).status, 200);
      a.device.close();
      const gone = await waitFor(() => callRow(ctx.server, callSid), (row) => row.agentUserId === null);
      assert.deepEqual([gone.agentUserId, gone.heldSince], [null, null]);
      assert.equal(await callerHears(ctx.server, callSid), 'ringing');
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      a.room.close();
    });
  });

  describe('transferring a call (simulator)', () => {
    it('the agent hands the caller to an available colleague, who alone is rung and takes the call; the agent is free at once', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineColleague(ctx.server, a.account.id);
      const away = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      await setAgentStatus(ctx.server.db, away.id, 'offline');
      const rung = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      const { callSid } = rung.body.data as { callSid: string };
      assert.equal(rung.body.data.rang, 2);
      assert.equal((await a.device.next()).type, 'incoming');
      assert.equal((await b.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.deepEqual(await b.device.next(), { type: 'cancel', callSid });
      assert.equal((await hold(ctx.server, a.agentToken, callSid, true)).status, 200);

      // Refused, changing nothing: a colleague who is away, oneself, someone of another account, a colleague's try.
      const refusedAway = await transfer(ctx.server, a.agentToken, callSid, away.id);
      assert.deepEqual([refusedAway.status, refusedAway.body.message], [409, CALL_TRANSFER_TEXT.notAvailable]);
      const toSelf = await transfer(ctx.server, a.agentToken, callSid, a.agent.id);
      assert.deepEqual([toSelf.status, toSelf.body.message], [400, CALL_TRANSFER_TEXT.notYourself]);
      const outsider = await createTenant(ctx.server);
      assert.equal((await transfer(ctx.server, a.agentToken, callSid, outsider.agent.id)).status, 404);
      const theirs = await transfer(ctx.server, b.token, callSid, b.user.id);
      assert.equal(theirs.status, 409);
      assert.equal((await callRow(ctx.server, callSid)).agentUserId, a.agent.id);
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone');

      const waitingFrom = (await callRow(ctx.server, callSid)).fromNumber;
      const moved = await transfer(ctx.server, a.agentToken, callSid, b.user.id);
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      assert.equal(moved.body.data.message, CALL_TRANSFER_TEXT.transferredTo(`${b.user.firstName} ${b.user.lastName}`));
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      assert.deepEqual(await b.device.next(), { type: 'incoming', callSid, from: waitingFrom });
      const waiting = await callRow(ctx.server, callSid);
      assert.deepEqual([waiting.status, waiting.agentUserId, waiting.heldSince], ['in-progress', null, null]);
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 1);
      assert.equal((await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status, 'available');

      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'accepted', callSid });
      assert.equal(await callerHears(ctx.server, callSid), 'a person');
      assert.equal((await callRow(ctx.server, callSid)).agentUserId, b.user.id);
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 0);
      // The call is the colleague's now: the first agent can no longer act on it.
      assert.equal((await hold(ctx.server, a.agentToken, callSid, true)).body.message, WRAP_UP_TEXT.notYourCall);
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await b.device.next(), { type: 'disconnected', callSid });
      const done = await callRow(ctx.server, callSid);
      assert.deepEqual([done.status, done.agentUserId], ['completed', b.user.id]);
      for (const socket of [a.room, a.device, b.device]) socket.close();
    });

    it('a transfer the colleague does not take rings everyone available; a call the agent placed is not transferred', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineColleague(ctx.server, a.account.id);
      const rung = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      const { callSid } = rung.body.data as { callSid: string };
      assert.equal((await a.device.next()).type, 'incoming');
      assert.equal((await b.device.next()).type, 'incoming');
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.deepEqual(await b.device.next(), { type: 'cancel', callSid });
      assert.equal((await transfer(ctx.server, a.agentToken, callSid, b.user.id)).status, 200);
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      assert.equal((await b.device.next()).type, 'incoming');
      b.device.send({ type: 'reject', callSid });
      assert.deepEqual(await b.device.next(), { type: 'cancel', callSid });
      // Nobody took it: the available agents, the first one too, are rung again.
      assert.deepEqual(await a.device.next(), { type: 'incoming', callSid, from: (await callRow(ctx.server, callSid)).fromNumber });
      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      assert.equal((await callRow(ctx.server, callSid)).agentUserId, a.agent.id);
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });

      // A call the agent placed has no caller waiting for a person: it stays theirs.
      await ctx.server.db.update(agentStatuses).set({ status: 'available' }).where(eq(agentStatuses.agentId, a.agent.id));
      a.device.send({ type: 'connect', requestId: 'r1', to: uniquePhone() });
      const placed = await a.device.next();
      assert.equal(placed.type, 'ringing');
      const placedSid = (placed as { callSid: string }).callSid;
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid: placedSid });
      const own = await transfer(ctx.server, a.agentToken, placedSid, b.user.id);
      assert.deepEqual([own.status, own.body.message], [409, CALL_TRANSFER_TEXT.notACaller]);
      assert.equal((await callRow(ctx.server, placedSid)).agentUserId, a.agent.id);
      for (const socket of [a.room, a.device, b.device]) socket.close();
    });
  });

  describe('holding and transferring a call (Twilio, its cloud played locally)', () => {
    let server: TestServer;
    let cloud: FakeTwilioCloud;
    serverOnTwilioCloud(() => ctx.server.db, (on) => ({ server, cloud } = on));
    const base = `/2010-04-01/Accounts/${TWILIO.accountSid}`;
    const requestsTo = (path: string) => cloud.requests.filter((r) => r.path === `${base}${path}`);

    it('the first hold moves the call onto its conference, the caller is held as they join, and later holds act on the conference', async () => {
      const a = await createTenant(server);
      const b = await createUser(server.db, { accountId: a.account.id, role: 'AGENT' });
      for (const id of [a.agent.id, b.id]) await setAgentStatus(server.db, id, 'available');
      const callSid = newSid('CA');
      const agentLeg = newSid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: agentLeg, ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      const row = await callRow(server, callSid);
      assert.equal(row.dialledLegSid, agentLeg);
      const conference = `desk-${row.id}`;

      // The network refuses: the call is not held.
      cloud.failNext(true);
      const refused = await hold(server, a.agentToken, callSid, true);
      cloud.failNext(false);
      assert.deepEqual([refused.status, refused.body.message], [502, CALL_HOLD_TEXT.failed]);
      assert.equal((await callRow(server, callSid)).heldSince, null);

      // The agent's leg is moved onto the conference...
      assert.equal((await hold(server, a.agentToken, callSid, true)).status, 200);
      const moved = requestsTo(`/Calls/${agentLeg}.json`).at(-1)!;
      assert.match(moved.form.get('Twiml')!, new RegExp(`<Conference [^>]*participantLabel="agent"[^>]*>${conference}</Conference>`));
      assert.match(moved.form.get('Twiml')!, new RegExp(`statusCallback="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.conferenceEvents}"`));
      // ...and the caller, whose <Dial> ended, follows it there.
      const follows = await webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed' });
      assert.match(follows.text, new RegExp(`<Dial action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}"><Conference [^>]*participantLabel="customer"[^>]*>${conference}</Conference>`));
      const conferenceSid = newSid('CF');
      const joined = (leg: string) => webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, {
        StatusCallbackEvent: 'participant-join', FriendlyName: conference, ConferenceSid: conferenceSid, CallSid: leg,
      });
      // The agent joining holds nobody; the caller joining is held.
      assert.equal((await joined(agentLeg)).status, 204);
      assert.equal(requestsTo(`/Conferences/${conferenceSid}/Participants/${callSid}.json`).length, 0);
      assert.equal((await joined(callSid)).status, 204);
      const participant = () => requestsTo(`/Conferences/${conferenceSid}/Participants/${callSid}.json`).at(-1)!.form;
      assert.deepEqual([participant().get('Hold'), participant().get('HoldUrl')], ['true', TWILIO_HOLD_MUSIC_URL]);
      assert.equal((await callRow(server, callSid)).conferenceSid, conferenceSid);
      // A conference that is not a call's, or a forged event, changes nothing.
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, { StatusCallbackEvent: 'participant-join', FriendlyName: 'desk-x', ConferenceSid: newSid('CF'), CallSid: callSid })).status, 204);
      assert.equal((await webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, { StatusCallbackEvent: 'participant-join', FriendlyName: conference, ConferenceSid: newSid('CF'), CallSid: callSid }, 'forged')).status, 403);
      assert.equal((await callRow(server, callSid)).conferenceSid, conferenceSid);

      // From now on the caller is held and resumed on the conference.
      assert.equal((await hold(server, a.agentToken, callSid, false)).status, 200);
      assert.equal(participant().get('Hold'), 'false');
      assert.equal((await hold(server, a.agentToken, callSid, true)).status, 200);
      assert.equal(participant().get('Hold'), 'true');
      assert.equal(requestsTo(`/Calls/${agentLeg}.json`).length, 2, 'moved once (and the refused try)');

      // The agent's browser goes: the conference ends and the caller's <Dial> with it; they are back in the queue, off hold, and the other agent is rung.
      const returned = await webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'answered' });
      assert.match(returned.text, new RegExp(`<Say>${ANOTHER_AGENT_TEXT}</Say><Dial[^>]*><Client[^>]*><Identity>${b.email}</Identity>`));
      const back = await callRow(server, callSid);
      assert.deepEqual([back.agentUserId, back.heldSince, back.conferenceSid, back.dialledLegSid], [null, null, null, null]);
    });

    it('a transfer gives the caller\'s leg a new ring for the colleague; unanswered, everyone available is rung; a refusal leaves the call as it was', async () => {
      const a = await createTenant(server);
      const b = await createUser(server.db, { accountId: a.account.id, role: 'AGENT' });
      for (const id of [a.agent.id, b.id]) await setAgentStatus(server.db, id, 'available');
      const callSid = newSid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: newSid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      assert.equal((await callRow(server, callSid)).agentUserId, a.agent.id);

      cloud.failNext(true);
      const refused = await transfer(server, a.agentToken, callSid, b.id);
      cloud.failNext(false);
      assert.deepEqual([refused.status, refused.body.message], [502, CALL_TRANSFER_TEXT.failed]);
      assert.equal((await callRow(server, callSid)).agentUserId, a.agent.id);
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, callSid))).length, 0);
      assert.equal((await server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status, 'busy');

      assert.equal((await transfer(server, a.agentToken, callSid, b.id)).status, 200);
      const twiml = requestsTo(`/Calls/${callSid}.json`).at(-1)!.form.get('Twiml')!;
      const action = `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}?${TRANSFER_RING_QUERY}`;
      assert.match(twiml, new RegExp(`^<\\?xml[^>]*><Response><Say>${CALL_TRANSFER_TEXT.saidToCaller}</Say><Dial [^>]*action="${action.replace('?', '\\?')}"`));
      assert.match(twiml, new RegExp(`<Identity>${b.email}</Identity><Parameter name="[^"]+" value="${callSid}"/>`));
      assert.doesNotMatch(twiml, new RegExp(a.agent.email));
      assert.equal((await callRow(server, callSid)).agentUserId, null);
      // The colleague takes it.
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: newSid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${b.email}` });
      assert.equal((await callRow(server, callSid)).agentUserId, b.id);

      // Another caller whose transfer nobody takes: everyone available is rung; with nobody, they hear so and stay queued.
      const second = newSid('CA');
      await setAgentStatus(server.db, a.agent.id, 'available');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: second, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: newSid('CA'), ParentCallSid: second, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      await setAgentStatus(server.db, b.id, 'available');
      assert.equal((await transfer(server, a.agentToken, second, b.id)).status, 200);
      const path = `${TWILIO_WEBHOOK_PATHS.dialEnded}?${TRANSFER_RING_QUERY}`;
      const unanswered = await webhook(server, path, { CallSid: second, CallStatus: 'in-progress', DialCallStatus: 'no-answer' });
      assert.match(unanswered.text, new RegExp(`<Identity>${a.agent.email}</Identity>`));
      assert.match(unanswered.text, new RegExp(`<Identity>${b.email}</Identity>`));
      for (const id of [a.agent.id, b.id]) await setAgentStatus(server.db, id, 'offline');
      const nobody = await webhook(server, path, { CallSid: second, CallStatus: 'in-progress', DialCallStatus: 'no-answer' });
      assert.match(nobody.text, new RegExp(`<Say>${AGENTS_BUSY_TEXT}</Say><Hangup/>`));
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, second))).length, 1);
    });

    it('on a call the agent placed, the number called is the one held: it moves onto the conference and the agent follows', async () => {
      const a = await createTenant(server);
      const callSid = newSid('CA');
      const numberLeg = newSid('CA');
      const to = uniquePhone();
      const dialled = await webhook(server, TWILIO_WEBHOOK_PATHS.outgoingCall, { CallSid: callSid, From: `client:${a.agent.email}`, To: to });
      assert.match(dialled.text, new RegExp(`<Dial [^>]*action="${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}"`));
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: numberLeg, ParentCallSid: callSid, CallStatus: 'in-progress', To: to });
      assert.equal((await hold(server, a.agentToken, callSid, true)).status, 200);
      const id = (await callRow(server, callSid)).id;
      assert.match(requestsTo(`/Calls/${numberLeg}.json`).at(-1)!.form.get('Twiml')!, new RegExp(`participantLabel="customer"[^>]*>desk-${id}<`));
      const follows = await webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed' });
      assert.match(follows.text, new RegExp(`participantLabel="agent"[^>]*>desk-${id}<`));
      const conferenceSid = newSid('CF');
      await webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, { StatusCallbackEvent: 'participant-join', FriendlyName: `desk-${id}`, ConferenceSid: conferenceSid, CallSid: numberLeg });
      assert.equal(requestsTo(`/Conferences/${conferenceSid}/Participants/${numberLeg}.json`).at(-1)?.form.get('Hold'), 'true');
      // The number hangs up: the conference ends, and the agent's call simply ends.
      const ended = await webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed' });
      assert.match(ended.text, /<Hangup\/>/);
    });
  });
}
