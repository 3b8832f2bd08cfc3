import { SubscriptionPlansScreen } from '../features/billing/components/subscription-plans-screen';

/** dashboard/subscription-plans */
export default function SubscriptionPlans() {
  return <SubscriptionPlansScreen />;
}
