import { SubscriptionCancelScreen } from '../features/billing/components/subscription-cancel-screen';

/** dashboard/subscription-plans/cancel */
export default function SubscriptionCancel() {
  return <SubscriptionCancelScreen />;
}
