import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id, TEST_SCENARIOS_AT_ONCE, type AgentTestResultValue } from 'shared-contracts';
import { lockAccount } from '../../db/account-lock';
import { accounts, agentTestRuns, agentTestScenarios, aiAgents } from '../../db/schema';
import type { JobDefinition } from '../jobs';
import { playScenario } from './play-scenario';

/** A run still `running` this long after it started lost its instance: it no longer holds the account's turn, and may be played again. */
const RUN_STALE_MS = 15 * 60_000;
/** How soon a run waiting for the account's other run looks again. */
const WAIT_SECONDS = 2;
/** How often a playing run checks whether it was cancelled. */
const CANCEL_CHECK_MS = 500;

const RunData = v.object({ runId: Id });

type Claim = { kind: 'play'; run: typeof agentTestRuns.$inferSelect } | { kind: 'wait' } | { kind: 'skip' };

/** Takes the account's turn for this run, unless another of its runs is playing (one at a time per account). */
async function claim(app: FastifyInstance, runId: string): Promise<Claim> {
  return app.db.transaction(async (tx): Promise<Claim> => {
    // Held until the claim commits: a cancel in between waits, and then finds the run playing.
    const [run] = await tx.select().from(agentTestRuns).where(eq(agentTestRuns.id, runId)).for('update');
    if (!run) return { kind: 'skip' };
    await lockAccount(tx, 'testRuns', run.accountId);
    const staleBefore = new Date(Date.now() - RUN_STALE_MS);
    const abandoned = run.status === 'running' && run.startedAt !== null && run.startedAt < staleBefore;
    if (run.status !== 'queued' && !abandoned) return { kind: 'skip' };
    const [busy] = await tx.select({ id: agentTestRuns.id }).from(agentTestRuns).where(and(
      eq(agentTestRuns.accountId, run.accountId), eq(agentTestRuns.status, 'running'), ne(agentTestRuns.id, run.id),
      sql`${agentTestRuns.startedAt} >= ${staleBefore.toISOString()}::timestamptz`,
    )).limit(1);
    if (busy) return { kind: 'wait' };
    const [claimed] = await tx.update(agentTestRuns)
      .set({ status: 'running', startedAt: new Date(), results: [], passed: 0, failed: 0 })
      .where(eq(agentTestRuns.id, run.id)).returning();
    return { kind: 'play', run: claimed! };
  });
}

/** Plays `items` with at most `limit` at once, in order of taking. */
async function eachAtMost<T>(items: readonly T[], limit: number, play: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await play(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function playRun(app: FastifyInstance, run: typeof agentTestRuns.$inferSelect): Promise<void> {
  const [agent] = await app.db.select().from(aiAgents).where(eq(aiAgents.id, run.aiAgentId));
  const [account] = await app.db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, run.accountId));
  const scenarios = await app.db.select().from(agentTestScenarios).where(eq(agentTestScenarios.aiAgentId, run.aiAgentId))
    .orderBy(asc(agentTestScenarios.createdAt), asc(agentTestScenarios.id));
  if (!agent || !account) return;
  await app.db.update(agentTestRuns).set({ aiAgentVersion: agent.version, total: scenarios.length }).where(eq(agentTestRuns.id, run.id));

  let cancelled = false;
  const watch = setInterval(() => {
    app.db.select({ status: agentTestRuns.status }).from(agentTestRuns).where(eq(agentTestRuns.id, run.id))
      .then(([row]) => { cancelled = row?.status === 'cancelled'; })
      .catch((err: unknown) => app.log.warn({ err, runId: run.id }, 'test run status not read'));
  }, CANCEL_CHECK_MS);
  watch.unref();

  const results: AgentTestResultValue[] = [];
  try {
    await eachAtMost(scenarios, TEST_SCENARIOS_AT_ONCE, async (scenario) => {
      if (cancelled) return;
      const result = await playScenario(app, agent, account.timeZone, scenario, () => cancelled);
      results.push(result);
      // Each result shows as soon as it is known; a cancelled run keeps what was played.
      await app.db.update(agentTestRuns).set({
        results: sql`${agentTestRuns.results} || ${JSON.stringify([result])}::jsonb`,
        passed: sql`${agentTestRuns.passed} + ${result.passed ? 1 : 0}`,
        failed: sql`${agentTestRuns.failed} + ${result.passed ? 0 : 1}`,
      }).where(eq(agentTestRuns.id, run.id));
    });
  } finally {
    clearInterval(watch);
  }
  const order = new Map(scenarios.map((s, i) => [s.id, i]));
  results.sort((a, b) => (order.get(a.scenarioId) ?? 0) - (order.get(b.scenarioId) ?? 0));
  const failed = results.filter((r) => !r.passed).length;
  await app.db.update(agentTestRuns).set({
    status: failed > 0 ? 'failed' : 'passed', results, passed: results.length - failed, failed, finishedAt: new Date(),
  }).where(and(eq(agentTestRuns.id, run.id), eq(agentTestRuns.status, 'running')));
}

/**
 * One agent test run: queued so that a run never holds up a request, one per account at a time
 * (TEST_RUNS_PER_ACCOUNT), its scenarios played a few at once (TEST_SCENARIOS_AT_ONCE) as
 * calls through the relay route.
 */
export const agentTestRunJob: JobDefinition<typeof RunData> = {
  name: 'agent-test-run',
  data: RunData,
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: RUN_STALE_MS / 1000,
  async handle(app, { runId }) {
    const claimed = await claim(app, runId);
    if (claimed.kind === 'wait') return app.jobs.send(agentTestRunJob, { runId }, { startAfter: WAIT_SECONDS });
    if (claimed.kind !== 'play') return;
    try {
      await playRun(app, claimed.run);
    } catch (err) {
      // Played again, a run would call the agent twice: it ends here, with what it has.
      app.log.error({ err, runId }, 'agent test run failed');
      await app.db.update(agentTestRuns).set({ status: 'failed', finishedAt: new Date() })
        .where(and(eq(agentTestRuns.id, runId), eq(agentTestRuns.status, 'running')));
    }
  },
};
