import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiAgents } from '../../db/schema';
import { accountPlan } from './account-plan';
import { featureNotInPlan } from './require-feature';
import { planIncludes } from 'shared-contracts';

interface AgentPlanFields {
  knowledge?: string | undefined;
  transferNumber?: string | null | undefined;
}

/**
 * An agent's settings that are plan features: its own knowledge (custom knowledge base) and a
 * transfer number (call routing). Setting or changing one needs a plan that includes it; a value
 * stored under an earlier plan may be saved again unchanged, so a downgraded account can still
 * edit the agent's other settings and keeps what it wrote.
 */
export async function assertAgentFeatures(db: Db, accountId: string, body: AgentPlanFields, agentId?: string): Promise<void> {
  const plan = await accountPlan(db, accountId);
  const [stored] = agentId === undefined
    ? [undefined]
    : await db.select({ knowledge: aiAgents.knowledge, transferNumber: aiAgents.transferNumber }).from(aiAgents).where(eq(aiAgents.id, agentId));
  const changes = (key: keyof AgentPlanFields, empty: string | null) =>
    body[key] !== undefined && body[key] !== empty && body[key] !== (stored?.[key] ?? empty);
  if (changes('knowledge', '') && !planIncludes(plan, 'customKnowledgeBase')) throw featureNotInPlan('customKnowledgeBase');
  if (changes('transferNumber', null) && !planIncludes(plan, 'callRouting')) throw featureNotInPlan('callRouting');
}
