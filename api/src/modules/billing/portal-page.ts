import { BILLING_PERIODS, PLANS, billingDateText, planById, planCharge, planName, type PaidPlanId, type PlanId } from 'shared-contracts';
import type { SubscriptionRow } from '../../db/schema';
import { escapeHtml, formatCents, layout } from './checkout-page';

const STATUS_TEXT: Record<string, string> = {
  active: 'Active', trialing: 'Trial', past_due: 'Past due: the last renewal charge failed', canceled: 'Cancelled', none: 'No subscription',
};

type Account = { timeZone: string };
type Action = (path: string) => string;

const form = (action: Action, path: string, label: string, primary = false, body = '') =>
  `<form method="post" action="${escapeHtml(action(`/${path}`))}">${body}<button type="submit" style="width:100%"${primary ? ' class="primary"' : ''}>${label}</button></form>`;

/** The portal's Cancel asks first: the plan stays until the period paid for ends. */
export function cancelConfirmationPage(subscription: SubscriptionRow, account: Account, action: Action): string {
  const plan = escapeHtml(planName(subscription.plan as PlanId));
  const end = billingDateText(subscription.currentPeriodEnd, account);
  return layout('Cancel subscription', `<p class="muted">Customer portal</p><h1>Cancel ${plan}?</h1>
<p role="status">You keep ${plan} until ${end}. After that the account moves to the free plan and is not charged again. Your data stays.</p>
<div class="actions" style="flex-direction:column">
${form(action, 'cancel/confirm', `Cancel at the end of the period (${end})`, true)}
<a class="button" href="${escapeHtml(action(''))}">Keep my plan</a>
</div>`);
}

/**
 * The simulated provider's customer portal: the subscription as the provider holds it, with what
 * Stripe's portal offers (change plan, cancel) and, because no real card is involved, buttons
 * that make the next renewal charge fail or succeed.
 */
export function portalPage(subscription: SubscriptionRow, account: Account, action: Action, returnUrl: string): string {
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
  const end = billingDateText(subscription.currentPeriodEnd, account);
  const ending = subscription.cancelAtPeriodEnd;
  return layout('Manage subscription', `<p class="muted">Customer portal</p>
<h1>${escapeHtml(plan)}</h1>
<dl><dt>Status</dt><dd>${escapeHtml(STATUS_TEXT[subscription.status] ?? subscription.status)}</dd>
<dt>Price</dt><dd>${formatCents(Math.round(charge.amount * 100))} billed ${subscription.period}</dd>
<dt>${ending ? 'Ends on' : 'Renews on'}</dt><dd>${end}</dd>
${subscription.cardLast4 ? `<dt>Card</dt><dd>${escapeHtml((subscription.cardBrand ?? '').toUpperCase())} ending ${escapeHtml(subscription.cardLast4)}</dd>` : ''}</dl>
${ending ? `<p role="status">Cancelled: ${escapeHtml(plan)} stays until ${end}, then the account moves to the free plan.</p>${form(action, 'resume', 'Resume subscription', true)}` : ''}
${form(action, 'change', 'Change plan', !ending, `<label style="display:block;margin-bottom:8px">New plan <select name="plan" style="font:inherit;width:100%;margin-top:4px">${options}</select></label>`)}
<div class="actions" style="flex-direction:column">
${ending && subscription.status !== 'past_due' ? '' : form(action, 'renew', subscription.status === 'past_due' ? 'Pay the failed invoice' : 'Renew now (charge the card)')}
${form(action, 'fail', 'Decline the next renewal charge')}
${ending ? '' : form(action, 'cancel', 'Cancel subscription')}
</div>
<p class="note">Simulated payment provider: no card is charged.</p>
<div class="actions">${back}</div>`);
}
