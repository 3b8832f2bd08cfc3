import { getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';

/**
 * `"table"."column"`. Drizzle leaves columns unqualified in single-table queries, so inside a
 * correlated subquery `${accounts.id}` would become a bare "id" and silently bind to the
 * subquery's own table. Outer references in subqueries go through this.
 */
export const qualified = (table: Table, column: Column): SQL =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
