import { asc, eq } from 'drizzle-orm';
import { contract, type AiClientOptions } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';

/**
 * What the agent builder offers: enabled clients, AI ones as `text` and STT ones as `stt`. A
 * language model is offered only once an administrator has given it credentials: until then it
 * cannot answer a call (the responder skips it too), and offering it would promise a model while
 * the local responder speaks.
 */
export const getAiClients = implement(contract.aiClient.getAiClients, async ({ db }) => {
  const rows = await db.select().from(aiClients).where(eq(aiClients.enabled, true))
    .orderBy(asc(aiClients.provider), asc(aiClients.model), asc(aiClients.id));
  const options: AiClientOptions = { text: [], stt: [] };
  for (const row of rows) {
    const option = { id: row.id, name: row.provider, model: row.model, purpose: row.purpose };
    if (row.type === 'AI Client') {
      if (row.credentialsCiphertext !== null) options.text.push(option);
    }
    else if (row.type === 'STT Client') options.stt.push(option);
  }
  return options;
});
