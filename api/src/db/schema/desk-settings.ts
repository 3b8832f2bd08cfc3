import { integer, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { WRAP_UP_SECONDS_DEFAULT } from 'shared-contracts';
import { accounts } from './accounts';

/** How an account's human agents wrap up their calls; an account without a row has the defaults (DEFAULT_DISPOSITIONS). */
export const deskSettings = pgTable('desk_settings', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  dispositions: jsonb('dispositions').$type<string[]>().notNull(),
  wrapUpSeconds: integer('wrap_up_seconds').notNull().default(WRAP_UP_SECONDS_DEFAULT),
});
