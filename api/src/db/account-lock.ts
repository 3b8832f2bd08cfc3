import { sql } from 'drizzle-orm';
import type { Db } from './client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What an account-wide lock guards. Each rule has a key of its own, so a lead being written never
 * waits for an API key being made; the numbers are fixed because every instance must agree on them.
 */
export const ACCOUNT_LOCK = {
  /** No two leads of an account share a phone number. */
  leadNumbers: 7_302_001,
  /** MAX_ACTIVE_API_KEYS. */
  apiKeys: 7_302_002,
  /** MAX_WEBHOOK_ENDPOINTS. */
  webhookEndpoints: 7_302_003,
  /** One live subscription per account. */
  subscription: 7_302_004,
  /** TEST_RUNS_PER_ACCOUNT: one agent test run plays at a time. */
  testRuns: 7_302_005,
  /** MAX_TEST_SCENARIOS per agent. */
  testScenarios: 7_302_006,
} as const;

/**
 * Serializes, per account, the transactions that check a rule and then write: a second one waits
 * here until the first commits, and then sees its rows. A transaction-scoped advisory lock, so it
 * is released at commit or rollback and needs no column; on PGlite's single connection it is
 * always free at once. Two accounts whose ids hash alike only wait for each other.
 */
export async function lockAccount(tx: Tx, rule: keyof typeof ACCOUNT_LOCK, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK[rule]}, hashtext(${accountId}))`);
}
