import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contract, NO_SUBSCRIPTION_TO_CANCEL_TEXT, SUBSCRIPTION_CHANGE_FAILED_TEXT, type SubscriptionEnd } from 'shared-contracts';
import { subscriptions } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * Sets whether the account's subscription ends with its paid period, through the provider (the
 * same call for the simulator and Stripe). The plan stays until the period's end either way; the
 * provider ends the subscription then, and its `customer.subscription.deleted` moves the account
 * to the free plan.
 */
async function setSubscriptionEnd(app: FastifyInstance, accountId: string, cancel: boolean, log: FastifyInstance['log']): Promise<SubscriptionEnd> {
  const { provider } = app.payments;
  const [subscription] = await app.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
  if (subscription === undefined || subscription.provider !== provider.name || subscription.providerSubscriptionId === null
    || subscription.status === 'canceled') throw badRequest(NO_SUBSCRIPTION_TO_CANCEL_TEXT);
  if (subscription.cancelAtPeriodEnd !== cancel) {
    try {
      await provider.setCancelAtPeriodEnd(subscription, cancel);
    } catch (err) {
      log.error({ err, accountId, cancel }, 'payment provider did not change the subscription\'s end');
      throw new ApiError(502, 'InternalError', SUBSCRIPTION_CHANGE_FAILED_TEXT);
    }
    // The provider's webhook confirms the change; the account shows it from now on, not from when that arrives.
    await app.db.update(subscriptions).set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() }).where(eq(subscriptions.accountId, accountId));
  }
  return { cancelAtPeriodEnd: cancel, currentPeriodEnd: subscription.currentPeriodEnd.toISOString() };
}

export const cancelSubscription = implement(contract.billing.cancelSubscription, ({ user, app, request }) =>
  setSubscriptionEnd(app, user.accountId, true, request.log));

export const resumeSubscription = implement(contract.billing.resumeSubscription, ({ user, app, request }) =>
  setSubscriptionEnd(app, user.accountId, false, request.log));
