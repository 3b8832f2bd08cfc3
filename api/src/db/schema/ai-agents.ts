import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { handleCallTypeEnum } from './enums';

export const aiAgents = pgTable('ai_agents', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  handleCallType: handleCallTypeEnum('handle_call_type').notNull().default('inbound'),
  phoneNumber: text('phone_number'),
  campaignActive: boolean('campaign_active').notNull().default(false),
  prompt: text('prompt').notNull().default(''),
  greeting: text('greeting').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('ai_agents_account_created_idx').on(t.accountId, t.createdAt),
]);
