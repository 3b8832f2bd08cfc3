import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AgentTestResultValue, TestExpectationValue, TestScriptStepValue } from 'shared-contracts';
import { accounts } from './accounts';
import { aiAgents } from './ai-agents';
import { users } from './users';

/** A scripted caller and what the agent is expected to do with them (schemas/agent-tests). */
export const agentTestScenarios = pgTable('agent_test_scenarios', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  aiAgentId: uuid('ai_agent_id').notNull().references(() => aiAgents.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  script: jsonb('script').$type<TestScriptStepValue[]>().notNull(),
  expectations: jsonb('expectations').$type<TestExpectationValue[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('agent_test_scenarios_agent_idx').on(t.aiAgentId, t.createdAt),
]);

/** One run of an agent's scenarios, queued on the job queue; its results fill in as scenarios finish. */
export const agentTestRuns = pgTable('agent_test_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  aiAgentId: uuid('ai_agent_id').notNull().references(() => aiAgents.id, { onDelete: 'cascade' }),
  aiAgentVersion: integer('ai_agent_version').notNull(),
  /** AGENT_TEST_RUN_STATUSES */
  status: text('status').notNull(),
  total: integer('total').notNull(),
  passed: integer('passed').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  results: jsonb('results').$type<AgentTestResultValue[]>().notNull().default([]),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('agent_test_runs_agent_idx').on(t.aiAgentId, t.createdAt.desc()),
  index('agent_test_runs_account_status_idx').on(t.accountId, t.status),
]);
