import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq, inArray } from 'drizzle-orm';
import { CALL_END_REASONS, contract } from 'shared-contracts';
import { rawSql } from '../../src/db/raw-sql';
import { calls, conversationMessages, conversations } from '../../src/db/schema';
import { JOB_SCHEMA } from '../../src/modules/jobs/job-queue';
import { aiCallConnected } from '../../src/modules/telephony/ai-calls';
import { callEnded } from '../../src/modules/telephony/call-events';
import { SIMULATED_CALLEES } from '../../src/modules/telephony/simulator-provider';
import { callWrapUpJob } from '../../src/modules/voice-agent/responders/call-wrap-up';
import { finishUnheldCalls, markSessionsSeen, UNFINISHED_CALL_GRACE } from '../../src/modules/voice-agent/session/unfinished-calls';
import { createAiAgent, createCall, createQueueEntry, createTenant, createWebhookEndpoint } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder } from '../helpers/relay';
import { call, startServer, type TestServer } from '../helpers/server';
import { nextOfType } from '../helpers/simulator-device';
import { openSocket } from '../helpers/sockets';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { webhookReceiver } from '../helpers/webhook-receiver';

const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;
const secondsBefore = (at: Date, seconds: number) => new Date(at.getTime() - seconds * 1000);
const secondsAfter = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

