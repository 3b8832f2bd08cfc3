import { desc, eq, sql } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { accountAuditLog } from '../../db/schema';
import { implement } from '../../http/implement';
import { findAccount } from './account-detail';

export const getAccountAudit = implement(contract.account.getAccountAudit, async ({ params, query, db }) => {
  await findAccount(db, params.id);
  const where = eq(accountAuditLog.accountId, params.id);
  const [rows, [counted]] = await Promise.all([
    db.select().from(accountAuditLog).where(where)
      .orderBy(desc(accountAuditLog.at), desc(accountAuditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(accountAuditLog).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: row.actorId !== null && row.actorEmail !== null ? { id: row.actorId, email: row.actorEmail } : null,
      action: row.action,
      changes: row.changes,
    })),
    total: counted?.total ?? 0,
  };
});
