import { BILLING_PERIODS, PLANS, planById, planCharge, planName, type PaidPlanId, type PlanId } from 'shared-contracts';
import type { SubscriptionRow } from '../../db/schema';
import { escapeHtml, formatCents, layout } from './checkout-page';

const STATUS_TEXT: Record<string, string> = {
  active: 'Active', trialing: 'Trial', past_due: 'Past due: the last renewal charge failed', canceled: 'Cancelled', none: 'No subscription',
};

const dateText = (d: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);

/**
 * The simulated provider's customer portal: the subscription as the provider holds it, with what
 * Stripe's portal offers (change plan, cancel) and, because no real card is involved, buttons
 * that make the next renewal charge fail or succeed.
 */
export function portalPage(subscription: SubscriptionRow, action: (path: string) => string, returnUrl: string): string {
  const back = `<a class="button" href="${escapeHtml(returnUrl)}">Return to the app</a>`;
  const plan = planName(subscription.plan as PlanId);
  if (subscription.status === 'canceled') {
    return layout('Manage subscription', `<p class="muted">Customer portal</p><h1>Your subscription has ended</h1>
<p class="muted" role="status">${escapeHtml(plan)} was cancelled; the account is on the free plan.</p>
<div class="actions">${back}</div>`);
  }
  const charge = planCharge(planById(subscription.plan as PaidPlanId)!, subscription.period);
  const options = PLANS.flatMap((p) => BILLING_PERIODS
    .filter((period) => p.id !== subscription.plan || period !== subscription.period)
    .map((period) => `<option value="${p.id}:${period}">${escapeHtml(p.name)}, billed ${period} (${formatCents(Math.round(planCharge(p, period).amount * 100))})</option>`))
    .join('');
  const form = (path: string, label: string, primary = false, body = '') =>
    `<form method="post" action="${escapeHtml(action(`/${path}`))}">${body}<button type="submit" style="width:100%"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
  return layout('Manage subscription', `<p class="muted">Customer portal</p>
<h1>${escapeHtml(plan)}</h1>
<dl><dt>Status</dt><dd>${escapeHtml(STATUS_TEXT[subscription.status] ?? subscription.status)}</dd>
<dt>Price</dt><dd>${formatCents(Math.round(charge.amount * 100))} billed ${subscription.period}</dd>
<dt>Renews on</dt><dd>${dateText(subscription.currentPeriodEnd)}</dd>
${subscription.cardLast4 ? `<dt>Card</dt><dd>${escapeHtml((subscription.cardBrand ?? '').toUpperCase())} ending ${escapeHtml(subscription.cardLast4)}</dd>` : ''}</dl>
${form('change', 'Change plan', true, `<label style="display:block;margin-bottom:8px">New plan <select name="plan" style="font:inherit;width:100%;margin-top:4px">${options}</select></label>`)}
<div class="actions" style="flex-direction:column">
${form('renew', subscription.status === 'past_due' ? 'Pay the failed invoice' : 'Renew now (charge the card)')}
${form('fail', 'Decline the next renewal charge')}
${form('cancel', 'Cancel subscription')}
</div>
<p class="note">Simulated payment provider: no card is charged.</p>
<div class="actions">${back}</div>`);
}
