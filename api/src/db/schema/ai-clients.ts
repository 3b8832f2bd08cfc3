import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AI_CLIENT_PROVIDERS, AI_CLIENT_TYPES } from 'shared-contracts';

export const aiClientTypeEnum = pgEnum('ai_client_type', AI_CLIENT_TYPES);
export const aiClientProviderEnum = pgEnum('ai_client_provider', AI_CLIENT_PROVIDERS);

/** AI, STT and TTS provider clients: global settings that administrators manage for every account. */
export const aiClients = pgTable('ai_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: aiClientTypeEnum('type').notNull(),
  provider: aiClientProviderEnum('provider').notNull(),
  model: text('model').notNull(),
  purpose: text('purpose'),
  enabled: boolean('enabled').notNull().default(true),
  /**
   * The provider credentials as AES-256-GCM ciphertext (`v1:iv:tag:data`, base64 parts; see
   * modules/ai-client/credential-cipher.ts). Never selected into a response.
   */
  credentialsCiphertext: text('credentials_ciphertext'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ai_clients_created_idx').on(t.createdAt, t.id),
  index('ai_clients_type_enabled_idx').on(t.type, t.enabled),
]);

export type AiClientRow = typeof aiClients.$inferSelect;