export function unfinishedCallsSuite(ctx: SuiteContext) {
  describe('calls that always end with a record', () => {
    // The summaries asserted here are the local responder's.
    answeredByLocalResponder(ctx);
    const db = () => ctx.server.db;

    /** An AI agent's call in progress that started `ageSeconds` before `now`, with transcript lines at the given seconds into it. */
    async function aiCallInProgress(
      accountId: string, aiAgentId: string, now: Date, ageSeconds: number,
      values: { sessionSeenAfterSeconds?: number | null; lines?: Array<[number, 'ai' | 'lead', string]> } & Partial<typeof calls.$inferInsert> = {},
    ) {
      const { sessionSeenAfterSeconds = null, lines, ...rest } = values;
      const startedAt = secondsBefore(now, ageSeconds);
      const row = await createCall(db(), {
        accountId, aiAgentId, status: 'in-progress', durationSeconds: 0, callSid: newCallSid(), startedAt,
        sessionSeenAt: sessionSeenAfterSeconds === null ? null : secondsAfter(startedAt, sessionSeenAfterSeconds), ...rest,
      });
      if (lines !== undefined) {
        const [conversation] = await db().insert(conversations).values({ callId: row.id }).returning();
        await db().insert(conversationMessages).values(lines.map(([second, authorType, content]) => ({
          conversationId: conversation!.id, authorType, content, at: secondsAfter(startedAt, second),
        })));
      }
      return row;
    }

    const report = async (token: string, callId: string) => {
      const response = await call(ctx.server, 'GET', `call/get-call-reports/${callId}`, { token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assertContract(contract.call.getCallReports, response.body);
      return response.body.data as { call: { status: string; durationSeconds: number; endReason: string | null }; summary: string | null };
    };
    const wrapUpJobsOf = async (callId: string) => (await rawSql(db())(
      `SELECT state, retry_count AS "retryCount" FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'callId' = $2`,
      [callWrapUpJob.name, callId],
    )).rows as Array<{ state: string; retryCount: number }>;
    const rowOf = async (callId: string) => (await db().select().from(calls).where(eq(calls.id, callId)))[0]!;

    it('an AI call whose instance died is completed as long as its last sign of life, "The server restarted", and summed up', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const now = new Date();
      const talked = await aiCallInProgress(t.account.id, agent.id, now, 600, {
        sessionSeenAfterSeconds: 30,
        lines: [[1, 'ai', 'Hello, how can I help?'], [20, 'lead', 'Are you open on Saturdays?'], [42, 'ai', 'Let me check that for you.']],
      });
      // Its session never opened a conversation; the caller said nothing before its last beat.
      const silent = await aiCallInProgress(t.account.id, agent.id, now, 600, { sessionSeenAfterSeconds: 25 });
      const room = openSocket(ctx.server, { accountId: t.account.id, token: t.ownerToken });
      assert.equal((await room.next()).type, 'INITIAL_STATUS');

      const finished = await finishUnheldCalls(ctx.server.app, { now });
      const ours = finished.filter((f) => f.id === talked.id || f.id === silent.id);
      assert.deepEqual(ours.map((f) => [f.id, f.status, f.durationSeconds, f.endReason]).sort(), [
        [talked.id, 'completed', 42, CALL_END_REASONS.serverRestarted],
        [silent.id, 'completed', 25, CALL_END_REASONS.serverRestarted],
      ].sort());

      const ended = new Set([(await nextOfType(room, 'LIVE_CALL_ENDED')).callId, (await nextOfType(room, 'LIVE_CALL_ENDED')).callId]);
      assert.deepEqual(ended, new Set([talked.id, silent.id]));
      room.close();

      const [talkedReport, silentReport] = await Promise.all([talked, silent].map((c) => waitFor(
        () => report(t.ownerToken, c.id), (r) => r.summary !== null, 15_000,
      )));
      assert.deepEqual([talkedReport!.call.status, talkedReport!.call.durationSeconds, talkedReport!.call.endReason], ['completed', 42, CALL_END_REASONS.serverRestarted]);
      assert.equal(talkedReport!.summary, 'The caller asked: "Are you open on Saturdays?" Nothing was booked and no question was answered.');
      assert.deepEqual([silentReport!.call.durationSeconds, silentReport!.summary], [25, 'The caller did not say anything. Nothing was booked and no question was answered.']);

      // The carrier's report of the end comes later: the first end stands.
      assert.equal(await callEnded(ctx.server.app.telephony.context, { callSid: talked.callSid!, outcome: 'completed', durationSeconds: 300, endReason: CALL_END_REASONS.callerHungUp }), false);
      const after = await rowOf(talked.id);
      assert.deepEqual([after.status, after.durationSeconds, after.endReason], ['completed', 42, CALL_END_REASONS.serverRestarted]);
    });

    it('a browser call whose socket never opened fails as "The caller never connected" once past the ringing grace, with no wrap-up', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const started = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const { callId } = started.body.data as { callId: string };
      const { startedAt } = await rowOf(callId);

      const early = await finishUnheldCalls(ctx.server.app, { now: secondsAfter(startedAt, UNFINISHED_CALL_GRACE.ringingSeconds - 5) });
      assert.ok(!early.some((f) => f.id === callId), 'still ringing within the grace');
      assert.equal((await rowOf(callId)).status, 'ringing');

      const late = await finishUnheldCalls(ctx.server.app, { now: secondsAfter(startedAt, UNFINISHED_CALL_GRACE.ringingSeconds + 5) });
      assert.deepEqual(late.filter((f) => f.id === callId).map((f) => [f.status, f.durationSeconds, f.endReason]), [
        ['failed', 0, CALL_END_REASONS.neverConnected],
      ]);
      const { call: logged } = await report(t.ownerToken, callId);
      assert.deepEqual([logged.status, logged.durationSeconds, logged.endReason], ['failed', 0, CALL_END_REASONS.neverConnected]);
      assert.deepEqual(await wrapUpJobsOf(callId), []);
    });

    it('calls a live session, a person, the queue or their carrier still hold are left as they are', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const now = new Date();
      const beating = await aiCallInProgress(t.account.id, agent.id, now, 600, { sessionSeenAfterSeconds: 600 - 20 });
      const justConnected = await aiCallInProgress(t.account.id, agent.id, now, UNFINISHED_CALL_GRACE.inProgressSeconds - 10);
      const queued = await aiCallInProgress(t.account.id, agent.id, now, 600);
      await createQueueEntry(db(), { accountId: t.account.id, callSid: queued.callSid });
      const withPerson = await aiCallInProgress(t.account.id, agent.id, now, 600, { agentUserId: t.agent.id });
      const transferred = await aiCallInProgress(t.account.id, agent.id, now, 600, { endReason: CALL_END_REASONS.transferredToNumber });
      const humanOnly = await createCall(db(), { accountId: t.account.id, agentUserId: t.agent.id, status: 'in-progress', startedAt: secondsBefore(now, 600) });
      const held = [beating, justConnected, queued, withPerson, transferred, humanOnly];

      const finished = await finishUnheldCalls(ctx.server.app, { now });
      assert.deepEqual(finished.filter((f) => held.some((h) => h.id === f.id)), []);
      const rows = await db().select().from(calls).where(inArray(calls.id, held.map((h) => h.id)));
      assert.deepEqual(rows.map((r) => [r.status, r.endReason]).sort(), held.map((h) => ['in-progress', h.endReason]).sort());

      // Half a minute on, the call connected 50 s ago is still held only if its session says so.
      await markSessionsSeen(db(), [justConnected.id]);
      const next = await finishUnheldCalls(ctx.server.app, { now: secondsAfter(now, UNFINISHED_CALL_GRACE.inProgressSeconds - 10) });
      assert.deepEqual(next.filter((f) => held.some((h) => h.id === f.id)).map((f) => f.id), [beating.id]);
    });

    it('an outbound call answered after a long ring is held from the moment it connects', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const placed = await createCall(db(), {
        accountId: t.account.id, aiAgentId: agent.id, direction: 'outbound', status: 'queued', durationSeconds: 0,
        callSid: newCallSid(), startedAt: secondsBefore(new Date(), UNFINISHED_CALL_GRACE.inProgressSeconds + 30),
      });
      await aiCallConnected(ctx.server.app.telephony.context, placed.id);
      const finished = await finishUnheldCalls(ctx.server.app);
      assert.ok(!finished.some((f) => f.id === placed.id), 'connected just now');
      assert.equal((await rowOf(placed.id)).status, 'in-progress');
    });

    describe('with a second instance on the database', () => {
      let second: TestServer;
      let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
      before(async () => {
        receiver = await webhookReceiver();
        second = await startServer(ctx.server.db);
      });
      after(async () => {
        await second?.close();
        await receiver?.close();
      });

      it('two instances sweeping at once end each call once: one wrap-up and one call.completed each', async () => {
        const t = await createTenant(ctx.server);
        const agent = await createAiAgent(db(), { accountId: t.account.id });
        await createWebhookEndpoint(ctx.server, t.ownerToken, { url: receiver.url('/swept'), events: ['call.completed'] });
        const now = new Date();
        const lost = await Promise.all([1, 2, 3].map((n) => aiCallInProgress(t.account.id, agent.id, now, 600, {
          sessionSeenAfterSeconds: 60, lines: [[n, 'lead', `Question ${n}?`]],
        })));
        const ids = lost.map((c) => c.id).sort();

        const [one, two] = await Promise.all([finishUnheldCalls(ctx.server.app, { now }), finishUnheldCalls(second.app, { now })]);
        const byBoth = [...one, ...two].filter((f) => ids.includes(f.id)).map((f) => f.id).sort();
        assert.deepEqual(byBoth, ids, 'each call was ended by one of the two');

        await waitFor(async () => receiver.at('/swept'), (r) => r.length >= ids.length, 15_000);
        for (const id of ids) {
          const jobs = await waitFor(() => wrapUpJobsOf(id), (j) => j.every((job) => job.state === 'completed'));
          assert.deepEqual(jobs.map((job) => job.state), ['completed'], 'one wrap-up, run once');
        }
        const delivered = receiver.at('/swept').map((r) => [r.json.type, r.json.data.callId, r.json.data.durationSeconds]);
        assert.deepEqual(delivered.sort(), ids.map((id) => ['call.completed', id, 60]).sort());
      });

      it('an instance started with the sweep on ends at once the calls the one before it left', async () => {
        const t = await createTenant(ctx.server);
        const agent = await createAiAgent(db(), { accountId: t.account.id });
        const lost = await aiCallInProgress(t.account.id, agent.id, new Date(), 600, { sessionSeenAfterSeconds: 300 });
        const sweeping = await startServer(ctx.server.db, { unfinishedCallSweepMs: 60_000 });
        try {
          const row = await rowOf(lost.id);
          assert.deepEqual([row.status, row.durationSeconds, row.endReason], ['completed', 300, CALL_END_REASONS.serverRestarted]);
        } finally {
          await sweeping.close();
        }
      });
    });

    it('an end reason given with a call\'s end is kept, and the first one written stands', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const now = new Date();
      const hungUp = await aiCallInProgress(t.account.id, agent.id, now, 30);
      const ended = await aiCallInProgress(t.account.id, agent.id, now, 30, { endReason: CALL_END_REASONS.agentEnded });
      // The reasons are an AI agent's: a person's own call keeps none.
      const humanOnly = await createCall(db(), { accountId: t.account.id, agentUserId: t.agent.id, status: 'in-progress', callSid: newCallSid() });
      const telephony = ctx.server.app.telephony.context;
      for (const c of [hungUp, ended, humanOnly]) {
        assert.equal(await callEnded(telephony, { callSid: c.callSid!, outcome: 'completed', durationSeconds: 28, endReason: CALL_END_REASONS.callerHungUp }), true);
      }
      const rows = await Promise.all([hungUp, ended, humanOnly].map((c) => rowOf(c.id)));
      assert.deepEqual(rows.map((r) => [r.status, r.durationSeconds, r.endReason]), [
        ['completed', 28, CALL_END_REASONS.callerHungUp],
        ['completed', 28, CALL_END_REASONS.agentEnded],
        ['completed', 28, null],
      ]);
    });

    it('an AI agent\'s call the callee never answered ends as "The caller never connected"', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'outbound' });
      const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: SIMULATED_CALLEES.busy } });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      const [row] = await waitFor(
        () => db().select().from(calls).where(eq(calls.callSid, placed.body.data.callSid as string)),
        (rows) => rows[0]?.status === 'busy',
      );
      assert.deepEqual([row!.status, row!.endReason], ['busy', CALL_END_REASONS.neverConnected]);
    });

    it('a wrap-up whose worker died is tried again within a minute of its try\'s expiry', async () => {
      const t = await createTenant(ctx.server);
      const agent = await createAiAgent(db(), { accountId: t.account.id });
      const now = new Date();
      const lost = await aiCallInProgress(t.account.id, agent.id, now, 120, { status: 'completed', lines: [[3, 'lead', 'Do you take walk-ins?']] });
      // The try an instance took just before it was killed: active, and past its expiry.
      await rawSql(db())(
        `INSERT INTO ${JOB_SCHEMA}.job (name, data, state, retry_limit, retry_delay, retry_backoff, started_on, expire_in, policy)
         SELECT name, $2::jsonb, 'active', retry_limit, retry_delay, retry_backoff, now() - make_interval(secs => expire_seconds + 1), make_interval(secs => expire_seconds), policy
         FROM ${JOB_SCHEMA}.queue WHERE name = $1`,
        [callWrapUpJob.name, JSON.stringify({ callId: lost.id, transferred: false })],
      );
      assert.deepEqual((await wrapUpJobsOf(lost.id)).map((j) => j.state), ['active']);

      const [summed] = await waitFor(
        () => db().select({ summary: conversations.summary }).from(conversations).where(eq(conversations.callId, lost.id)),
        (rows) => rows[0]?.summary !== null, 60_000,
      );
      assert.equal(summed!.summary, 'The caller asked: "Do you take walk-ins?" Nothing was booked and no question was answered.');
      const [job] = await waitFor(() => wrapUpJobsOf(lost.id), (jobs) => jobs[0]?.state === 'completed');
      assert.deepEqual(job, { state: 'completed', retryCount: 1 });
    });
  });
}
