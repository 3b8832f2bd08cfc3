import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AwayReasonValue } from 'shared-contracts';
import { agentStatusEnum } from './enums';
import { users } from './users';

/** A human agent's live availability; a missing row means offline. */
export const agentStatuses = pgTable('agent_statuses', {
  agentId: uuid('agent_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  status: agentStatusEnum('status').notNull(),
  busyFrom: timestamp('busy_from', { withTimezone: true }),
  /** Why the agent is away; null in any other status. */
  awayReason: text('away_reason').$type<AwayReasonValue>(),
  /** When the agent entered this status (or reason), for the time in it the team sees. */
  statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
