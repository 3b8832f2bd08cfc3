import { asc, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiAgents } from '../../db/schema';
import { implement } from '../../http/implement';
import { toAiAgentSummary } from './ai-agent-summary';
import { campaignProgress, NO_PROGRESS } from '../campaign';

export const getAgents = implement(contract.agent.getAgents, async ({ params, db }) => {
  const rows = await db.select().from(aiAgents)
    .where(eq(aiAgents.accountId, params.accountId))
    .orderBy(asc(aiAgents.createdAt), asc(aiAgents.id));
  const progress = await campaignProgress(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...toAiAgentSummary(row), campaign: progress.get(row.id) ?? NO_PROGRESS }));
});
