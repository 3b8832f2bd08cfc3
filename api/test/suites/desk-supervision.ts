import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { CALL_SUPERVISION_TEXT, superviseAddress, WRAP_UP_TEXT } from 'shared-contracts';
import { calls } from '../../src/db/schema';
import { TWILIO_WEBHOOK_PATHS } from '../../src/modules/telephony/twilio-paths';
import { createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { serverOnTwilioCloud, type FakeTwilioCloud } from '../helpers/fake-twilio-cloud';
import { simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { nextOfType, onlineAgent, openDevice, voiceToken, wrapUpCall, type TestDevice } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { newSid, TEST_PUBLIC_URL as PUBLIC_URL, TEST_TWILIO as TWILIO, twilioWebhook as webhook } from '../helpers/twilio-fixture';
import { waitFor } from '../helpers/wait-for';

const callRow = async (server: TestServer, callSid: string) =>
  (await server.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;

const supervise = (server: TestServer, token: string, callSid: string, mode: unknown) =>
  call(server, 'POST', 'desk/supervise-call', { token, body: { callSid, mode } });

const stopSupervising = (server: TestServer, token: string, callSid: string) =>
  call(server, 'POST', 'desk/stop-supervising', { token, body: { callSid } });

/** Who hears the supervisor of a call, from the simulator's caller door. */
async function supervisorDoor(server: TestServer, callSid: string): Promise<{ mode: string; heardBy: string[] } | null> {
  const response = await fetch(`${server.origin}/v1/telephony/simulator/calls/${callSid}`);
  return ((await response.json()) as { data: { supervisor: { mode: string; heardBy: string[] } | null } }).data.supervisor;
}

/** A USER's browser phone, registered with the simulator. */
async function supervisorPhone(server: TestServer, token: string, email: string): Promise<TestDevice> {
  const device = openDevice(server, await voiceToken(server, token, email));
  assert.deepEqual(await device.next(), { type: 'registered' });
  return device;
}

/** The phone calls its way onto the call; the answer is its leg's sid, or the refusal's message. */
async function join(device: TestDevice, callSid: string): Promise<{ legSid: string } | { refused: string }> {
  const requestId = randomUUID();
  device.send({ type: 'connect', requestId, to: superviseAddress(callSid) });
  const first = await device.next();
  if (first.type === 'error') return { refused: first.message };
  assert.equal(first.type, 'ringing');
  const legSid = (first as { callSid: string }).callSid;
  assert.deepEqual(await device.next(), { type: 'accepted', callSid: legSid });
  return { legSid };
}

/** A caller rings the agent, who takes the call. */
async function answeredCall(server: TestServer, a: Awaited<ReturnType<typeof onlineAgent>>): Promise<string> {
  const rung = await simulator(server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
  const { callSid } = rung.body.data as { callSid: string };
  assert.equal((await a.device.next()).type, 'incoming');
  a.device.send({ type: 'accept', callSid });
  assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
  return callSid;
}

export function deskSupervisionSuite(ctx: SuiteContext) {
  describe('supervising a call (simulator)', () => {
    it('a USER listens, whispers and barges in on their agent\'s call; the board follows; a second supervisor gets no leg', async () => {
      const a = await onlineAgent(ctx.server);
      const board = openSocket(ctx.server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await board.next()).type, 'INITIAL_STATUS');
      const callSid = await answeredCall(ctx.server, a);

      // Two USERs of the account barge in at the same moment: one gets the call, the other a 409.
      const rival = await createUser(ctx.server.db, { accountId: a.account.id, role: 'USER' });
      const rivalToken = await signIn(ctx.server, rival.email);
      const both = await Promise.all([supervise(ctx.server, a.ownerToken, callSid, 'barge'), supervise(ctx.server, rivalToken, callSid, 'barge')]);
      assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
      assert.equal(both.find((r) => r.status === 409)!.body.message, CALL_SUPERVISION_TEXT.taken);
      const winner = both[0]!.status === 200 ? a.owner.id : rival.id;
      assert.equal((await callRow(ctx.server, callSid)).supervisorUserId, winner);
      assert.equal((await nextOfType(board, 'CALL_SUPERVISION_CHANGED')).supervisorId, winner);
      // Whoever won leaves; the owner claims the call to listen.
      if (winner === rival.id) assert.equal((await stopSupervising(ctx.server, rivalToken, callSid)).status, 200);
      else assert.equal((await stopSupervising(ctx.server, a.ownerToken, callSid)).status, 200);
      assert.equal((await nextOfType(board, 'CALL_SUPERVISION_CHANGED')).supervisorId, null);

      const claimed = await supervise(ctx.server, a.ownerToken, callSid, 'listen');
      assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
      assert.deepEqual(claimed.body.data, { callSid, mode: 'listen', connectTo: `supervise:${callSid}`, joined: false });
      assert.deepEqual(await nextOfType(board, 'CALL_SUPERVISION_CHANGED'), {
        type: 'CALL_SUPERVISION_CHANGED', callSid, agentId: a.agent.id, supervisorId: a.owner.id, mode: 'listen',
      });
      const second = await createUser(ctx.server.db, { accountId: a.account.id, role: 'USER' });
      const secondToken = await signIn(ctx.server, second.email);
      const refused = await supervise(ctx.server, secondToken, callSid, 'barge');
      assert.deepEqual([refused.status, refused.body.message], [409, CALL_SUPERVISION_TEXT.taken]);

      const phone = await supervisorPhone(ctx.server, a.ownerToken, a.owner.email);
      const joined = await join(phone, callSid);
      assert.ok('legSid' in joined, JSON.stringify(joined));
      assert.deepEqual(await supervisorDoor(ctx.server, callSid), { mode: 'listen', heardBy: [] });
      assert.equal((await callRow(ctx.server, callSid)).supervisorLegSid, joined.legSid);
      assert.equal((await nextOfType(board, 'CALL_SUPERVISION_CHANGED')).mode, 'listen');
      // The second USER's phone gets no leg either.
      const secondPhone = await supervisorPhone(ctx.server, secondToken, second.email);
      assert.deepEqual(await join(secondPhone, callSid), { refused: CALL_SUPERVISION_TEXT.taken });

      const desk = await call(ctx.server, 'GET', 'desk/get-live-desk', { token: a.ownerToken });
      const onBoard = (desk.body.data.agents as Array<{ agentId: string; currentCall: { callSid: string; supervision: unknown } | null }>).find((x) => x.agentId === a.agent.id);
      assert.equal(onBoard?.currentCall?.callSid, callSid);
      assert.deepEqual(onBoard?.currentCall?.supervision, { supervisorId: a.owner.id, supervisorName: `${a.owner.firstName} ${a.owner.lastName}`, mode: 'listen' });

      const whisper = await supervise(ctx.server, a.ownerToken, callSid, 'whisper');
      assert.deepEqual(whisper.body.data, { callSid, mode: 'whisper', connectTo: `supervise:${callSid}`, joined: true });
      assert.deepEqual(await supervisorDoor(ctx.server, callSid), { mode: 'whisper', heardBy: ['agent'] });
      assert.equal((await nextOfType(board, 'CALL_SUPERVISION_CHANGED')).mode, 'whisper');
      assert.equal((await supervise(ctx.server, a.ownerToken, callSid, 'barge')).status, 200);
      assert.deepEqual(await supervisorDoor(ctx.server, callSid), { mode: 'barge', heardBy: ['agent', 'caller'] });
      assert.equal((await nextOfType(board, 'CALL_SUPERVISION_CHANGED')).mode, 'barge');

      // Bad input, another account, and an agent change nothing.
      assert.equal((await supervise(ctx.server, a.ownerToken, callSid, 'shout')).status, 400);
      const outsider = await createTenant(ctx.server);
      assert.equal((await supervise(ctx.server, outsider.ownerToken, callSid, 'listen')).status, 404);
      assert.equal((await supervise(ctx.server, a.agentToken, callSid, 'listen')).status, 403);
      assert.equal((await stopSupervising(ctx.server, secondToken, callSid)).status, 409);
      assert.deepEqual(await supervisorDoor(ctx.server, callSid), { mode: 'barge', heardBy: ['agent', 'caller'] });

      const left = await stopSupervising(ctx.server, a.ownerToken, callSid);
      assert.deepEqual([left.status, left.body.data.message], [200, CALL_SUPERVISION_TEXT.left]);
      assert.deepEqual(await phone.next(), { type: 'disconnected', callSid: joined.legSid });
      assert.equal(await supervisorDoor(ctx.server, callSid), null);
      const after = await callRow(ctx.server, callSid);
      assert.deepEqual([after.supervisorUserId, after.superviseMode, after.supervisorLegSid, after.agentUserId], [null, null, null, a.agent.id]);
      assert.deepEqual(await nextOfType(board, 'CALL_SUPERVISION_CHANGED'), {
        type: 'CALL_SUPERVISION_CHANGED', callSid, agentId: a.agent.id, supervisorId: null, mode: null,
      });
      const again = await stopSupervising(ctx.server, a.ownerToken, callSid);
      assert.deepEqual([again.status, again.body.message], [409, CALL_SUPERVISION_TEXT.notSupervising]);
      // Now the second USER may.
      assert.equal((await supervise(ctx.server, secondToken, callSid, 'listen')).status, 200);

      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      const ended = await supervise(ctx.server, a.ownerToken, callSid, 'listen');
      assert.deepEqual([ended.status, ended.body.message], [409, WRAP_UP_TEXT.callEnded]);
      for (const socket of [board, phone, secondPhone, a.device, a.room]) socket.close();
    });

    it('the supervision ends with the call or the supervisor\'s phone; a call nobody is on, or a lapsed claim, is handled', async () => {
      const a = await onlineAgent(ctx.server);
      const phone = await supervisorPhone(ctx.server, a.ownerToken, a.owner.email);

      // A caller still ringing has no person on the call.
      const rung = await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber });
      const ringing = (rung.body.data as { callSid: string }).callSid;
      assert.equal((await a.device.next()).type, 'incoming');
      const nobody = await supervise(ctx.server, a.ownerToken, ringing, 'listen');
      assert.deepEqual([nobody.status, nobody.body.message], [409, CALL_SUPERVISION_TEXT.noPerson]);
      a.device.send({ type: 'accept', callSid: ringing });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid: ringing });

      // The caller hangs up: the supervisor's leg goes with the call.
      assert.equal((await supervise(ctx.server, a.ownerToken, ringing, 'listen')).status, 200);
      const first = await join(phone, ringing);
      assert.ok('legSid' in first);
      assert.equal((await simulator(ctx.server, `calls/${ringing}/hangup`)).status, 200);
      assert.deepEqual(await phone.next(), { type: 'disconnected', callSid: first.legSid });
      assert.equal((await callRow(ctx.server, ringing)).supervisorUserId, null);
      assert.equal((await a.device.next()).type, 'disconnected');
      await wrapUpCall(ctx.server, a.agentToken, ringing);

      // The supervisor's phone goes: the call goes on without them.
      const callSid = await answeredCall(ctx.server, a);
      assert.equal((await supervise(ctx.server, a.ownerToken, callSid, 'barge')).status, 200);
      assert.ok('legSid' in (await join(phone, callSid)));
      phone.close();
      await waitFor(() => callRow(ctx.server, callSid), (row) => row.supervisorUserId === null);
      assert.equal(await supervisorDoor(ctx.server, callSid), null);
      assert.equal((await callRow(ctx.server, callSid)).agentUserId, a.agent.id);

      // A claim whose phone never joined lapses, and another USER may take the call.
      assert.equal((await supervise(ctx.server, a.ownerToken, callSid, 'listen')).status, 200);
      const second = await createUser(ctx.server.db, { accountId: a.account.id, role: 'USER' });
      const secondToken = await signIn(ctx.server, second.email);
      assert.equal((await supervise(ctx.server, secondToken, callSid, 'listen')).status, 409);
      await ctx.server.db.update(calls).set({ supervisedSince: new Date(Date.now() - 60_000) }).where(eq(calls.callSid, callSid));
      assert.equal((await supervise(ctx.server, secondToken, callSid, 'listen')).status, 200);
      // The first USER's phone, calling in late, gets no leg.
      const late = await supervisorPhone(ctx.server, a.ownerToken, a.owner.email);
      assert.deepEqual(await join(late, callSid), { refused: CALL_SUPERVISION_TEXT.notSupervising });
      assert.equal((await callRow(ctx.server, callSid)).supervisorUserId, second.id);

      // The agent's browser goes: the caller returns to the queue and the supervision ends.
      a.device.close();
      await waitFor(() => callRow(ctx.server, callSid), (row) => row.agentUserId === null);
      assert.equal((await callRow(ctx.server, callSid)).supervisorUserId, null);
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      late.close();
      a.room.close();
    });
  });

  describe('a supervisor\'s phone sending bad frames (simulator)', () => {
    it('a malformed address, another account\'s call, a frame nested 12,000 deep or garbage get an error, change nothing, and the phone goes on', async () => {
      const a = await onlineAgent(ctx.server);
      const callSid = await answeredCall(ctx.server, a);
      assert.equal((await supervise(ctx.server, a.ownerToken, callSid, 'listen')).status, 200);
      const outsider = await createTenant(ctx.server);
      const theirs = await supervisorPhone(ctx.server, outsider.ownerToken, outsider.owner.email);
      // Another account's call: no leg, and the same answer as a call with no person on it.
      assert.deepEqual(await join(theirs, callSid), { refused: CALL_SUPERVISION_TEXT.noPerson });
      for (const frame of [
        { type: 'connect', requestId: 'r1', to: 'supervise:CAnot-a-sid' },
        { type: 'connect', requestId: 'r2', to: `supervise:${callSid}x` },
        { type: 'connect', requestId: 'r3', to: { nested: callSid } },
        { type: 'hangup', callSid: 'supervise:' },
        `${'['.repeat(12_000)}${']'.repeat(12_000)}`,
        '{"type":"connect",',
      ]) {
        theirs.send(frame);
        assert.equal((await theirs.next()).type, 'error', JSON.stringify(frame).slice(0, 80));
      }
      assert.equal((await callRow(ctx.server, callSid)).supervisorLegSid, null);
      // The owner's phone still joins.
      const mine = await supervisorPhone(ctx.server, a.ownerToken, a.owner.email);
      assert.ok('legSid' in (await join(mine, callSid)));
      assert.equal((await simulator(ctx.server, `calls/${callSid}/hangup`)).status, 200);
      for (const socket of [theirs, mine, a.device, a.room]) socket.close();
    });
  });

  describe('supervising a call (Twilio, its cloud played locally)', () => {
    let server: TestServer;
    let cloud: FakeTwilioCloud;
    serverOnTwilioCloud(() => ctx.server.db, (on) => ({ server, cloud } = on));
    const base = `/2010-04-01/Accounts/${TWILIO.accountSid}`;
    const requestsTo = (path: string) => cloud.requests.filter((r) => r.path === `${base}${path}`);

    it('the supervisor\'s phone joins the call\'s conference: muted to listen, coaching the agent to whisper, heard by both to barge', async () => {
      const a = await createTenant(server);
      await setAgentStatus(server.db, a.agent.id, 'available');
      const callSid = newSid('CA');
      const agentLeg = newSid('CA');
      await webhook(server, TWILIO_WEBHOOK_PATHS.incomingCall, { CallSid: callSid, From: uniquePhone(), To: a.agent.agentNumber! });
      await webhook(server, TWILIO_WEBHOOK_PATHS.dialStatus, { CallSid: agentLeg, ParentCallSid: callSid, CallStatus: 'in-progress', To: `client:${a.agent.email}` });
      const { id } = await callRow(server, callSid);
      const conference = `desk-${id}`;

      assert.equal((await supervise(server, a.ownerToken, callSid, 'listen')).status, 200);
      const supervisorLeg = newSid('CA');
      const joinAs = (email: string, leg: string) => webhook(server, TWILIO_WEBHOOK_PATHS.outgoingCall, { CallSid: leg, From: `client:${email}`, To: superviseAddress(callSid) });
      // Another USER's phone is told it supervises nothing, and gets no leg.
      const other = await createUser(server.db, { accountId: a.account.id, role: 'USER' });
      assert.match((await joinAs(other.email, newSid('CA'))).text, new RegExp(`<Say>${CALL_SUPERVISION_TEXT.notSupervising}</Say>`));

      const joined = await joinAs(a.owner.email, supervisorLeg);
      const action = `${PUBLIC_URL}${TWILIO_WEBHOOK_PATHS.supervisorLegEnded}?callSid=${callSid}`;
      assert.match(joined.text, new RegExp(`<Dial action="${action.replace('?', '\\?')}"><Conference [^>]*participantLabel="supervisor"[^>]*>${conference}</Conference>`));
      assert.match(joined.text, /muted="true"/);
      assert.match(joined.text, /startConferenceOnEnter="false"[^>]*endConferenceOnExit="false"|endConferenceOnExit="false"[^>]*startConferenceOnEnter="false"/);
      // The call moved onto its conference for the supervisor to join it.
      assert.match(requestsTo(`/Calls/${agentLeg}.json`).at(-1)!.form.get('Twiml')!, new RegExp(`participantLabel="agent"[^>]*>${conference}<`));
      assert.equal((await callRow(server, callSid)).supervisorLegSid, supervisorLeg);

      const conferenceSid = newSid('CF');
      await webhook(server, TWILIO_WEBHOOK_PATHS.conferenceEvents, { StatusCallbackEvent: 'participant-join', FriendlyName: conference, ConferenceSid: conferenceSid, CallSid: agentLeg });
      const participant = () => requestsTo(`/Conferences/${conferenceSid}/Participants/${supervisorLeg}.json`).at(-1)!.form;
      assert.equal((await supervise(server, a.ownerToken, callSid, 'whisper')).status, 200);
      assert.deepEqual([participant().get('Muted'), participant().get('Coaching'), participant().get('CallSidToCoach')], ['false', 'true', agentLeg]);
      assert.equal((await supervise(server, a.ownerToken, callSid, 'barge')).status, 200);
      assert.deepEqual([participant().get('Muted'), participant().get('Coaching'), participant().get('CallSidToCoach')], ['false', 'false', null]);

      // The network refuses a change: the mode stays as it was.
      cloud.failNext(true);
      const refused = await supervise(server, a.ownerToken, callSid, 'listen');
      cloud.failNext(false);
      assert.deepEqual([refused.status, refused.body.message], [502, CALL_SUPERVISION_TEXT.failed]);
      assert.equal((await callRow(server, callSid)).superviseMode, 'barge');

      // A stray leg's end changes nothing; leaving hangs the supervisor's leg up.
      assert.equal((await webhook(server, `${TWILIO_WEBHOOK_PATHS.supervisorLegEnded}?callSid=${callSid}`, { CallSid: newSid('CA') })).status, 200);
      assert.equal((await callRow(server, callSid)).supervisorLegSid, supervisorLeg);
      assert.equal((await stopSupervising(server, a.ownerToken, callSid)).status, 200);
      assert.equal(requestsTo(`/Calls/${supervisorLeg}.json`).at(-1)!.form.get('Status'), 'completed');
      assert.equal((await callRow(server, callSid)).supervisorUserId, null);

      // Joined again, the leg's own end (the call ended, or they hung up) ends the supervision.
      assert.equal((await supervise(server, a.ownerToken, callSid, 'listen')).status, 200);
      const again = newSid('CA');
      assert.match((await joinAs(a.owner.email, again)).text, /<Conference /);
      assert.equal(requestsTo(`/Calls/${agentLeg}.json`).length, 1, 'a call on its conference is not moved again');
      await webhook(server, `${TWILIO_WEBHOOK_PATHS.supervisorLegEnded}?callSid=${callSid}`, { CallSid: again });
      assert.equal((await callRow(server, callSid)).supervisorUserId, null);
    });
  });
}
