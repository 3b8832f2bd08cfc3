import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An AI agent's knowledge, split into passages the call runtime searches each turn with
 * PostgreSQL full-text search (PGlite runs the same). Rebuilt whenever the agent's knowledge
 * text changes; deleting the agent deletes them.
 */
export const knowledgePassages = pgTable('knowledge_passages', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  aiAgentId: uuid('ai_agent_id').notNull().references(() => aiAgents.id, { onDelete: 'cascade' }),
  /** The passage's place in the agent's knowledge text, from 0. */
  position: integer('position').notNull(),
  content: text('content').notNull(),
  search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('english', content)`),
}, (t) => [
  index('knowledge_passages_agent_idx').on(t.aiAgentId, t.position),
  index('knowledge_passages_search_idx').using('gin', t.search),
]);
