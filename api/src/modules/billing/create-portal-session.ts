import { eq } from 'drizzle-orm';
import { contract, NO_SUBSCRIPTION_TO_MANAGE_TEXT } from 'shared-contracts';
import { subscriptions } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { appOrigin } from './app-origin';
import { PAYMENTS_UNAVAILABLE_TEXT } from './create-checkout-session';

const BILLING_PATH = '/dashboard/billing-information';
export const PORTAL_FAILED_TEXT = 'The payment provider could not open the subscription portal. Please try again.';

/**
 * The provider's customer portal for the caller's account, which comes back to the billing
 * page. Changes made there reach the account as the provider's webhook events.
 */
export const createPortalSession = implement(contract.billing.createPortalSession, async ({ user, db, app, request }) => {
  const { provider, simulator } = app.payments;
  if (simulator !== null && app.config.nodeEnv === 'production') throw new ApiError(503, 'InternalError', PAYMENTS_UNAVAILABLE_TEXT);
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, user.accountId));
  // A customer of another provider (the simulator's, before Stripe was set up) is not one this provider knows.
  if (subscription?.providerCustomerId == null || subscription.provider !== provider.name) throw badRequest(NO_SUBSCRIPTION_TO_MANAGE_TEXT);
  const returnUrl = `${appOrigin(request, app.config.corsOrigins, app.config.appUrl)}${BILLING_PATH}`;
  return provider.createPortalSession({ accountId: user.accountId, customerId: subscription.providerCustomerId, returnUrl })
    .catch((err: unknown) => {
      request.log.error({ err }, 'payment provider refused a portal session');
      throw new ApiError(502, 'InternalError', PORTAL_FAILED_TEXT);
    });
});
