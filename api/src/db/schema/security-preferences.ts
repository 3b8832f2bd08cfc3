import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's sign-in settings, one row per user. A user without a row has the defaults below
 * (users made by the seed or by an administrator are verified); registration writes a row
 * with `emailVerified` false.
 */
export const securityPreferences = pgTable('security_preferences', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  emailVerified: boolean('email_verified').notNull().default(true),
  twoStepEnabled: boolean('two_step_enabled').notNull().default(false),
  twoStepChannel: text('two_step_channel', { enum: ['email', 'sms'] }).notNull().default('email'),
  loginAlerts: boolean('login_alerts').notNull().default(false),
  sessionTimeoutMinutes: integer('session_timeout_minutes').notNull().default(720),
  /** The user's own phone (profile), where SMS codes go. */
  phoneNumber: text('phone_number'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SecurityPreferenceRow = typeof securityPreferences.$inferSelect;
