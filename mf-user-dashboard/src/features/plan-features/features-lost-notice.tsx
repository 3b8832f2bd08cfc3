import { billingDateText, featuresLost, planFeatureLabel, planName, type BillingInformation, type PlanId } from 'shared-contracts';
import { Alert } from 'shared-ui';

/**
 * What a change from plan `from` to plan `to` stops, and when (`when`: a formatted date, or
 * absent for at once), for the screens that confirm a plan change or a cancellation. Nothing
 * when the new plan keeps every feature.
 */
export function FeaturesLostNotice({ from, to, when }: { from: PlanId; to: PlanId; when?: string }) {
  const lost = featuresLost(from, to);
  if (lost.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`${when === undefined ? 'At once' : `From ${when}`}, on ${planName(to)} these stop: ${lost.map(planFeatureLabel).join(', ')}`}
      description="Running campaigns pause. Your call recordings, agents' knowledge and transfer numbers and campaign leads are kept, and are used again when you move to a plan that includes them."
    />
  );
}

/** For a subscription set to end at its period's end: what the free plan then stops, and the date. */
export function CancellationFeaturesNotice({ info }: { info: BillingInformation }) {
  if (!info.cancelAtPeriodEnd || info.currentPeriodEnd === null) return null;
  return <FeaturesLostNotice from={info.plan} to="free" when={billingDateText(info.currentPeriodEnd, info)} />;
}
