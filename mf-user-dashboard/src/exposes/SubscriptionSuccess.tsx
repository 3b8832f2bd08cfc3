import { SubscriptionSuccessScreen } from '../features/billing/components/subscription-success-screen';

/** dashboard/subscription-plans/success */
export default function SubscriptionSuccess() {
  return <SubscriptionSuccessScreen />;
}
