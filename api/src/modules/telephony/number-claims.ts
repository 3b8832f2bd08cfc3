import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { PHONE_NUMBER_TAKEN_TEXT } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts, aiAgents, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Any fixed number, apart from the startup lock's: the first key of every phone number's lock. */
const NUMBER_LOCK = 7_301_002;

/**
 * Refuses the numbers an AI agent or a human agent of another account has, inside the
 * transaction that gives them to `accountId`'s agents. Each number's advisory lock is held until
 * the transaction ends, so no other account can check and write the same number in between
 * (docs/decisions/1706). Locks are taken in one order, the account row first, then the numbers
 * sorted: an agent's create locks the account row to count the free plan's agents, and a user's
 * second write in one transaction checks its foreign key against it, so any other order lets
 * two writers deadlock.
 */
export async function claimNumbers(tx: Tx, accountId: string, numbers: Iterable<string | null | undefined>): Promise<void> {
  const wanted = [...new Set([...numbers].filter((n): n is string => typeof n === 'string' && n !== ''))].sort();
  if (wanted.length === 0) return;
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('key share');
  for (const number of wanted) await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK}, hashtext(${number}))`);
  for (const number of wanted) {
    const [aiAgent] = await tx.select({ id: aiAgents.id }).from(aiAgents)
      .where(and(eq(aiAgents.phoneNumber, number), ne(aiAgents.accountId, accountId))).limit(1);
    const [line] = aiAgent ? [] : await tx.select({ id: users.id }).from(users)
      .where(and(eq(users.agentNumber, number), ne(users.accountId, accountId))).limit(1);
    if (aiAgent || line) throw new ApiError(409, 'Conflict', PHONE_NUMBER_TAKEN_TEXT);
  }
}

/**
 * The account a dialled number belongs to. Claims keep a number within one account, but older
 * data may give it to several: then a human agent's line wins (administrators assign those),
 * else the account of the oldest AI agent with the number, whatever calls it takes.
 */
export async function accountOfNumber(db: Db, number: string): Promise<string | null> {
  const [line] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.agentNumber, number)).limit(1);
  if (line) return line.accountId;
  const [agent] = await db.select({ accountId: aiAgents.accountId }).from(aiAgents)
    .where(eq(aiAgents.phoneNumber, number)).orderBy(asc(aiAgents.createdAt), asc(aiAgents.id)).limit(1);
  return agent?.accountId ?? null;
}

/** Whether `number` is `accountId`'s to call out from: the account a call to it would reach. */
export async function isAccountsNumber(db: Db, accountId: string, number: string): Promise<boolean> {
  return (await accountOfNumber(db, number)) === accountId;
}
