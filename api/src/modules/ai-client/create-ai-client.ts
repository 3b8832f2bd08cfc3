import { contract } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';
import { toAiClient } from './ai-client-view';

/** A new client starts enabled, with no purpose and no credentials: the edit screen adds those. */
export const createAiClient = implement(contract.aiClient.createAiClient, async ({ body, db }) => {
  const [row] = await db.insert(aiClients).values({ type: body.type, provider: body.client, model: body.model }).returning();
  return toAiClient(row!);
});
