import { FREE_PLAN_AGENT_LIMIT, freePlanLimitMessage } from './limits';
import type { PlanId } from './plans';

/**
 * One special account may have 7 agents on the free plan. Rather than a hard-coded account id,
 * the cap is a per-account override an administrator sets on the account's edit screen, whose
 * hint names this figure.
 */
export const FREE_PLAN_SPECIAL_AGENT_LIMIT = 7;

/** The free-plan agent cap of an account: its override when set, else the default 3. */
export const freePlanAgentLimit = (agentCapOverride?: number | null): number =>
  agentCapOverride ?? FREE_PLAN_AGENT_LIMIT;

/**
 * Whether one more agent may be created. Only the free plan is capped; the refusal text is
 * the spec's "You can only have N agents in the free plan".
 */
export function agentLimitError(state: { plan: PlanId; agentCount: number; agentCapOverride?: number | null }): string | null {
  if (state.plan !== 'free') return null;
  const limit = freePlanAgentLimit(state.agentCapOverride);
  return state.agentCount >= limit ? freePlanLimitMessage(limit) : null;
}
