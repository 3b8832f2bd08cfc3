import { eq } from 'drizzle-orm';
import { contract, type CheckoutSession, type PaidPlanId } from 'shared-contracts';
import { checkoutSessions } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { implement } from '../../http/implement';

/**
 * A checkout the caller's account started (the tenant check has matched it), as the success
 * page asks about it: paid once the provider's webhook has completed it; an open one past its
 * expiry can no longer be paid, so it reads as expired.
 */
export const getCheckoutSession = implement(contract.billing.getCheckoutSession, async ({ params, db }) => {
  const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, params.sessionId));
  if (session === undefined) throw notFound();
  const expired = session.status === 'open' && session.expiresAt.getTime() <= Date.now();
  const answer: CheckoutSession = {
    sessionId: session.id,
    planId: session.plan as PaidPlanId,
    period: session.period,
    status: expired ? 'expired' : session.status,
    amount: session.amountCents / 100,
    currency: session.currency,
  };
  return answer;
});
