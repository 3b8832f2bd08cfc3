import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';
import { toAiAgent } from './to-ai-agent';

export const getAgent = implement(contract.agent.getAgent, async ({ params, db }) => {
  const [row] = await db.select().from(aiAgents).where(eq(aiAgents.id, params.id));
  if (!row) throw notFound();
  return toAiAgent(row);
});
