import { asc, count, desc, eq } from 'drizzle-orm';
import type { AccountDetail } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accountAuditLog, accounts, aiAgents, users, type AccountRow, type UserRow } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { toRoleEntry } from './account-roles';

/** The account row, or 404. */
export async function findAccount(db: Db, id: string): Promise<AccountRow> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  if (!row) throw notFound();
  return row;
}

export const accountMembers = (db: Db, accountId: string): Promise<UserRow[]> =>
  db.select().from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.createdAt), asc(users.id));

/**
 * The admin edit screen's view of an account. The owner is its first USER (as in the list);
 * accounts keep no update time of their own, so the last audited change stands for it.
 */
export async function accountDetail(db: Db, id: string): Promise<AccountDetail> {
  const account = await findAccount(db, id);
  const [members, [agents], [lastChange]] = await Promise.all([
    accountMembers(db, id),
    db.select({ n: count() }).from(aiAgents).where(eq(aiAgents.accountId, id)),
    db.select({ at: accountAuditLog.at }).from(accountAuditLog).where(eq(accountAuditLog.accountId, id))
      .orderBy(desc(accountAuditLog.at)).limit(1),
  ]);
  return {
    id: account.id,
    name: account.name,
    ownerEmail: members.find((m) => m.role === 'USER')?.email ?? null,
    plan: account.plan,
    createdAt: account.createdAt.toISOString(),
    userCount: members.length,
    roles: members.map(toRoleEntry),
    agentCapOverride: account.agentCapOverride,
    aiAgentCount: Number(agents?.n ?? 0),
    updatedAt: (lastChange?.at ?? account.createdAt).toISOString(),
  };
}
