import { BillingInformationScreen } from '../features/billing/components/billing-information-screen';

/** dashboard/billing-information */
export default function BillingInformation() {
  return <BillingInformationScreen />;
}
