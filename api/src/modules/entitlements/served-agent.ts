import { planIncludes, type PlanId } from 'shared-contracts';

/**
 * An agent as a call uses it on the account's plan: without call routing it has no transfer
 * number, without a custom knowledge base no knowledge. What is stored stays and is used again
 * on a plan that includes it.
 */
export function agentAsPlanServes<A extends { transferNumber: string | null; knowledge: string }>(agent: A, plan: PlanId): A {
  return {
    ...agent,
    transferNumber: planIncludes(plan, 'callRouting') ? agent.transferNumber : null,
    knowledge: planIncludes(plan, 'customKnowledgeBase') ? agent.knowledge : '',
  };
}
