import { count, eq } from 'drizzle-orm';
import { agentLimitError } from 'shared-contracts';
import type { Db } from '../../db/client';
import { accounts, aiAgents } from '../../db/schema';
import { badRequest, notFound } from '../../http/api-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Refuses one more agent on a free plan that has reached its cap. Runs inside the insert's
 * transaction with the account row locked, so two creates at once cannot both pass the count.
 */
export async function assertRoomForAgent(tx: Tx, accountId: string): Promise<void> {
  const [account] = await tx.select({ plan: accounts.plan, agentCapOverride: accounts.agentCapOverride })
    .from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!account) throw notFound();
  const [{ agentCount } = { agentCount: 0 }] = await tx.select({ agentCount: count() }).from(aiAgents).where(eq(aiAgents.accountId, accountId));
  const refusal = agentLimitError({ plan: account.plan, agentCount, agentCapOverride: account.agentCapOverride });
  if (refusal) throw badRequest(refusal);
}
