import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackIssue } from 'shared-contracts';
import { calls } from './calls';
import { users } from './users';

/** A USER's rating of a call's quality; one per user and call, replaced when rated again. */
export const callRatings = pgTable('call_ratings', {
  id: uuid('id').primaryKey().defaultRandom(),
  callId: uuid('call_id').notNull().references(() => calls.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  score: integer('score').notNull(),
  issue: text('issue').$type<FeedbackIssue>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('call_ratings_call_user_key').on(t.callId, t.userId),
]);
