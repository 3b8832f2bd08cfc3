import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { nextMatching } from 'shared-test-kit';
import { DEFAULT_DISPOSITIONS, WRAP_UP_SECONDS_DEFAULT, WRAP_UP_TEXT } from 'shared-contracts';
import { agentStatuses, calls } from '../../src/db/schema';
import { rawSql } from '../../src/db/raw-sql';
import { wrapUpExpiryJob } from '../../src/modules/desk';
import { createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { nextOfType, onlineAgent, wrapUpCall } from '../helpers/simulator-device';
import { openSocket, statusWithoutSince } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const statusOf = async (server: TestServer, agentId: string) =>
  (await server.db.select({ status: agentStatuses.status }).from(agentStatuses).where(eq(agentStatuses.agentId, agentId)))[0]?.status;

const callRow = async (server: TestServer, callSid: string) =>
  (await server.db.select().from(calls).where(eq(calls.callSid, callSid)))[0]!;

/** A caller rings the agent's number and the agent's softphone takes it; then the caller hangs up. */
async function answeredCall(server: TestServer, a: Awaited<ReturnType<typeof onlineAgent>>, from = uniquePhone()): Promise<string> {
  const rung = await simulator(server, 'inbound-call', { from, to: a.agent.agentNumber });
  assert.equal(rung.body.data.rang, 1, JSON.stringify(rung.body));
  const { callSid } = rung.body.data as { callSid: string };
  assert.equal((await a.device.next()).type, 'incoming');
  a.device.send({ type: 'accept', callSid });
  assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
  assert.equal((await simulator(server, `calls/${callSid}/hangup`)).status, 200);
  assert.deepEqual(await a.device.next(), { type: 'disconnected', callSid });
  return callSid;
}

export function deskWrapUpSuite(ctx: SuiteContext) {
  describe('wrapping up a call', () => {
    it('after a call the agent is in wrap-up and not rung; their disposition and notes land on the call, and they are rung again', async () => {
      const a = await onlineAgent(ctx.server);
      const owner = openSocket(ctx.server, { accountId: a.account.id, token: a.ownerToken });
      assert.equal((await owner.next()).type, 'INITIAL_STATUS');
      const caller = uniquePhone();
      const callSid = await answeredCall(ctx.server, a, caller);
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'busy');
      assert.deepEqual(statusWithoutSince(await nextOfType(owner, 'STATUS_UPDATED')), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'wrap-up', busyFrom: null, awayReason: null });
      const row = await callRow(ctx.server, callSid);

      // The softphone reads what it has to wrap up: the caller, the account's dispositions, and when the time runs out.
      const pending = await call(ctx.server, 'GET', 'desk/get-pending-wrap-up', { token: a.agentToken });
      assert.equal(pending.status, 200, JSON.stringify(pending.body));
      const { dueAt, ...rest } = pending.body.data.pending;
      assert.deepEqual(rest, { callId: row.id, direction: 'inbound', phoneNumber: caller, callerName: null, durationSeconds: row.durationSeconds, dispositions: [...DEFAULT_DISPOSITIONS] });
      const left = Date.parse(dueAt) - Date.now();
      assert.ok(left > (WRAP_UP_SECONDS_DEFAULT - 10) * 1000 && left <= WRAP_UP_SECONDS_DEFAULT * 1000, `due in ${left} ms`);
      // Only the agent who took it sees it.
      assert.equal((await call(ctx.server, 'GET', 'desk/get-pending-wrap-up', { token: a.ownerToken })).status, 403);

      // Not offered a call meanwhile; saying available (a softphone's reconnect) keeps them in wrap-up; wrap-up is not theirs to choose.
      assert.equal((await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber })).body.data.rang, 0);
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' });
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'wrap-up');
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'wrap-up' });
      assert.deepEqual(await nextOfType(a.room, 'ERROR'), { type: 'ERROR', message: WRAP_UP_TEXT.notChosen, refused: 'UPDATE_STATUS' });

      // A disposition not on the account's list, and another agent's try, change nothing.
      const unknown = await call(ctx.server, 'POST', 'desk/wrap-up-call', { token: a.agentToken, body: { callId: row.id, disposition: 'Sold a boat' } });
      assert.deepEqual([unknown.status, unknown.body.message], [400, WRAP_UP_TEXT.dispositionUnknown]);
      const colleague = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      const colleagueToken = await signIn(ctx.server, colleague.email);
      const theirs = await call(ctx.server, 'POST', 'desk/wrap-up-call', { token: colleagueToken, body: { callId: row.id, disposition: 'Resolved' } });
      assert.deepEqual([theirs.status, theirs.body.message], [409, WRAP_UP_TEXT.notPending]);
      const outsider = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'POST', 'desk/wrap-up-call', { token: outsider.agentToken, body: { callId: row.id, disposition: 'Resolved' } })).status, 404);
      assert.equal((await callRow(ctx.server, callSid)).wrappedUpAt, null);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'wrap-up');

      // Wrapped up (the disposition as the list spells it): the agent is available and rung again.
      const done = await wrapUpCall(ctx.server, a.agentToken, callSid, ' resolved ', 'Moved the appointment to Friday.');
      assert.deepEqual([done.body.data.wrapUp.disposition, done.body.data.wrapUp.notes], ['Resolved', 'Moved the appointment to Friday.']);
      assert.equal((await nextOfType(owner, 'STATUS_UPDATED')).status, 'available');
      assert.deepEqual((await call(ctx.server, 'GET', 'desk/get-pending-wrap-up', { token: a.agentToken })).body.data, { pending: null });
      const again = await call(ctx.server, 'POST', 'desk/wrap-up-call', { token: a.agentToken, body: { callId: row.id, disposition: 'Callback' } });
      assert.deepEqual([again.status, again.body.message], [409, WRAP_UP_TEXT.alreadyDone]);

      // The call logs (the account's and the agent's own) and the public API show it.
      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: a.ownerToken, body: {} });
      const logged = (logs.body.data as Array<{ id: string; wrapUp: { disposition: string; notes: string } | null }>).find((log) => log.id === row.id);
      assert.deepEqual([logged?.wrapUp?.disposition, logged?.wrapUp?.notes], ['Resolved', 'Moved the appointment to Friday.']);
      const own = await call(ctx.server, 'POST', 'call/get-agent-call-logs', { token: a.agentToken, body: {} });
      assert.equal((own.body.data as Array<{ id: string; wrapUp: { disposition: string } | null }>).find((log) => log.id === row.id)?.wrapUp?.disposition, 'Resolved');
      assert.equal((await call(ctx.server, 'GET', `call/get-call/${row.id}`, { token: a.ownerToken })).body.data.wrapUp.disposition, 'Resolved');

      assert.equal((await simulator(ctx.server, 'inbound-call', { from: uniquePhone(), to: a.agent.agentNumber })).body.data.rang, 1);
      owner.close();
      a.room.close();
      a.device.close();
    });

    it('an agent who chose away during the wrap-up stays away once it is done; a call they dialled that nobody answered has nothing to wrap up', async () => {
      const a = await onlineAgent(ctx.server);
      const callSid = await answeredCall(ctx.server, a);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'wrap-up');
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'away', awayReason: 'break' });
      assert.equal(((await nextMatching(a.room, (m) => m.type === 'STATUS_UPDATED' && m.status === 'away')) as { awayReason: string }).awayReason, 'break');
      await wrapUpCall(ctx.server, a.agentToken, callSid, 'Callback');
      assert.equal(await statusOf(ctx.server, a.agent.id), 'away');

      await setAgentStatus(ctx.server.db, a.agent.id, 'busy', new Date());
      a.device.send({ type: 'connect', requestId: 'r1', to: uniquePhone() });
      const { callSid: dialled } = await a.device.next() as { callSid: string };
      a.device.send({ type: 'hangup', callSid: dialled });
      assert.equal((await a.device.next(5_000)).type, 'disconnected');
      const missed = await callRow(ctx.server, dialled);
      assert.deepEqual([missed.status, missed.wrapUpDueAt], ['missed', null]);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'available');
      a.room.close();
      a.device.close();
    });

    it('an agent in wrap-up whose softphone goes is offline; the call still waits for its wrap-up', async () => {
      const a = await onlineAgent(ctx.server);
      const callSid = await answeredCall(ctx.server, a);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'wrap-up');
      a.device.close();
      await waitFor(() => statusOf(ctx.server, a.agent.id), (status) => status === 'offline');
      const row = await callRow(ctx.server, callSid);
      assert.deepEqual([row.wrapUpDueAt !== null, row.wrappedUpAt], [true, null]);
      // Back, saying available, they are in wrap-up until it is done.
      a.room.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' });
      assert.equal(await waitFor(() => statusOf(ctx.server, a.agent.id), (status) => status !== 'offline'), 'wrap-up');
      a.room.close();
    });

    it('when the time runs out the call is closed without a disposition and the agent is offered calls again', async () => {
      const a = await onlineAgent(ctx.server);
      const set = await call(ctx.server, 'PATCH', 'desk/update-setting', { token: a.ownerToken, body: { dispositions: ['Sold', 'Not interested'], wrapUpSeconds: 30 } });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      const callSid = await answeredCall(ctx.server, a);
      const row = await callRow(ctx.server, callSid);
      const dueIn = row.wrapUpDueAt!.getTime() - Date.now();
      assert.ok(dueIn > 20_000 && dueIn <= 30_000, `due in ${dueIn} ms`);
      // Its expiry is queued for when it falls due.
      const { rows: [job] } = await rawSql(ctx.server.db)('select start_after from jobs.job where name = $1 and singleton_key = $2', [wrapUpExpiryJob.name, row.id]);
      assert.ok(job, 'the expiry is queued');
      assert.ok(Math.abs(new Date(job.start_after as string).getTime() - row.wrapUpDueAt!.getTime()) < 5_000, `runs at ${String(job.start_after)}`);
      assert.deepEqual((await call(ctx.server, 'GET', 'desk/get-pending-wrap-up', { token: a.agentToken })).body.data.pending.dispositions, ['Sold', 'Not interested']);

      // Run early (a retry, a clock ahead), it leaves the call alone.
      await wrapUpExpiryJob.handle(ctx.server.app, { callId: row.id });
      assert.equal((await callRow(ctx.server, callSid)).wrappedUpAt, null);

      await ctx.server.db.update(calls).set({ wrapUpDueAt: new Date(Date.now() - 1000) }).where(eq(calls.id, row.id));
      await wrapUpExpiryJob.handle(ctx.server.app, { callId: row.id });
      const closed = await callRow(ctx.server, callSid);
      assert.ok(closed.wrappedUpAt !== null);
      assert.equal(closed.disposition, null);
      assert.equal(await statusOf(ctx.server, a.agent.id), 'available');
      const late = await call(ctx.server, 'POST', 'desk/wrap-up-call', { token: a.agentToken, body: { callId: row.id, disposition: 'Sold' } });
      assert.deepEqual([late.status, late.body.message], [409, WRAP_UP_TEXT.timeRanOut]);
      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: a.ownerToken, body: {} });
      const logged = (logs.body.data as Array<{ id: string; wrapUp: { disposition: string | null; notes: string | null; at: string } | null }>).find((log) => log.id === row.id);
      assert.deepEqual([logged?.wrapUp?.disposition, logged?.wrapUp?.notes, logged?.wrapUp?.at], [null, null, closed.wrappedUpAt!.toISOString()]);
      a.room.close();
      a.device.close();
    });

    it('the USER sets the dispositions and the time; settings out of bounds are refused and change nothing; an agent reads them and cannot set them', async () => {
      const t = await createTenant(ctx.server);
      const read = await call(ctx.server, 'GET', 'desk/get-setting', { token: t.agentToken });
      assert.deepEqual(read.body.data, { dispositions: [...DEFAULT_DISPOSITIONS], wrapUpSeconds: WRAP_UP_SECONDS_DEFAULT });
      const saved = await call(ctx.server, 'PATCH', 'desk/update-setting', { token: t.ownerToken, body: { dispositions: [' Booked ', 'Price question'], wrapUpSeconds: 45 } });
      assert.deepEqual(saved.body.data, { dispositions: ['Booked', 'Price question'], wrapUpSeconds: 45 });
      const refused: Array<[unknown, string]> = [
        [{ dispositions: [], wrapUpSeconds: 45 }, WRAP_UP_TEXT.dispositionsRequired],
        [{ dispositions: ['Booked', 'booked'], wrapUpSeconds: 45 }, WRAP_UP_TEXT.dispositionsRepeated],
        [{ dispositions: ['x'.repeat(41)], wrapUpSeconds: 45 }, WRAP_UP_TEXT.dispositionTooLong],
        [{ dispositions: Array.from({ length: 21 }, (_, i) => `Outcome ${i}`), wrapUpSeconds: 45 }, WRAP_UP_TEXT.dispositionsTooMany],
        [{ dispositions: ['Booked'], wrapUpSeconds: 5 }, WRAP_UP_TEXT.secondsRange],
        [{ dispositions: ['Booked'], wrapUpSeconds: 1801 }, WRAP_UP_TEXT.secondsRange],
        [{ dispositions: ['Booked'], wrapUpSeconds: 30.5 }, WRAP_UP_TEXT.secondsRange],
        [{ dispositions: [''], wrapUpSeconds: 45 }, WRAP_UP_TEXT.dispositionRequired],
      ];
      for (const [body, message] of refused) {
        const res = await call(ctx.server, 'PATCH', 'desk/update-setting', { token: t.ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(JSON.stringify(res.body).includes(message), `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      }
      assert.equal((await call(ctx.server, 'PATCH', 'desk/update-setting', { token: t.agentToken, body: { dispositions: ['Mine'], wrapUpSeconds: 45 } })).status, 403);
      assert.deepEqual((await call(ctx.server, 'GET', 'desk/get-setting', { token: t.agentToken })).body.data, { dispositions: ['Booked', 'Price question'], wrapUpSeconds: 45 });
      // Another account keeps its own.
      const other = await createTenant(ctx.server);
      assert.deepEqual((await call(ctx.server, 'GET', 'desk/get-setting', { token: other.ownerToken })).body.data.dispositions, [...DEFAULT_DISPOSITIONS]);
    });
  });
}
