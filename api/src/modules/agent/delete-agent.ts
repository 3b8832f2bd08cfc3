import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

export const deleteAgent = implement(contract.agent.deleteAgent, async ({ params, db, app }) => {
  const [row] = await db.delete(aiAgents).where(eq(aiAgents.id, params.id)).returning({ id: aiAgents.id, accountId: aiAgents.accountId });
  if (!row) throw notFound();
  // Its calls stay in the logs, without the agent's name.
  app.callLogsCache.changed(row.accountId);
  return { id: row.id };
});
