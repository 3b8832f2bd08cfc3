import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UsStateCode } from 'shared-contracts';
import { accounts } from './accounts';

/** An account's business profile; an account without a row shows its name and nothing else. */
export const businesses = pgTable('businesses', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** One of the fixed industry list (modules/company/industries.ts). */
  industryId: uuid('industry_id'),
  website: text('website'),
  email: text('email'),
  phoneNumber: text('phone_number'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  stateCode: text('state_code').$type<UsStateCode>(),
  postalCode: text('postal_code'),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
