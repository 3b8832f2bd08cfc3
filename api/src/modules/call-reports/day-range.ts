import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column` within the inclusive days `from`..`to` (YYYY-MM-DD) as the account's clock shows
 * them: a report filtered to "March 3" in New York means New York's March 3, not UTC's.
 */
export function withinDays(column: AnyPgColumn, timeZone: string, from?: string, to?: string): SQL | undefined {
  const parts: SQL[] = [];
  if (from !== undefined) parts.push(sql`${column} >= (${from}::date::timestamp at time zone ${timeZone})`);
  if (to !== undefined) parts.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${timeZone})`);
  return parts.length === 0 ? undefined : sql.join(parts, sql` and `);
}
