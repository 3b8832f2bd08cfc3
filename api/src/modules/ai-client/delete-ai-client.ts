import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

// Agents hold client ids without a foreign key, so removing a client never fails on them:
// an agent whose client is gone uses the default one.
export const deleteAiClient = implement(contract.aiClient.deleteAiClient, async ({ params, db }) => {
  const [row] = await db.delete(aiClients).where(eq(aiClients.id, params.id)).returning({ id: aiClients.id });
  if (!row) throw notFound();
  return { id: row.id };
});
