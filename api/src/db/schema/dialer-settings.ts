import { boolean, customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer; the app always sees a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An account's dialer setting. The default voicemail is kept in the database (at most 10 MB)
 * so every API instance can serve it to the telephony provider without shared disk.
 */
export const dialerSettings = pgTable('dialer_settings', {
  accountId: uuid('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
  ringTimeoutSeconds: integer('ring_timeout_seconds').notNull().default(30),
  recordCalls: boolean('record_calls').notNull().default(true),
  voicemailAudio: bytea('voicemail_audio'),
  voicemailMimeType: text('voicemail_mime_type'),
  voicemailFileName: text('voicemail_file_name'),
  voicemailUpdatedAt: timestamp('voicemail_updated_at', { withTimezone: true }),
});
