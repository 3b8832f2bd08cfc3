import { Link } from 'react-router-dom';
import { featureNeedsPlanText, firstPlanWith, type PlanFeatureKey } from 'shared-contracts';
import { Alert } from 'shared-ui';

export const PLANS_PAGE = '/dashboard/subscription-plans';

/** Where a feature the plan does not include would be: which plan has it, and the way to upgrade. */
export function PlanUpgradePrompt({ feature }: { feature: PlanFeatureKey }) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={featureNeedsPlanText(feature)}
      description={<Link to={PLANS_PAGE}>Upgrade to {firstPlanWith(feature).name}</Link>}
    />
  );
}
