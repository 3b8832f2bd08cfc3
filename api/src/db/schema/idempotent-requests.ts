import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Creates made with an `Idempotency-Key` header, one row per account and key: the request's
 * fingerprint and, once it has answered, its status and body (sealed, since an answer may carry a
 * secret shown only once, such as a webhook endpoint's signing secret). A row without a status is
 * a request still running. Rows past `expires_at` are ignored and swept.
 */
export const idempotentRequests = pgTable('idempotent_requests', {
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** SHA-256 of the endpoint and its parsed params, query and body. */
  requestHash: text('request_hash').notNull(),
  /** Which running request holds the row: only it may store its answer or let the key go. */
  attempt: uuid('attempt').notNull(),
  statusCode: integer('status_code'),
  responseSealed: text('response_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.accountId, t.key] }),
  index('idempotent_requests_expires_idx').on(t.expiresAt),
]);
