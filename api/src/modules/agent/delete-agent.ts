import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

export const deleteAgent = implement(contract.agent.deleteAgent, async ({ params, db }) => {
  const [row] = await db.delete(aiAgents).where(eq(aiAgents.id, params.id)).returning({ id: aiAgents.id });
  if (!row) throw notFound();
  return { id: row.id };
});
