import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { agentStatuses, queueEntries } from '../../src/db/schema';
import { QUEUE_ENTRY_TAKEN_TEXT } from 'shared-contracts';
import { silentFor } from 'shared-test-kit';
import { createAdmin, createQueueEntry, createTenant, createUser, missingId, PASSWORD, setAgentStatus, signIn } from '../factories';
import { call } from '../helpers/server';
import { openSocket, statusWithoutSince, type TestSocket } from '../helpers/sockets';
import { redisSkipReason, startTwoInstances } from '../helpers/redis';
import type { SuiteContext } from '../helpers/suite-context';

/** Opens a socket and waits for INITIAL_STATUS, which says the server has admitted it. */
async function joined(socket: TestSocket) {
  const first = await socket.next();
  assert.equal(first.type, 'INITIAL_STATUS');
  return first;
}

/** The socket's close, or a failure when the server leaves it open. */
const closedWithin = (socket: TestSocket, ms = 3_000) => Promise.race([
  socket.closed,
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms).unref()),
]);

export function realtimeSuite(ctx: SuiteContext) {
  describe('realtime socket', () => {
    const statusOf = async (agentId: string) =>
      (await ctx.server.db.select().from(agentStatuses).where(eq(agentStatuses.agentId, agentId)))[0];

    it('closes with 4401 without a token, with a bad token, or for another account', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const cases = [
        { accountId: a.account.id },
        { accountId: a.account.id, token: 'not-a-token' },
        { accountId: a.account.id, token: b.ownerToken },
        { token: a.ownerToken },
      ];
      for (const query of cases) {
        const { code, reason } = await openSocket(ctx.server, query).closed;
        assert.equal(code, 4401, JSON.stringify(query));
        assert.ok(reason.length > 0);
      }
    });

    it('sends INITIAL_STATUS with the account\'s queue and agent statuses', async () => {
      const { account, agent, agentToken } = await createTenant(ctx.server);
      const entry = await createQueueEntry(ctx.server.db, { accountId: account.id, callerName: 'Pat' });
      await setAgentStatus(ctx.server.db, agent.id, 'available');
      const other = await createTenant(ctx.server);
      await createQueueEntry(ctx.server.db, { accountId: other.account.id });

      const socket = openSocket(ctx.server, { accountId: account.id, token: agentToken });
      const initial = await joined(socket);
      assert.deepEqual(initial, {
        type: 'INITIAL_STATUS',
        queue: [{ id: entry.id, phoneNumber: entry.phoneNumber, callerName: 'Pat', enqueuedAt: entry.enqueuedAt.toISOString() }],
        statuses: [{ agentId: agent.id, status: 'available', busyFrom: null, awayReason: null, since: (await statusOf(agent.id))!.statusSince.toISOString() }],
      });
      socket.close();
    });

    it('lets an administrator join any existing account, and no account that does not exist', async () => {
      const { account } = await createTenant(ctx.server);
      const admin = await createAdmin(ctx.server);
      const socket = openSocket(ctx.server, { accountId: account.id, token: admin.token });
      await joined(socket);
      socket.close();
      const ghost = await openSocket(ctx.server, { accountId: missingId(), token: admin.token }).closed;
      assert.equal(ghost.code, 4401);
    });

    it('persists UPDATE_STATUS and broadcasts it to the account\'s room only', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const agentSocket = openSocket(ctx.server, { accountId: a.account.id, token: a.agentToken });
      const ownerSocket = openSocket(ctx.server, { accountId: a.account.id, token: a.ownerToken });
      const outsider = openSocket(ctx.server, { accountId: b.account.id, token: b.ownerToken });
      await Promise.all([joined(agentSocket), joined(ownerSocket), joined(outsider)]);

      agentSocket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'busy' });
      const [toSelf, toOwner] = await Promise.all([agentSocket.next(), ownerSocket.next()]);
      assert.equal(toOwner.type, 'STATUS_UPDATED');
      assert.deepEqual(toSelf, toOwner);
      const stored = await statusOf(a.agent.id);
      assert.equal(stored?.status, 'busy');
      assert.ok(stored?.busyFrom);
      assert.deepEqual(toOwner, { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'busy', busyFrom: stored.busyFrom.toISOString(), awayReason: null, since: stored.statusSince.toISOString() });

      // Still busy: the spell that began earlier goes on, so the softphone's timer keeps running.
      agentSocket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'busy' });
      assert.deepEqual(await ownerSocket.next(), toOwner);
      await agentSocket.next();

      // The outsider's next message is the answer to its own frame: the broadcast never reached it.
      outsider.send('not json');
      assert.equal((await outsider.next()).type, 'ERROR');
      for (const s of [agentSocket, ownerSocket, outsider]) s.close();
    });

    it('answers a malformed frame or another account\'s ids with ERROR and changes nothing', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const colleague = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      const socket = openSocket(ctx.server, { accountId: a.account.id, token: a.agentToken });
      await joined(socket);

      socket.send('{"type":');
      assert.deepEqual(await socket.next(), { type: 'ERROR', message: 'Message is not valid JSON' });
      socket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'asleep' });
      const invalid = await socket.next();
      assert.equal(invalid.type, 'ERROR');
      assert.equal((invalid as { refused?: string }).refused, 'UPDATE_STATUS');
      socket.send({ type: 'AGENT_ACTIVE_STATUS', accountId: b.account.id, agentId: a.agent.id, isActive: true });
      assert.deepEqual(await socket.next(), { type: 'ERROR', message: 'accountId is not the account of this connection', refused: 'AGENT_ACTIVE_STATUS' });
      socket.send({ type: 'UPDATE_STATUS', agentId: colleague.id, status: 'available' });
      assert.deepEqual(await socket.next(), { type: 'ERROR', message: 'Agents may only change their own status', refused: 'UPDATE_STATUS' });
      assert.equal(await statusOf(a.agent.id), undefined);
      assert.equal(await statusOf(colleague.id), undefined);
      socket.close();

    });

    it('USER and ADMINISTRATOR sockets only listen: statuses and the queue are the agents\' own', async () => {
      const a = await createTenant(ctx.server);
      const { token: adminToken } = await createAdmin(ctx.server);
      const entry = await createQueueEntry(ctx.server.db, { accountId: a.account.id });
      for (const token of [a.ownerToken, adminToken]) {
        const socket = openSocket(ctx.server, { accountId: a.account.id, token });
        await joined(socket);
        const frames = [
          { type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' },
          { type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: true },
          { type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId: a.agent.id },
        ] as const;
        for (const frame of frames) {
          socket.send(frame);
          assert.deepEqual(await socket.next(), { type: 'ERROR', message: 'Only agents may send this message', refused: frame.type });
        }
        socket.close();
      }
      assert.equal(await statusOf(a.agent.id), undefined);
      const queued = await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.accountId, a.account.id));
      assert.deepEqual(queued.map((row) => row.id), [entry.id]);
    });

    it('maps AGENT_ACTIVE_STATUS to busy (on a call, with busyFrom)/available, and REMOVE_FROM_QUEUE with no entry id pops the first caller', async () => {
      const a = await createTenant(ctx.server);
      const first = await createQueueEntry(ctx.server.db, { accountId: a.account.id, enqueuedAt: new Date(Date.now() - 60_000) });
      const second = await createQueueEntry(ctx.server.db, { accountId: a.account.id });
      const socket = openSocket(ctx.server, { accountId: a.account.id, token: a.agentToken });
      await joined(socket);

      socket.send({ type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: true });
      const busy = await socket.next() as { status: string; busyFrom: string | null };
      assert.equal(busy.status, 'busy');
      assert.ok(busy.busyFrom !== null && Math.abs(Date.parse(busy.busyFrom) - Date.now()) < 60_000);
      socket.send({ type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: false });
      assert.deepEqual(statusWithoutSince(await socket.next()), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'available', busyFrom: null, awayReason: null });
      assert.equal((await statusOf(a.agent.id))?.status, 'available');

      // An agent who chose away during a call stays away when the call ends: no moment of available.
      socket.send({ type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: true });
      assert.equal((await socket.next() as { status: string }).status, 'busy');
      socket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'away', awayReason: 'lunch' });
      assert.equal((await socket.next() as { status: string }).status, 'away');
      socket.send({ type: 'AGENT_ACTIVE_STATUS', accountId: a.account.id, agentId: a.agent.id, isActive: false });
      assert.equal(await silentFor(socket, 'STATUS_UPDATED', 300), true);
      assert.equal((await statusOf(a.agent.id))?.status, 'away');

      socket.send({ type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId: a.agent.id });
      const update = await socket.next();
      assert.equal(update.type, 'QUEUE_UPDATED');
      assert.deepEqual((update as { queue: Array<{ id: string }> }).queue.map((q) => q.id), [second.id]);
      assert.notEqual(first.id, second.id);
      socket.close();
    });

    it('REMOVE_FROM_QUEUE takes off exactly the caller each agent took; one already taken is refused and nobody else leaves', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const colleague = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
      const first = await createQueueEntry(ctx.server.db, { accountId: a.account.id, enqueuedAt: minutesAgo(3) });
      const second = await createQueueEntry(ctx.server.db, { accountId: a.account.id, enqueuedAt: minutesAgo(2) });
      const third = await createQueueEntry(ctx.server.db, { accountId: a.account.id, enqueuedAt: minutesAgo(1) });
      const elsewhere = await createQueueEntry(ctx.server.db, { accountId: b.account.id });
      const one = openSocket(ctx.server, { accountId: a.account.id, token: a.agentToken });
      const two = openSocket(ctx.server, { accountId: a.account.id, token: await signIn(ctx.server, colleague.email) });
      await Promise.all([joined(one), joined(two)]);
      const queued = async (accountId: string) =>
        (await ctx.server.db.select().from(queueEntries).where(eq(queueEntries.accountId, accountId))).map((row) => row.id).sort();

      // Each takes a caller at the same moment, the second agent not the oldest one.
      one.send({ type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId: a.agent.id, entryId: first.id });
      two.send({ type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId: colleague.id, entryId: second.id });
      const heard = await Promise.all([one.next(), one.next(), two.next(), two.next()]);
      assert.deepEqual(heard.map((m) => m.type), Array(4).fill('QUEUE_UPDATED'));
      assert.deepEqual(await queued(a.account.id), [third.id]);

      // Both dialled the first caller: the one who came second is told, and the third caller stays queued.
      for (const [socket, agentId] of [[two, colleague.id], [one, a.agent.id]] as const) {
        socket.send({ type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId, entryId: first.id });
        assert.deepEqual(await socket.next(), { type: 'ERROR', message: QUEUE_ENTRY_TAKEN_TEXT, refused: 'REMOVE_FROM_QUEUE' });
      }
      // Another account's caller is no entry of this queue.
      one.send({ type: 'REMOVE_FROM_QUEUE', accountId: a.account.id, agentId: a.agent.id, entryId: elsewhere.id });
      assert.deepEqual(await one.next(), { type: 'ERROR', message: QUEUE_ENTRY_TAKEN_TEXT, refused: 'REMOVE_FROM_QUEUE' });
      assert.deepEqual(await queued(a.account.id), [third.id]);
      assert.deepEqual(await queued(b.account.id), [elsewhere.id]);
      one.close();
      two.close();
    });

    it('a logout or a password change closes the sockets of the sessions it ends, and their frames are no longer applied', async () => {
      const a = await createTenant(ctx.server);
      const other = await signIn(ctx.server, a.agent.email);
      const socket = openSocket(ctx.server, { accountId: a.account.id, token: a.agentToken });
      const second = openSocket(ctx.server, { accountId: a.account.id, token: other });
      await Promise.all([joined(socket), joined(second)]);
      assert.equal((await call(ctx.server, 'POST', '/auth/logout', { token: a.agentToken })).status, 200);
      assert.deepEqual(await closedWithin(socket), { code: 4401, reason: 'Session expired, Please login again.' });
      socket.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' });

      const changed = await call(ctx.server, 'POST', '/auth/change-password', {
        token: a.ownerToken, body: { password: PASSWORD, passwordNew: 'Another-pass-2', passwordConfirm: 'Another-pass-2' },
      });
      assert.equal(changed.status, 200, 'the owner\'s change leaves the agent\'s other session alone');
      second.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'busy' });
      assert.equal((await second.next()).type, 'STATUS_UPDATED');
      assert.equal((await statusOf(a.agent.id))?.status, 'busy', 'the logged-out socket\'s frame was not applied');
      second.close();
    });

    it('a session revoked on one API instance closes its socket on another (through Redis)', async (t) => {
      const skip = await redisSkipReason();
      if (skip) return t.skip(skip);
      const a = await createTenant(ctx.server);
      const [one, two] = await startTwoInstances(ctx.server.db);
      try {
        const socket = openSocket(two, { accountId: a.account.id, token: a.agentToken });
        await joined(socket);
        assert.equal((await call(one, 'POST', '/auth/logout', { token: a.agentToken })).status, 200);
        assert.equal((await closedWithin(socket)).code, 4401);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });

    it('fans out through Redis so two API instances share a room', async (t) => {
      const skip = await redisSkipReason();
      if (skip) return t.skip(skip);
      const a = await createTenant(ctx.server);
      const [one, two] = await startTwoInstances(ctx.server.db);
      try {
        const onOne = openSocket(one, { accountId: a.account.id, token: a.agentToken });
        const onTwo = openSocket(two, { accountId: a.account.id, token: a.ownerToken });
        await Promise.all([joined(onOne), joined(onTwo)]);
        onOne.send({ type: 'UPDATE_STATUS', agentId: a.agent.id, status: 'available' });
        assert.deepEqual(statusWithoutSince(await onTwo.next()), { type: 'STATUS_UPDATED', agentId: a.agent.id, status: 'available', busyFrom: null, awayReason: null });
        assert.equal((await onOne.next()).type, 'STATUS_UPDATED', 'the sender\'s instance delivers through Redis too');
        onOne.close();
        onTwo.close();
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    });
  });
}
