import { featureNeedsPlanText, planIncludes, type PlanFeatureKey } from 'shared-contracts';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/api-error';
import { accountPlan } from './account-plan';

/** The refusal of a feature the account's plan does not include: 403, naming the plan that has it. */
export const featureNotInPlan = (feature: PlanFeatureKey) => new ApiError(403, 'Forbidden', featureNeedsPlanText(feature));

/** Whether the account's plan includes a feature, by the table the plans page shows. */
export async function hasFeature(db: Db, accountId: string, feature: PlanFeatureKey): Promise<boolean> {
  return planIncludes(await accountPlan(db, accountId), feature);
}

/** Refuses (403) when the account's plan does not include the feature. */
export async function requireFeature(db: Db, accountId: string, feature: PlanFeatureKey): Promise<void> {
  if (!(await hasFeature(db, accountId, feature))) throw featureNotInPlan(feature);
}
