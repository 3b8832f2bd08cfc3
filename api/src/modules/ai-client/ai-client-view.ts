import type { AiClient, AiClientListItem } from 'shared-contracts';
import type { AiClientRow } from '../../db/schema';

export const toListItem = (row: AiClientRow): AiClientListItem => ({
  id: row.id,
  name: row.provider,
  type: row.type,
  model: row.model,
  purpose: row.purpose,
  enabled: row.enabled,
});

/** What the edit screen sees: whether credentials are set, never the credentials themselves. */
export const toAiClient = (row: AiClientRow): AiClient => ({
  ...toListItem(row),
  hasCredentials: row.credentialsCiphertext !== null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
