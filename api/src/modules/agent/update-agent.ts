import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { assertAgentLinks } from './agent-links';
import { toAiAgent } from './to-ai-agent';

export const updateAgent = implement(contract.agent.updateAgent, async ({ params, body, user, db }) => {
  await assertAgentLinks(db, user.accountId, body);
  const [row] = await db.update(aiAgents).set({ ...body, updatedAt: new Date() }).where(eq(aiAgents.id, params.agentId)).returning();
  if (!row) throw notFound();
  return toAiAgent(row);
});
