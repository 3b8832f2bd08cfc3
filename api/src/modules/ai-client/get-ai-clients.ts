import { asc, eq } from 'drizzle-orm';
import { contract, type AiClientOptions } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';

/** What the agent builder offers: enabled clients, AI ones as `text` and STT ones as `stt`. */
export const getAiClients = implement(contract.aiClient.getAiClients, async ({ db }) => {
  const rows = await db.select().from(aiClients).where(eq(aiClients.enabled, true))
    .orderBy(asc(aiClients.provider), asc(aiClients.model), asc(aiClients.id));
  const options: AiClientOptions = { text: [], stt: [] };
  for (const row of rows) {
    const option = { id: row.id, name: row.provider, model: row.model, purpose: row.purpose };
    if (row.type === 'AI Client') options.text.push(option);
    else if (row.type === 'STT Client') options.stt.push(option);
  }
  return options;
});
