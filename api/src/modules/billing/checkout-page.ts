import { planById, planCharge, planName, type PaidPlanId, type PlanId } from 'shared-contracts';
import type { CheckoutSessionRow } from '../../db/schema';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const formatCents = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f5f5f5;margin:0;display:flex;justify-content:center;padding:48px 16px;color:#1f1f1f}
main{background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.1);padding:32px;max-width:420px;width:100%}
h1{font-size:22px;margin:0 0 4px}.muted{color:#666;font-size:14px}.amount{font-size:32px;font-weight:600;margin:16px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0}dt{color:#666}dd{margin:0}
.actions{display:flex;gap:12px;margin-top:24px}button,a.button{font:inherit;padding:10px 20px;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer;text-decoration:none;color:inherit}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff;flex:1}.note{background:#fffbe6;border:1px solid #ffe58f;border-radius:6px;padding:8px 12px;font-size:13px}
</style></head><body><main>${body}</main></body></html>`;

/** The simulated provider's hosted checkout: what the buyer pays for, with Pay and Cancel. */
export function checkoutPage(session: CheckoutSessionRow, email: string | null, action: string): string {
  const plan = planName(session.plan as PlanId);
  const billed = session.period === 'monthly' ? 'Billed monthly' : 'Billed yearly';
  const paidPlan = planById(session.plan as PaidPlanId);
  // The same per-month figure the plans page showed beside this amount.
  const perMonth = session.period === 'yearly' && paidPlan ? ` (${formatCents(Math.round(planCharge(paidPlan, 'yearly').perMonth * 100))} / month)` : '';
  if (session.status !== 'open') {
    const done = session.status === 'completed';
    return layout('Checkout', `<h1>${done ? 'This checkout is already paid' : 'This checkout is no longer open'}</h1>
<p class="muted">${escapeHtml(plan)}, ${billed.toLowerCase()}.</p>
<div class="actions"><a class="button" href="${escapeHtml(done ? session.successUrl : session.cancelUrl)}">Back to the app</a></div>`);
  }
  return layout(`Pay for ${plan}`, `<p class="muted">Checkout</p>
<h1>${escapeHtml(plan)}</h1><p class="muted">${billed}${perMonth}</p>
<p class="amount">${formatCents(session.amountCents)}</p>
<dl>${email ? `<dt>Email</dt><dd>${escapeHtml(email)}</dd>` : ''}<dt>Card</dt><dd>Visa ending 4242 (test card)</dd></dl>
<p class="note">Simulated payment provider: no card is charged.</p>
<div class="actions">
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit">Cancel</button></form>
<form method="post" action="${escapeHtml(action)}/pay" style="flex:1;display:flex"><button class="primary" type="submit">Pay ${formatCents(session.amountCents)}</button></form>
</div>`);
}

export function messagePage(title: string, message: string, status: 'error' | 'info' = 'error'): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p class="muted" role="${status === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`);
}
