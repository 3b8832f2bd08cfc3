import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { NO_TEST_SCENARIOS_TEXT, TEST_RUN_FINISHED_TEXT, contract } from 'shared-contracts';
import { agentTestRuns, agentTestScenarios, aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { agentTestRunJob } from './test-run-job';
import { toTestRun } from './test-views';

/** The runs the Tests tab lists as the agent's history. */
const HISTORY = 20;

export const runAgentTests = implement(contract.agentTest.runAgentTests, async ({ params, user, db, app }) => {
  const [agent] = await db.select({ version: aiAgents.version }).from(aiAgents).where(eq(aiAgents.id, params.agentId));
  if (!agent) throw notFound();
  const [scenarios] = await db.select({ n: count() }).from(agentTestScenarios).where(eq(agentTestScenarios.aiAgentId, params.agentId));
  if (!scenarios || scenarios.n === 0) throw badRequest(NO_TEST_SCENARIOS_TEXT);
  const [run] = await db.insert(agentTestRuns).values({
    accountId: user.accountId, aiAgentId: params.agentId, aiAgentVersion: agent.version, status: 'queued', total: scenarios.n, userId: user.id,
  }).returning();
  await app.jobs.send(agentTestRunJob, { runId: run!.id });
  return toTestRun(run!);
});

export const getTestRuns = implement(contract.agentTest.getTestRuns, async ({ params, db }) => {
  const rows = await db.select().from(agentTestRuns).where(eq(agentTestRuns.aiAgentId, params.agentId))
    .orderBy(desc(agentTestRuns.createdAt), desc(agentTestRuns.id)).limit(HISTORY);
  return rows.map(toTestRun);
});

export const getTestRun = implement(contract.agentTest.getTestRun, async ({ params, user, db }) => {
  const [row] = await db.select().from(agentTestRuns).where(and(eq(agentTestRuns.id, params.runId), eq(agentTestRuns.accountId, user.accountId)));
  if (!row) throw notFound();
  return toTestRun(row);
});

export const cancelTestRun = implement(contract.agentTest.cancelTestRun, async ({ params, user, db }) => {
  const [row] = await db.update(agentTestRuns).set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(agentTestRuns.id, params.runId), eq(agentTestRuns.accountId, user.accountId), inArray(agentTestRuns.status, ['queued', 'running'])))
    .returning();
  if (row) return toTestRun(row);
  const [finished] = await db.select({ id: agentTestRuns.id }).from(agentTestRuns).where(eq(agentTestRuns.id, params.runId));
  throw finished ? badRequest(TEST_RUN_FINISHED_TEXT) : notFound();
});
