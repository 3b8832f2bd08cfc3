import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { contract, type AccountListEntry } from 'shared-contracts';
import { accounts, users } from '../../db/schema';
import { containsPattern } from '../../db/like';
import { qualified } from '../../db/qualified';
import { implement } from '../../http/implement';
import { toRoleEntry } from './account-roles';

const accountId = qualified(accounts, accounts.id);

/** The owner is the account's first USER; accounts have no owner column to keep in sync. */
const ownerEmail = sql<string | null>`(
  select u.email from ${users} u
  where u.account_id = ${accountId} and u.role = 'USER'
  order by u.created_at, u.id limit 1)`;

const userCount = sql<number>`(select count(*)::int from ${users} u where u.account_id = ${accountId})`.mapWith(Number);

export const getAllAccounts = implement(contract.account.getAllAccounts, async ({ body, db }) => {
  const filters: Array<SQL | undefined> = [];
  if (body.search !== '') {
    const pattern = containsPattern(body.search);
    filters.push(or(ilike(accounts.name, pattern), sql`${ownerEmail} ilike ${pattern}`));
  }
  if (body.plan !== undefined) filters.push(eq(accounts.plan, body.plan));
  const where = and(...filters);

  const [page, [counted]] = await Promise.all([
    db.select({ account: accounts, ownerEmail, userCount })
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), asc(accounts.id))
      .limit(body.limit)
      .offset((body.page - 1) * body.limit),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(accounts).where(where),
  ]);

  const members = page.length === 0 ? [] : await db.select().from(users)
    .where(inArray(users.accountId, page.map((row) => row.account.id)))
    .orderBy(asc(users.createdAt), asc(users.id));

  const data: AccountListEntry[] = page.map(({ account, ownerEmail, userCount }) => ({
    id: account.id,
    name: account.name,
    ownerEmail,
    plan: account.plan,
    createdAt: account.createdAt.toISOString(),
    userCount,
    roles: members.filter((m) => m.accountId === account.id).map(toRoleEntry),
  }));
  return { data, total: counted?.total ?? 0 };
});
