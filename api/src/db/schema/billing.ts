import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BILLING_PERIODS, CHECKOUT_STATUSES, INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from 'shared-contracts';
import { accounts } from './accounts';
import { planEnum } from './enums';
import { users } from './users';

export const billingPeriodEnum = pgEnum('billing_period', BILLING_PERIODS);
export const checkoutStatusEnum = pgEnum('checkout_status', CHECKOUT_STATUSES);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);

/**
 * A checkout started with the payment provider. Its id is the provider's session id; the row
 * is what a completion is checked against (same account, same plan, still open), and moving
 * it out of `open` is what makes a completion single-use.
 */
export const checkoutSessions = pgTable('checkout_sessions', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  plan: planEnum('plan').notNull(),
  period: billingPeriodEnum('period').notNull(),
  /** What the provider charges, in cents. */
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: checkoutStatusEnum('status').notNull().default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('checkout_sessions_account_created_idx').on(t.accountId, t.createdAt.desc()),
]);

/** The account's current subscription (one per account); the plan itself also lives on `accounts.plan`. */
export const subscriptions = pgTable('subscriptions', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  /** The provider's customer: how its subscription and invoice events find the account. */
  providerCustomerId: text('provider_customer_id'),
  plan: planEnum('plan').notNull(),
  period: billingPeriodEnum('period').notNull(),
  status: subscriptionStatusEnum('status').notNull(),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /** When the provider's last renewal attempt failed; cleared when an invoice is paid. */
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
  nextPaymentAttemptAt: timestamp('next_payment_attempt_at', { withTimezone: true }),
  /** The `created` time of the provider event this state came from: an older event never overwrites it. */
  stateAt: timestamp('state_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('subscriptions_provider_customer_key').on(t.provider, t.providerCustomerId),
]);

/** One invoice per completed checkout (the unique session id keeps a replayed completion from billing twice). */
export const invoices = pgTable('invoices', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
  /** The provider's invoice id: its paid and failed events update one row. */
  providerInvoiceId: text('provider_invoice_id'),
  number: text('number').notNull(),
  plan: planEnum('plan').notNull(),
  period: billingPeriodEnum('period').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: invoiceStatusEnum('status').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  pdfUrl: text('pdf_url'),
  /** Of amountCents, what the overage minutes of a closed month added (the metered lines). */
  overageCents: integer('overage_cents').notNull().default(0),
}, (t) => [
  uniqueIndex('invoices_checkout_session_key').on(t.checkoutSessionId),
  uniqueIndex('invoices_provider_invoice_key').on(t.providerInvoiceId),
  uniqueIndex('invoices_number_key').on(t.number),
  index('invoices_account_issued_idx').on(t.accountId, t.issuedAt.desc()),
]);

/**
 * A closed usage month's minutes over the plan's quota, one row per account and month (its
 * account's calendar month, as usage is counted): written once when the month closes, reported
 * to the provider as usage under the row's id (so a retried report is not counted twice), and
 * linked to the invoice that bills it. A month without overage gets a row of zero minutes, which
 * marks it closed.
 */
export const overageCharges = pgTable('overage_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  /** The month's first instant on the account's clock. */
  monthStart: timestamp('month_start', { withTimezone: true }).notNull(),
  plan: planEnum('plan').notNull(),
  minutes: integer('minutes').notNull(),
  amountCents: integer('amount_cents').notNull(),
  provider: text('provider').notNull(),
  /** When the provider took the usage; null until it has (the next close tries again). */
  reportedAt: timestamp('reported_at', { withTimezone: true }),
  invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('overage_charges_account_month_key').on(t.accountId, t.monthStart),
]);

/**
 * Provider events already applied, by event id: inserted in the transaction that applies the
 * event, so a redelivered event changes nothing.
 */
export const billingEvents = pgTable('billing_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  /** Applied, or recorded without a change because a newer state had already arrived. */
  outcome: text('outcome').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.provider, t.eventId] }),
]);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type OverageChargeRow = typeof overageCharges.$inferSelect;
