import { integer, jsonb, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';
import { users } from './users';

/** Each saved state of an AI agent's settings: who saved it, when, and which settings changed. */
export const aiAgentVersions = pgTable('ai_agent_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  aiAgentId: uuid('ai_agent_id').notNull().references(() => aiAgents.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  /** The agent's settings as saved (the contract's AiAgent settings, without ids and times). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  /** The names of the settings that differ from the version before. */
  changed: jsonb('changed').$type<string[]>().notNull().default([]),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('ai_agent_versions_agent_version_key').on(t.aiAgentId, t.version),
]);
