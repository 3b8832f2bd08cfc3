import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';
import { findAiClient } from './ai-client-store';
import { toAiClient } from './ai-client-view';
import { createCredentialCipher } from './credential-cipher';
import { credentialsFor } from './provider-credentials';

export const updateAiClient = implement(contract.aiClient.updateAiClient, async ({ params, body, db, app }) => {
  const current = await findAiClient(db, params.id);
  const changes: Partial<typeof aiClients.$inferInsert> = { updatedAt: new Date() };
  if (body.model !== undefined) changes.model = body.model;
  if (body.purpose !== undefined) changes.purpose = body.purpose;
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.credentials !== undefined) {
    const credentials = credentialsFor(current.provider, body.credentials);
    changes.credentialsCiphertext = createCredentialCipher(app.config.credentialsKey).encrypt(JSON.stringify(credentials), current.id);
  }
  const [row] = await db.update(aiClients).set(changes).where(eq(aiClients.id, current.id)).returning();
  return toAiClient(row!);
});
