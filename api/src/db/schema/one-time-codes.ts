import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const ONE_TIME_CODE_PURPOSES = ['verify_email', 'two_step', 'password_reset'] as const;

/**
 * Codes and links sent by email: only a SHA-256 of the secret is kept, so a copy of the table
 * cannot be replayed. A code works once (`usedAt`), until `expiresAt`, for a bounded number of
 * wrong guesses (`attempts`).
 */
export const oneTimeCodes = pgTable('one_time_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ONE_TIME_CODE_PURPOSES }).notNull(),
  secretHash: text('secret_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('one_time_codes_user_purpose_idx').on(t.userId, t.purpose),
  uniqueIndex('one_time_codes_secret_hash_key').on(t.secretHash),
]);

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
