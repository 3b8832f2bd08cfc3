import { createCheckoutSession } from './create-checkout-session';
import { createPortalSession } from './create-portal-session';
import { getBillingInformation } from './get-billing-information';
import { getCheckoutSession } from './get-checkout-session';
import { getUsage } from './get-usage';
import { cancelSubscription, resumeSubscription } from './subscription-end';

export { billingPlugin, type PaymentsService } from './billing-plugin';
export { billingPeriodsPlugin, closeBillingPeriods } from './close-billing-periods';
export type { PaymentProvider } from './payment-provider';
export { monthUsage } from './month-usage';

export const billingEndpoints = [createCheckoutSession, getCheckoutSession, createPortalSession, cancelSubscription, resumeSubscription, getUsage, getBillingInformation];
