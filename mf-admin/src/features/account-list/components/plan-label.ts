import { PLAN_IDS, PLANS, type PlanId } from 'shared-contracts';

/** The free plan is not one of the offered PLANS, so it has no name there. */
export const planLabel = (id: PlanId): string => PLANS.find((p) => p.id === id)?.name ?? 'Free';

export const PLAN_OPTIONS = PLAN_IDS.map((id) => ({ value: id, label: planLabel(id) }));
