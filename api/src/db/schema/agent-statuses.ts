import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agentStatusEnum } from './enums';
import { users } from './users';

/** A human agent's live availability; a missing row means offline. */
export const agentStatuses = pgTable('agent_statuses', {
  agentId: uuid('agent_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  status: agentStatusEnum('status').notNull(),
  busyFrom: timestamp('busy_from', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
