import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CALL_HOLD_TEXT, CALL_TRANSFER_TEXT, CALLER_CALL_SID_PARAMETER, WRAP_UP_TEXT } from 'shared-contracts';
import { agentStatuses, calls, queueEntries } from '../../src/db/schema';
import { TWILIO_HOLD_MUSIC_URL } from '../../src/modules/telephony/twilio-conference';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { AGENTS_BUSY_TEXT, ANOTHER_AGENT_TEXT, TRANSFER_NUMBER_QUERY, TRANSFER_RING_QUERY } from '../../src/modules/telephony/twilio-webhook';
import { SIMULATED_CALLEES } from '../../src/modules/telephony/simulator-provider';
import { createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { serverOnTwilioCloud, type FakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { nextOfType, onlineAgent, openDevice, voiceToken, type TestDevice } from '../helpers/simulator-device';
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

/** A caller rings `a`'s number: `a` and the colleague's device ring, `a` takes the call, and the colleague's stops. */
async function takenByFirst(server: TestServer, a: Awaited<ReturnType<typeof onlineAgent>>, colleague: TestDevice): Promise<string> {
  const rung = await simulator(server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
  const { callSid } = rung.body.data as { callSid: string };
  assert.equal((await a.device.next()).type, 'incoming');
  assert.equal((await colleague.next()).type, 'incoming');
  a.device.send({ type: 'accept', callSid });
  assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
  assert.deepEqual(await colleague.next(), { type: 'cancel', callSid });
  return callSid;
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
      const callSid = await takenByFirst(ctx.server, a, b.device);
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

    it('to an outside number: the call leaves the desk and the agent is free; a number that does not answer sends the caller back to the queue', async () => {
      const a = await onlineAgent(ctx.server);
      const from = uniquePhone();
      const ringIn = async () => {
        const rung = await simulator(ctx.server, 'inbound-call', { from, to: a.agent.agentNumber });
        const { callSid } = rung.body.data as { callSid: string };
        assert.equal((await a.device.next()).type, 'incoming');
        a.device.send({ type: 'accept', callSid });
        assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
        return callSid;
      };
      const callSid = await ringIn();
      const outside = uniquePhone();
      const toNumber = (body: Record<string, unknown>) => call(ctx.server, 'POST', 'desk/transfer-call', { token: a.agentToken, body: { callSid, ...body } });
      for (const [body, message] of [
        [{ phoneNumber: outside, agentId: a.agent.id }, CALL_TRANSFER_TEXT.chooseOne],
        [{}, CALL_TRANSFER_TEXT.chooseOne],
        [{ phoneNumber: '12' }, null],
        [{ phoneNumber: from }, CALL_TRANSFER_TEXT.toCallersOwn],
      ] as Array<[Record<string, unknown>, string | null]>) {
        const refused = await toNumber(body);
        assert.equal(refused.status, 400, JSON.stringify(body));
        if (message !== null) assert.equal(refused.body.message, message);
      }
      assert.equal((await callRow(ctx.server, callSid)).agentUserId, a.agent.id);

      const moved = await toNumber({ phoneNumber: outside });
      assert.deepEqual([moved.status, moved.body.data?.message], [200, CALL_TRANSFER_TEXT.transferredTo(outside)]);
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      assert.equal(await callerHears(ctx.server, callSid), 'the number transferred to');
      const left = await callRow(ctx.server, callSid);
      assert.deepEqual([left.status, left.agentUserId, left.transferredTo], ['in-progress', null, outside]);
      assert.equal((await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status, 'available');
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      const done = await waitFor(() => callRow(ctx.server, callSid), (row) => row.status === 'completed');
      assert.deepEqual([done.status, done.wrapUpDueAt], ['completed', null]);
      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: a.ownerToken, body: { limit: 10 } });
      const logged = (logs.body.data as Array<{ id: string; transferredTo: string | null }>).find((row) => row.id === done.id);
      assert.equal(logged?.transferredTo, outside);

      // A number that never answers: the caller is back in the queue and the agent is rung again.
      const second = await ringIn();
      assert.equal((await call(ctx.server, 'POST', 'desk/transfer-call', { token: a.agentToken, body: { callSid: second, phoneNumber: SIMULATED_CALLEES.noAnswer } })).status, 200);
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid: second });
      assert.deepEqual(await a.device.next(), { type: 'incoming', callSid: second, from });
      const back = await callRow(ctx.server, second);
      assert.deepEqual([back.agentUserId, back.transferredTo], [null, null]);
      assert.equal((await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.callSid, second))).length, 1);
      a.device.send({ type: 'accept', callSid: second });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid: second });
      assert.equal((await simulator(ctx.server, `calls/${second}/hangup`)).status, 200);
      a.room.close();
      a.device.close();
    });
  });

  describe('warm transfer (simulator)', () => {
    it('the agent talks to the colleague first, the caller on hold, then hands the caller over and leaves', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineColleague(ctx.server, a.account.id);
      const callSid = await takenByFirst(ctx.server, a, b.device);

      // Completing before a colleague is on the line is refused.
      const early = await call(ctx.server, 'POST', 'desk/complete-transfer', { token: a.agentToken, body: { callSid } });
      assert.deepEqual([early.status, early.body.message], [409, CALL_TRANSFER_TEXT.noConsult]);

      const consulted = await call(ctx.server, 'POST', 'desk/consult-colleague', { token: a.agentToken, body: { callSid, agentId: b.user.id } });
      assert.equal(consulted.status, 200, JSON.stringify(consulted.body));
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone');
      assert.deepEqual(await b.device.next(), { type: 'incoming', callSid, from: a.agent.agentNumber });
      // The colleague's softphone tells who hands them the caller.
      const offered = await call(ctx.server, 'GET', `call/get-incoming-call/${callSid}`, { token: b.token });
      assert.equal(offered.body.data.offeredBy, `${a.agent.firstName} ${a.agent.lastName}`);
      assert.equal((await call(ctx.server, 'GET', `call/get-incoming-call/${callSid}`, { token: a.agentToken })).body.data.offeredBy, null);
      assert.deepEqual(await nextOfType(a.room, 'CALL_CONSULT_CHANGED'), { type: 'CALL_CONSULT_CHANGED', callSid, agentId: a.agent.id, colleagueId: b.user.id, state: 'ringing' });
      assert.equal((await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, b.user.id)))[0]?.status, 'busy');
      const again = await call(ctx.server, 'POST', 'desk/consult-colleague', { token: a.agentToken, body: { callSid, agentId: b.user.id } });
      assert.deepEqual([again.status, again.body.message], [409, CALL_TRANSFER_TEXT.consultBusy]);
      const unanswered = await call(ctx.server, 'POST', 'desk/complete-transfer', { token: a.agentToken, body: { callSid } });
      assert.deepEqual([unanswered.status, unanswered.body.message], [409, CALL_TRANSFER_TEXT.notAnswered]);
      const blind = await transfer(ctx.server, a.agentToken, callSid, b.user.id);
      assert.deepEqual([blind.status, blind.body.message], [409, CALL_TRANSFER_TEXT.consultBusy]);

      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'accepted', callSid });
      assert.equal((await nextOfType(a.room, 'CALL_CONSULT_CHANGED')).state, 'talking');
      const board = await call(ctx.server, 'GET', 'desk/get-live-desk', { token: a.ownerToken });
      const onBoard = (board.body.data.agents as Array<{ agentId: string; currentCall: { consultWith: string | null } | null }>).find((x) => x.agentId === a.agent.id);
      assert.equal(onBoard?.currentCall?.consultWith, b.user.id);
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone', 'the caller waits while the agents talk');
      // Only the agent on the call completes it.
      assert.equal((await call(ctx.server, 'POST', 'desk/complete-transfer', { token: b.token, body: { callSid } })).status, 409);

      const completed = await call(ctx.server, 'POST', 'desk/complete-transfer', { token: a.agentToken, body: { callSid } });
      assert.equal(completed.status, 200, JSON.stringify(completed.body));
      assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
      assert.equal(await callerHears(ctx.server, callSid), 'a person');
      const row = await callRow(ctx.server, callSid);
      assert.deepEqual([row.agentUserId, row.heldSince, row.consultAgentUserId], [b.user.id, null, null]);
      assert.equal((await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, a.agent.id)))[0]?.status, 'available');
      // The colleague holds it now, and ends it: the call is theirs to wrap up.
      assert.equal((await hold(ctx.server, b.token, callSid, true)).status, 200);
      b.device.send({ type: 'hangup', callSid });
      assert.deepEqual(await b.device.next(), { type: 'disconnected', callSid });
      const done = await waitFor(() => callRow(ctx.server, callSid), (r) => r.status === 'completed');
      assert.deepEqual([done.status, done.agentUserId, done.wrapUpDueAt !== null], ['completed', b.user.id, true]);
      for (const socket of [a.room, a.device, b.device]) socket.close();
    });

    it('a colleague who declines, or a consult called off, leaves the caller on hold with the agent and the colleague free', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await onlineColleague(ctx.server, a.account.id);
      const callSid = await takenByFirst(ctx.server, a, b.device);
      const consult = () => call(ctx.server, 'POST', 'desk/consult-colleague', { token: a.agentToken, body: { callSid, agentId: b.user.id } });
      const bStatus = async () => (await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, b.user.id)))[0]?.status;

      assert.equal((await consult()).status, 200);
      assert.equal((await b.device.next()).type, 'incoming');
      b.device.send({ type: 'reject', callSid });
      assert.deepEqual(await b.device.next(), { type: 'cancel', callSid });
      assert.equal((await nextOfType(a.room, 'CALL_CONSULT_CHANGED')).state, 'ringing');
      assert.equal((await nextOfType(a.room, 'CALL_CONSULT_CHANGED')).state, 'ended');
      assert.equal(await bStatus(), 'available');
      const kept = await callRow(ctx.server, callSid);
      assert.equal(kept.agentUserId, a.agent.id);
      assert.notEqual(kept.heldSince, null);
      assert.equal(await callerHears(ctx.server, callSid), 'hold tone');

      // Called off while the colleague talks to the agent.
      assert.equal((await consult()).status, 200);
      assert.equal((await b.device.next()).type, 'incoming');
      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'accepted', callSid });
      const cancelled = await call(ctx.server, 'POST', 'desk/cancel-consult', { token: a.agentToken, body: { callSid } });
      assert.equal(cancelled.status, 200);
      assert.deepEqual(await b.device.next(), { type: 'disconnected', callSid });
      assert.equal(await bStatus(), 'available');
      assert.equal((await callRow(ctx.server, callSid)).consultAgentUserId, null);
      const none = await call(ctx.server, 'POST', 'desk/cancel-consult', { token: a.agentToken, body: { callSid } });
      assert.deepEqual([none.status, none.body.message], [409, CALL_TRANSFER_TEXT.noConsult]);
      assert.equal((await hold(ctx.server, a.agentToken, callSid, false)).status, 200);
      assert.equal(await callerHears(ctx.server, callSid), 'a person');

      // The agent's browser goes while the colleague talks to them: the colleague is let go, and the caller waits for anyone, the colleague too.
      assert.equal((await consult()).status, 200);
      assert.equal((await b.device.next()).type, 'incoming');
      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'accepted', callSid });
      a.device.close();
      assert.deepEqual(await b.device.next(), { type: 'disconnected', callSid });
      assert.deepEqual(await b.device.next(), { type: 'incoming', callSid, from: (await callRow(ctx.server, callSid)).fromNumber });
      const waiting = await callRow(ctx.server, callSid);
      assert.deepEqual([waiting.agentUserId, waiting.consultAgentUserId], [null, null]);
      b.device.send({ type: 'accept', callSid });
      assert.deepEqual(await b.device.next(), { type: 'accepted', callSid });

      // The caller hangs up during a consult: the colleague is let go with the call.
      const c = await onlineColleague(ctx.server, a.account.id);
      assert.equal((await call(ctx.server, 'POST', 'desk/consult-colleague', { token: b.token, body: { callSid, agentId: c.user.id } })).status, 200);
      assert.equal((await c.device.next()).type, 'incoming');
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      assert.deepEqual(await c.device.next(), { type: 'cancel', callSid });
      const cStatus = async () => (await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, c.user.id)))[0]?.status;
      assert.equal(await waitFor(cStatus, (status) => status === 'available'), 'available');
      for (const socket of [a.room, b.device, c.device]) socket.close();
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

    it('a warm transfer rings the colleague into the conference, and completing it hands them the caller and removes the agent', async () => {
      const a = await createTenant(server);
      const b = await createUser(server.db, { accountId: a.account.id, role: 'AGENT' });
      for (const id of [a.agent.id, b.id]) await setAgentStatus(server.db, id, 'available');
      const callSid = newSid('CA');
      const agentLeg = newSid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: agentLeg, ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      const id = (await callRow(server, callSid)).id;

      // Consulting holds the caller first (the call moves onto its conference), then rings the colleague into it.
      assert.equal((await call(server, 'POST', 'desk/consult-colleague', { token: a.agentToken, body: { callSid, agentId: b.id } })).status, 200);
      assert.match(requestsTo(`/Calls/${agentLeg}.json`).at(-1)!.form.get('Twiml')!, new RegExp(`>desk-${id}</Conference>`));
      const invited = requestsTo(`/Conferences/desk-${id}/Participants.json`).at(-1)!.form;
      assert.equal(invited.get('To'), `client:${b.email}?${CALLER_CALL_SID_PARAMETER}=${callSid}`);
      assert.deepEqual([invited.get('From'), invited.get('Label'), invited.get('EndConferenceOnExit')], [a.agent.agentNumber, 'colleague', 'false']);
      const consultPath = `${TWILIO_WEBHOOK_PATHS.consultStatus}?callId=${id}`;
      assert.equal(invited.get('StatusCallback'), `${PUBLIC_URL}${consultPath}`);

      const conferenceSid = newSid('CF');
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialEnded, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed' });
      for (const leg of [agentLeg, callSid]) {
        await webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, { StatusCallbackEvent: 'participant-join', FriendlyName: `desk-${id}`, ConferenceSid: conferenceSid, CallSid: leg });
      }
      const colleagueLeg = newSid('CA');
      // A stray leg's report changes nothing; the colleague's answer is the consult's.
      await webhook(server, consultPath, { CallSid: colleagueLeg, CallStatus: 'in-progress' });
      assert.equal((await callRow(server, callSid)).consultLegSid, colleagueLeg);
      await webhook(server, consultPath, { CallSid: newSid('CA'), CallStatus: 'completed' });
      assert.equal((await callRow(server, callSid)).consultAgentUserId, b.id);

      assert.equal((await call(server, 'POST', 'desk/complete-transfer', { token: a.agentToken, body: { callSid } })).status, 200);
      const participants = `/Conferences/${conferenceSid}/Participants`;
      assert.equal(requestsTo(`${participants}/${colleagueLeg}.json`).at(-1)!.form.get('EndConferenceOnExit'), 'true');
      const agentSide = requestsTo(`${participants}/${agentLeg}.json`);
      assert.deepEqual(agentSide.map((r) => r.method), ['POST', 'DELETE']);
      assert.equal(agentSide[0]!.form.get('EndConferenceOnExit'), 'false');
      assert.equal(requestsTo(`${participants}/${callSid}.json`).at(-1)!.form.get('Hold'), 'false');
      const row = await callRow(server, callSid);
      assert.deepEqual([row.agentUserId, row.dialledLegSid, row.heldSince, row.consultAgentUserId], [b.id, colleagueLeg, null, null]);
      // The colleague's leg ending later is the call's end, not a consult's.
      await webhook(server, consultPath, { CallSid: colleagueLeg, CallStatus: 'completed' });
      assert.equal((await callRow(server, callSid)).agentUserId, b.id);
    });

    it('to an outside number on Twilio: the caller\'s leg dials it from the number they rang; unreached, they come back to the queue', async () => {
      const a = await createTenant(server);
      await setAgentStatus(server.db, a.agent.id, 'available');
      const ringIn = async () => {
        const callSid = newSid('CA');
        await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
        await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: newSid('CA'), ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
        return callSid;
      };
      const callSid = await ringIn();
      const outside = uniquePhone();
      assert.equal((await call(server, 'POST', 'desk/transfer-call', { token: a.agentToken, body: { callSid, phoneNumber: outside } })).status, 200);
      const twiml = requestsTo(`/Calls/${callSid}.json`).at(-1)!.form.get('Twiml')!;
      const action = `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.dialEnded}?${TRANSFER_NUMBER_QUERY}`;
      assert.match(twiml, new RegExp(`<Say>${CALL_TRANSFER_TEXT.saidToCaller}</Say><Dial callerId="\\${a.agent.agentNumber}"[^>]*action="${action.replace('?', '\\?')}"><Number>\\${outside}</Number></Dial>`));
      assert.deepEqual([(await callRow(server, callSid)).agentUserId, (await callRow(server, callSid)).transferredTo], [null, outside]);
      const path = `${TWILIO_WEBHOOK_PATHS.dialEnded}?${TRANSFER_NUMBER_QUERY}`;
      assert.match((await webhook(server, path, { CallSid: callSid, CallStatus: 'in-progress', DialCallStatus: 'completed' })).text, /<Hangup\/>/);

      await setAgentStatus(server.db, a.agent.id, 'available');
      const second = await ringIn();
      assert.equal((await call(server, 'POST', 'desk/transfer-call', { token: a.agentToken, body: { callSid: second, phoneNumber: outside } })).status, 200);
      const unreached = await webhook(server, path, { CallSid: second, CallStatus: 'in-progress', DialCallStatus: 'no-answer' });
      assert.match(unreached.text, new RegExp(`<Say>${ANOTHER_AGENT_TEXT}</Say><Dial[^>]*><Client[^>]*><Identity>${a.agent.email}</Identity>`));
      assert.equal((await server.db.select().from(queueEntries).where(eq(queueEntries.callSid, second))).length, 1);
      assert.equal((await callRow(server, second)).transferredTo, null);
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
