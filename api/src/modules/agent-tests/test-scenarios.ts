import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_TEST_SCENARIOS, TOO_MANY_SCENARIOS_TEXT, contract } from 'shared-contracts';
import type { Db } from '../../db/client';
import { lockAccount } from '../../db/account-lock';
import { agentTestScenarios, aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { suggestedScenarios } from './suggested-scenarios';
import { toTestScenario } from './test-views';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const scenariosOf = (db: Db, aiAgentId: string) =>
  db.select().from(agentTestScenarios).where(eq(agentTestScenarios.aiAgentId, aiAgentId))
    .orderBy(asc(agentTestScenarios.createdAt), asc(agentTestScenarios.id));

/** Holds the account's scenario writes, and refuses `adding` more than an agent may have. */
async function assertRoomFor(tx: Tx, accountId: string, aiAgentId: string, adding: number): Promise<void> {
  await lockAccount(tx, 'testScenarios', accountId);
  const [row] = await tx.select({ n: count() }).from(agentTestScenarios).where(eq(agentTestScenarios.aiAgentId, aiAgentId));
  if ((row?.n ?? 0) + adding > MAX_TEST_SCENARIOS) throw badRequest(TOO_MANY_SCENARIOS_TEXT);
}

/** A new agent's suggested scenarios (agent/create-agent adds them with the agent). */
export async function addSuggestedScenarios(tx: Tx, agent: typeof aiAgents.$inferSelect): Promise<void> {
  const suggested = suggestedScenarios(agent);
  await assertRoomFor(tx, agent.accountId, agent.id, suggested.length);
  // Listed in the order suggested: oldest first.
  const now = Date.now();
  await tx.insert(agentTestScenarios).values(suggested.map((s, i) => ({
    ...s, accountId: agent.accountId, aiAgentId: agent.id, createdAt: new Date(now + i), updatedAt: new Date(now + i),
  })));
}

export const getTestScenarios = implement(contract.agentTest.getTestScenarios, async ({ params, db }) =>
  (await scenariosOf(db, params.agentId)).map(toTestScenario));

export const createTestScenario = implement(contract.agentTest.createTestScenario, async ({ params, body, user, db }) => {
  const row = await db.transaction(async (tx) => {
    await assertRoomFor(tx, user.accountId, params.agentId, 1);
    const [inserted] = await tx.insert(agentTestScenarios).values({ ...body, accountId: user.accountId, aiAgentId: params.agentId }).returning();
    return inserted!;
  });
  return toTestScenario(row);
});

export const addSuggestedTestScenarios = implement(contract.agentTest.addSuggestedTestScenarios, async ({ params, db }) => {
  await db.transaction(async (tx) => {
    const [agent] = await tx.select().from(aiAgents).where(eq(aiAgents.id, params.agentId));
    if (!agent) throw notFound();
    await addSuggestedScenarios(tx, agent);
  });
  return (await scenariosOf(db, params.agentId)).map(toTestScenario);
});

export const updateTestScenario = implement(contract.agentTest.updateTestScenario, async ({ params, body, user, db }) => {
  const [row] = await db.update(agentTestScenarios).set({ ...body, updatedAt: new Date() })
    .where(and(eq(agentTestScenarios.id, params.scenarioId), eq(agentTestScenarios.accountId, user.accountId))).returning();
  if (!row) throw notFound();
  return toTestScenario(row);
});

export const deleteTestScenario = implement(contract.agentTest.deleteTestScenario, async ({ params, user, db }) => {
  const [row] = await db.delete(agentTestScenarios)
    .where(and(eq(agentTestScenarios.id, params.scenarioId), eq(agentTestScenarios.accountId, user.accountId))).returning({ id: agentTestScenarios.id });
  if (!row) throw notFound();
  return { id: row.id };
});
