import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DATE_FORMATS, TIME_FORMATS } from 'shared-contracts';
import { users } from './users';

/**
 * A user's display and notification choices. The time zone stays on users.time_zone (the
 * session user carries it); a user without a row has the defaults.
 */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  dateFormat: text('date_format').$type<(typeof DATE_FORMATS)[number]>().notNull().default('MM/DD/YYYY'),
  timeFormat: text('time_format').$type<(typeof TIME_FORMATS)[number]>().notNull().default('12h'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  weeklySummaryEmail: boolean('weekly_summary_email').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
