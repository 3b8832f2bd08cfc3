import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts counted per key (an account or an IP address within a scope) for the fixed
 * window that started with the key's first attempt. Used when no Redis is configured, so every
 * API instance on the database counts together.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
