import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { contract, NO_SUBSCRIPTION_TO_MANAGE_TEXT } from 'shared-contracts';
import { accounts, billingEvents, checkoutSessions, invoices, subscriptions } from '../../src/db/schema';
import { UNKNOWN_PRICE_TEXT } from '../../src/modules/billing/apply-subscription-event';
import { BILLING_WEBHOOK_PATH, FORGED_BILLING_WEBHOOK_TEXT } from '../../src/modules/billing/billing-webhook';
import { UNKNOWN_CUSTOMER_TEXT } from '../../src/modules/billing/provider-customer';
import { closeBillingPeriods } from '../../src/modules/billing';
import { SIMULATOR_SIGNATURE_HEADER, simulatorCustomerId, simulatorWebhookSecret } from '../../src/modules/billing/simulator-payment-provider';
import { ALREADY_SUBSCRIBED_TEXT } from '../../src/modules/billing/simulator-checkout-routes';
import { PORTAL_LINK_INVALID_TEXT } from '../../src/modules/billing/simulator-portal-routes';
import { STRIPE_API_VERSION, STRIPE_SIGNATURE_HEADER } from '../../src/modules/billing/stripe-payment-provider';
import { createCall, createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { fakeStripe } from '../helpers/fake-stripe';
import { call, startServer, TEST_CONFIG, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const APP_ORIGIN = 'http://127.0.0.1:3000';
const SIM_SECRET = simulatorWebhookSecret(TEST_CONFIG.tokenSecret);
const seconds = (ms: number) => Math.floor(ms / 1000);
let eventCount = 0;

/** A delivery to the webhook, signed with Stripe's scheme under the given header. */
async function deliver(server: TestServer, event: object, { secret = SIM_SECRET, header = SIMULATOR_SIGNATURE_HEADER } = {}) {
  const rawBody = JSON.stringify(event);
  const response = await fetch(`${server.origin}${BILLING_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [header]: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret }) },
    body: rawBody,
  });
  return { status: response.status, body: await response.json() as { message?: string; data?: { outcome: string; duplicate: boolean } } };
}

/** Stripe's event envelope; `created` is when it happened (seconds). */
const stripeEvent = (type: string, object: object, created = seconds(Date.now())) =>
  ({ id: `evt_test_${++eventCount}_${Date.now()}`, object: 'event', api_version: STRIPE_API_VERSION, created, type, data: { object } });

/** A Stripe subscription object, as API version 2026-10-28 shapes it (the period on its item). */
const subscriptionObject = (customer: string, subscriptionId: string, { price = 'price_efficiency_plus_monthly', status = 'active', cancelAtPeriodEnd = false, end = Date.now() + 30 * 86_400_000 } = {}) => ({
  id: subscriptionId, object: 'subscription', customer, status, cancel_at_period_end: cancelAtPeriodEnd,
  items: { object: 'list', data: [{ id: 'si_1', price: { id: price }, current_period_start: seconds(end - 30 * 86_400_000), current_period_end: seconds(end) }] },
});

const invoiceObject = (customer: string, subscriptionId: string, { id = `in_test_${++eventCount}`, paid = true, amount = 99_900, end = Date.now() + 60 * 86_400_000, nextAttempt = null as number | null } = {}) => ({
  id, object: 'invoice', customer, number: `STRIPE-${id}`, currency: 'usd', status: paid ? 'paid' : 'open',
  amount_due: amount, amount_paid: paid ? amount : 0, next_payment_attempt: nextAttempt,
  invoice_pdf: `https://pay.stripe.test/${id}.pdf`, hosted_invoice_url: null,
  parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
  lines: { object: 'list', data: [{ period: { start: seconds(end - 30 * 86_400_000), end: seconds(end) } }] },
});

const startCheckout = (server: TestServer, token: string, body: object) => fetch(`${server.origin}/v1/billing/create-checkout-session`, {
  method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: APP_ORIGIN }, body: JSON.stringify(body),
}).then(async (r) => (await r.json()) as { data: { sessionId: string; url: string } });

const press = (url: string, body = '') =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

/** A tenant on a paid plan through the simulator's checkout: its customer is linked to the account. */
async function subscribedTenant(server: TestServer, planId = 'efficiency-plus', period = 'monthly') {
  const t = await createTenant(server);
  const { sessionId } = (await startCheckout(server, t.ownerToken, { planId, period })).data;
  assert.equal((await press(`${server.origin}/v1/billing/simulator/checkout/${sessionId}/pay`)).status, 303);
  const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.accountId, t.account.id));
  return { ...t, customer: row!.providerCustomerId!, subscriptionId: row!.providerSubscriptionId! };
}

const billingOf = async (server: TestServer, t: { account: { id: string }; ownerToken: string }) => {
  const res = await call(server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assertContract(contract.users.getBillingInformation, res.body);
  return res.body.data;
};

export function billingLifecycleSuite(ctx: SuiteContext) {
  describe('billing lifecycle', () => {
    it('the simulated portal changes the plan, fails and pays a renewal, and cancels back to the free plan, each through the webhook', async () => {
      const t = await subscribedTenant(ctx.server);
      assert.equal(t.customer, simulatorCustomerId(t.account.id));
      assert.equal((await billingOf(ctx.server, t)).canManageSubscription, true);

      const opened = await call(ctx.server, 'POST', 'billing/create-portal-session', { token: t.ownerToken });
      assert.equal(opened.status, 200, JSON.stringify(opened.body));
      assertContract(contract.billing.createPortalSession, opened.body);
      const portal = opened.body.data.url as string;
      assert.ok(portal.startsWith(`${TEST_CONFIG.publicApiUrl}/v1/billing/simulator/portal?session=bps_sim_`), portal);
      const session = new URL(portal).searchParams.get('session')!;
      const portalPath = (action = '') => `${ctx.server.origin}/v1/billing/simulator/portal${action}?session=${encodeURIComponent(session)}`;
      const portalUrl = portalPath();
      const page = await (await fetch(portalUrl)).text();
      assert.match(page, /Efficiency Plus/);
      assert.ok(page.includes(`href="${TEST_CONFIG.appUrl}/dashboard/billing-information"`), 'Return to the app goes to the billing page');

      // Change plan: a customer.subscription.updated with the new price.
      const changed = await press(portalPath('/change'), 'plan=performance-suite%3Ayearly');
      assert.equal(changed.status, 303);
      let info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.period, info.status], ['performance-suite', 'yearly', 'active']);
      const renewsIn = Date.parse(info.currentPeriodEnd) - Date.now();
      assert.ok(renewsIn > 364 * 86_400_000, `a new yearly period, got ${info.currentPeriodEnd}`);

      // The renewal charge fails: past due, with the notice and the next attempt; the plan stays.
      assert.equal((await press(portalPath('/fail'))).status, 303);
      info = await billingOf(ctx.server, t);
      assert.equal(info.status, 'past_due');
      assert.equal(info.plan, 'performance-suite');
      assert.ok(info.paymentFailure !== null && Date.parse(info.paymentFailure.nextAttemptAt) > Date.now());
      assert.deepEqual(info.invoices.map((i: { status: string }) => i.status), ['open', 'paid']);
      const failedNumber = info.invoices[0].number as string;
      const periodEnd = Date.parse(info.currentPeriodEnd);

      // Paying it: the same invoice (same number) now reads paid, the period moves on a year, the notice goes.
      assert.equal((await press(portalPath('/renew'))).status, 303);
      info = await billingOf(ctx.server, t);
      assert.equal(info.status, 'active');
      assert.equal(info.paymentFailure, null);
      assert.deepEqual(info.invoices.map((i: { status: string; amount: number }) => [i.status, i.amount]), [['paid', 18_588], ['paid', 999]]);
      assert.equal(info.invoices[0].number, failedNumber);
      assert.ok(Date.parse(info.currentPeriodEnd) > periodEnd + 364 * 86_400_000);

      // Cancel asks first and changes nothing; confirmed, the plan stays until the period's end.
      const asked = await press(portalPath('/cancel'));
      assert.equal(asked.status, 200);
      assert.match(await asked.text(), /You keep Performance Suite until/);
      assert.equal((await billingOf(ctx.server, t)).cancelAtPeriodEnd, false);
      assert.equal((await press(portalPath('/cancel/confirm'))).status, 303);
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status, info.cancelAtPeriodEnd], ['performance-suite', 'active', true]);
      assert.match(await (await fetch(portalUrl)).text(), /Ends on/);

      // At the period's end the subscription ends and the account is on the free plan.
      await ctx.server.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.accountId, t.account.id));
      await closeBillingPeriods(ctx.server.app);
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status, info.period, info.currentPeriodEnd, info.paymentMethod], ['free', 'canceled', null, null, null]);
      const usage = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.deepEqual([usage.body.data.plan, usage.body.data.minuteQuota], ['free', 30]);
      assert.match(await (await fetch(portalUrl)).text(), /Your subscription has ended/);
      const [account] = await ctx.server.db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, t.account.id));
      assert.equal(account!.plan, 'free');
    });

    it('the portal is only for an account with a subscription, its own USER, and a link that is signed', async () => {
      const t = await createTenant(ctx.server);
      const none = await call(ctx.server, 'POST', 'billing/create-portal-session', { token: t.ownerToken });
      assert.equal(none.status, 400);
      assert.equal(none.body.message, NO_SUBSCRIPTION_TO_MANAGE_TEXT);
      assert.equal((await call(ctx.server, 'POST', 'billing/create-portal-session', { token: t.agentToken })).status, 403);
      assert.equal((await call(ctx.server, 'POST', 'billing/create-portal-session', {})).status, 401);

      const paid = await subscribedTenant(ctx.server);
      const url = (await call(ctx.server, 'POST', 'billing/create-portal-session', { token: paid.ownerToken })).body.data.url as string;
      const session = new URL(url).searchParams.get('session')!;
      // Another account's id in the link, with the signature of the first: refused, nothing changes.
      const [, payload, mac] = /bps_sim_([^.]+)\.(.+)$/.exec(session)!;
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, accountId: t.account.id })).toString('base64url');
      const forged = (action = '') => `${ctx.server.origin}/v1/billing/simulator/portal${action}?session=bps_sim_${forgedPayload}.${mac}`;
      const refused = await fetch(forged());
      assert.equal(refused.status, 404);
      assert.match(await refused.text(), new RegExp(PORTAL_LINK_INVALID_TEXT.slice(0, 30)));
      assert.equal((await press(forged('/cancel'))).status, 404);
      assert.equal((await fetch(`${ctx.server.origin}/v1/billing/simulator/portal`)).status, 404);
      assert.equal((await billingOf(ctx.server, paid)).plan, 'efficiency-plus');
    });

    it('a subscription event is applied once by its id; a forged one, one for an unknown customer or an unknown price changes nothing', async () => {
      const t = await subscribedTenant(ctx.server);
      const toPerformance = stripeEvent('customer.subscription.updated', subscriptionObject(t.customer, t.subscriptionId, { price: 'price_performance_suite_monthly' }));
      const toBasic = stripeEvent('customer.subscription.updated', subscriptionObject(t.customer, t.subscriptionId, { price: 'price_time_saver_basic_monthly', cancelAtPeriodEnd: true }));

      const forged = await deliver(ctx.server, toPerformance, { secret: 'whsec_not_ours' });
      assert.equal(forged.status, 403);
      assert.equal(forged.body.message, FORGED_BILLING_WEBHOOK_TEXT);
      assert.equal((await billingOf(ctx.server, t)).plan, 'efficiency-plus');

      assert.equal((await deliver(ctx.server, toPerformance)).body.data?.outcome, 'applied');
      assert.equal((await billingOf(ctx.server, t)).plan, 'performance-suite');
      assert.equal((await deliver(ctx.server, toBasic)).body.data?.outcome, 'applied');
      // The first event again (a Stripe retry): acknowledged, and the newer plan stays.
      const replay = await deliver(ctx.server, toPerformance);
      assert.equal(replay.status, 200);
      assert.deepEqual(replay.body.data, { received: true, outcome: 'duplicate', duplicate: true });
      let info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.cancelAtPeriodEnd], ['time-saver-basic', true]);
      const recorded = await ctx.server.db.select().from(billingEvents).where(eq(billingEvents.eventId, toPerformance.id));
      assert.equal(recorded.length, 1);

      // A cancellation scheduled the newer way (`cancel_at`) reads the same; taking it back clears it.
      const scheduled = { ...subscriptionObject(t.customer, t.subscriptionId, { price: 'price_time_saver_basic_monthly' }), cancel_at: seconds(Date.now() + 86_400_000) };
      assert.equal((await deliver(ctx.server, stripeEvent('customer.subscription.updated', scheduled))).body.data?.outcome, 'applied');
      assert.equal((await billingOf(ctx.server, t)).cancelAtPeriodEnd, true);
      assert.equal((await deliver(ctx.server, stripeEvent('customer.subscription.updated', { ...scheduled, cancel_at: null }))).body.data?.outcome, 'applied');
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.cancelAtPeriodEnd], ['time-saver-basic', false]);

      const stranger = stripeEvent('customer.subscription.updated', subscriptionObject('cus_nobody', 'sub_nobody'));
      const unknown = await deliver(ctx.server, stranger);
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.message, UNKNOWN_CUSTOMER_TEXT);
      const failedForStranger = await deliver(ctx.server, stripeEvent('invoice.payment_failed', invoiceObject('cus_nobody', 'sub_nobody', { paid: false })));
      assert.equal(failedForStranger.status, 400);
      assert.equal(failedForStranger.body.message, UNKNOWN_CUSTOMER_TEXT);
      assert.equal((await ctx.server.db.select().from(billingEvents).where(eq(billingEvents.eventId, stranger.id))).length, 0, 'not recorded: a retry may find the customer');

      const oddPrice = await deliver(ctx.server, stripeEvent('customer.subscription.updated', subscriptionObject(t.customer, t.subscriptionId, { price: 'price_gold' })));
      assert.equal(oddPrice.status, 400);
      assert.equal(oddPrice.body.message, UNKNOWN_PRICE_TEXT);
      assert.equal((await billingOf(ctx.server, t)).plan, 'time-saver-basic');
    });

    it('an event older than the state the account has changes nothing; one about another subscription is ignored', async () => {
      const t = await subscribedTenant(ctx.server);
      const now = seconds(Date.now());
      const deleted = stripeEvent('customer.subscription.deleted', subscriptionObject(t.customer, t.subscriptionId, { status: 'canceled' }), now + 5);
      assert.equal((await deliver(ctx.server, deleted)).body.data?.outcome, 'applied');
      // Sent before the cancellation, delivered after it: the account stays on the free plan.
      const late = stripeEvent('customer.subscription.updated', subscriptionObject(t.customer, t.subscriptionId, { status: 'past_due' }), now);
      assert.equal((await deliver(ctx.server, late)).body.data?.outcome, 'stale');
      const lateFailure = stripeEvent('invoice.payment_failed', invoiceObject(t.customer, t.subscriptionId, { paid: false, nextAttempt: now + 86_400 }), now);
      assert.equal((await deliver(ctx.server, lateFailure)).body.data?.outcome, 'stale');
      const info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status, info.paymentFailure], ['free', 'canceled', null]);

      const other = await subscribedTenant(ctx.server);
      const elsewhere = stripeEvent('invoice.paid', invoiceObject(other.customer, 'sub_an_old_one'));
      assert.equal((await deliver(ctx.server, elsewhere)).body.data?.outcome, 'ignored');
      const oldSub = stripeEvent('customer.subscription.deleted', subscriptionObject(other.customer, 'sub_an_old_one', { status: 'canceled' }));
      assert.equal((await deliver(ctx.server, oldSub)).body.data?.outcome, 'ignored');
      assert.equal((await billingOf(ctx.server, other)).plan, 'efficiency-plus');
      assert.equal((await ctx.server.db.select().from(invoices).where(eq(invoices.accountId, other.account.id))).length, 1);
    });

    it('invoice.payment_failed makes the subscription past due with the next attempt; invoice.paid renews it for the period paid', async () => {
      const t = await subscribedTenant(ctx.server);
      const nextAttempt = seconds(Date.now()) + 3 * 86_400;
      const failure = invoiceObject(t.customer, t.subscriptionId, { id: 'in_renewal_1', paid: false, nextAttempt });
      const failed = stripeEvent('invoice.payment_failed', failure);
      assert.equal((await deliver(ctx.server, failed)).status, 200);
      let info = await billingOf(ctx.server, t);
      assert.equal(info.status, 'past_due');
      assert.equal(info.paymentFailure.nextAttemptAt, new Date(nextAttempt * 1000).toISOString());
      assert.equal(info.invoices[0].status, 'open');

      const renewalEnd = Date.now() + 61 * 86_400_000;
      const paid = stripeEvent('invoice.paid', invoiceObject(t.customer, t.subscriptionId, { id: 'in_renewal_1', end: renewalEnd }), seconds(Date.now()) + 60);
      assert.equal((await deliver(ctx.server, paid)).body.data?.outcome, 'applied');
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.status, info.paymentFailure, info.plan], ['active', null, 'efficiency-plus']);
      assert.equal(info.currentPeriodEnd, new Date(seconds(renewalEnd) * 1000).toISOString());
      assert.equal(info.invoices.length, 2, 'the failed invoice, now paid, is one row');
      assert.deepEqual([info.invoices[0].number, info.invoices[0].status, info.invoices[0].amount, info.invoices[0].pdfUrl],
        ['STRIPE-in_renewal_1', 'paid', 999, 'https://pay.stripe.test/in_renewal_1.pdf']);
      // The failure delivered again after the payment changes nothing; so does an older failure of the same invoice.
      assert.equal((await deliver(ctx.server, failed)).body.data?.outcome, 'duplicate');
      assert.equal((await deliver(ctx.server, stripeEvent('invoice.payment_failed', failure, seconds(Date.now()) + 30))).body.data?.outcome, 'stale');
      assert.equal((await billingOf(ctx.server, t)).status, 'active');
      const [row] = await ctx.server.db.select().from(invoices).where(and(eq(invoices.accountId, t.account.id), eq(invoices.providerInvoiceId, 'in_renewal_1')));
      assert.equal(row!.status, 'paid');
    });

    it('the month\'s minutes come from the account\'s calls and are priced by the plan the subscription is on now', async () => {
      const t = await subscribedTenant(ctx.server);
      const usage = async () => (await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken })).body.data;
      const { periodStart } = await usage();
      const start = Date.parse(periodStart);
      // 510 minutes of answered calls (each rounded up to the minute) and a missed call of none.
      await createCall(ctx.server.db, { accountId: t.account.id, startedAt: new Date(start + 60_000), durationSeconds: 500 * 60 });
      await createCall(ctx.server.db, { accountId: t.account.id, startedAt: new Date(start + 120_000), durationSeconds: 9 * 60 + 1 });
      await createCall(ctx.server.db, { accountId: t.account.id, startedAt: new Date(start + 180_000), durationSeconds: 0, status: 'missed' });
      const plus = await usage();
      assert.deepEqual([plus.plan, plus.minutesUsed, plus.minuteQuota, plus.overageMinutes, plus.overageCost], ['efficiency-plus', 510, 2000, 0, 0]);

      const downgrade = stripeEvent('customer.subscription.updated', subscriptionObject(t.customer, t.subscriptionId, { price: 'price_time_saver_basic_monthly' }));
      assert.equal((await deliver(ctx.server, downgrade)).body.data?.outcome, 'applied');
      const basic = await usage();
      assert.deepEqual([basic.plan, basic.minutesUsed, basic.minuteQuota, basic.overageMinutes, basic.overageCost], ['time-saver-basic', 510, 500, 10, 1]);

      const ended = stripeEvent('customer.subscription.deleted', subscriptionObject(t.customer, t.subscriptionId, { status: 'canceled', price: 'price_time_saver_basic_monthly' }));
      assert.equal((await deliver(ctx.server, ended)).body.data?.outcome, 'applied');
      const free = await usage();
      // The free plan's minutes are an allowance: past them nothing is charged (0604).
      assert.deepEqual([free.plan, free.minutesUsed, free.minuteQuota, free.overageMinutes, free.overageCost], ['free', 510, 30, 480, 0]);
    });

    it('of two checkouts opened together and both paid, the account keeps one subscription; the other is cancelled at the provider and its payment recorded', async () => {
      const stripe = await fakeStripe({ sessionIdPrefix: `cs_test_twice_${Date.now()}_` });
      const stripeConfig = { secretKey: 'sk_test_twice', webhookSecret: 'whsec_twice', apiUrl: stripe.url };
      const server = await startServer(ctx.server.db, { stripe: stripeConfig });
      const stripeSigned = { secret: stripeConfig.webhookSecret, header: STRIPE_SIGNATURE_HEADER };
      try {
        const t = await createTenant(server);
        // Two tabs: neither checkout is paid yet, so both may start.
        const opened = await Promise.all([0, 1].map(() => startCheckout(server, t.ownerToken, { planId: 'enterprise-edge', period: 'monthly' })));
        const customer = `cus_twice_${Date.now()}`;
        const completions = opened.map(({ data }, i) => stripeEvent('checkout.session.completed', {
          id: data.sessionId, object: 'checkout.session', client_reference_id: t.account.id, metadata: { planId: 'enterprise-edge', period: 'monthly' },
          amount_total: 19_999, currency: 'usd', customer, subscription: `sub_twice_${i}`, invoice: `in_twice_${i}_${Date.now()}`,
        }));
        const delivered = await Promise.all(completions.map((event) => deliver(server, event, stripeSigned)));
        assert.deepEqual(delivered.map((d) => d.status), [200, 200]);
        const outcomes = delivered.map((d) => d.body.data?.outcome);
        assert.deepEqual([...outcomes].sort(), ['applied', 'canceled']);
        const kept = outcomes.indexOf('applied');
        const dropped = 1 - kept;

        const [row] = await server.db.select().from(subscriptions).where(eq(subscriptions.accountId, t.account.id));
        assert.equal(row!.providerSubscriptionId, `sub_twice_${kept}`);
        assert.deepEqual(stripe.canceledSubscriptions, [`sub_twice_${dropped}`]);
        const [droppedSession] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, opened[dropped]!.data.sessionId));
        assert.equal(droppedSession!.status, 'canceled');
        assert.equal((await server.db.select().from(invoices).where(eq(invoices.accountId, t.account.id))).length, 2, 'both payments are on record');

        // A redelivery cancels nothing more and changes nothing.
        assert.equal((await deliver(server, completions[dropped]!, stripeSigned)).body.data?.outcome, 'duplicate');
        assert.deepEqual(stripe.canceledSubscriptions, [`sub_twice_${dropped}`]);
        assert.equal((await billingOf(server, t)).status, 'active');
      } finally {
        await server.close();
        await stripe.close();
      }
    });

    it('with the simulator, paying a second checkout after the first says the account already has a subscription and keeps the first', async () => {
      const t = await createTenant(ctx.server);
      const first = (await startCheckout(ctx.server, t.ownerToken, { planId: 'efficiency-plus', period: 'monthly' })).data;
      const second = (await startCheckout(ctx.server, t.ownerToken, { planId: 'performance-suite', period: 'yearly' })).data;
      assert.equal((await press(`${ctx.server.origin}/v1/billing/simulator/checkout/${first.sessionId}/pay`)).status, 303);
      const refused = await press(`${ctx.server.origin}/v1/billing/simulator/checkout/${second.sessionId}/pay`);
      assert.equal(refused.status, 409);
      assert.ok((await refused.text()).includes(ALREADY_SUBSCRIBED_TEXT));
      const info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.period, info.status], ['efficiency-plus', 'monthly', 'active']);
      const [row] = await ctx.server.db.select().from(subscriptions).where(eq(subscriptions.accountId, t.account.id));
      assert.equal(row!.providerSubscriptionId, `sub_sim_${first.sessionId.slice('cs_sim_'.length)}`);
    });

    it('with Stripe settings, the SDK calls Stripe at the pinned API version, opens its portal, and Stripe-signed subscription events move the plan', async () => {
      const stripe = await fakeStripe({ sessionIdPrefix: 'cs_test_life_' });
      const stripeConfig = { secretKey: 'sk_test_life', webhookSecret: 'whsec_life', apiUrl: stripe.url };
      const server = await startServer(ctx.server.db, { stripe: stripeConfig });
      const stripeSigned = { secret: stripeConfig.webhookSecret, header: STRIPE_SIGNATURE_HEADER };
      try {
        const t = await createTenant(server);
        const { sessionId } = (await startCheckout(server, t.ownerToken, { planId: 'enterprise-edge', period: 'monthly' })).data;
        assert.ok(stripe.requests.length >= 2);
        for (const request of stripe.requests) {
          assert.equal(request.version, STRIPE_API_VERSION, `${request.method} ${request.path}`);
          assert.equal(request.auth, 'Bearer sk_test_life');
        }
        const customer = `cus_life_${Date.now()}`;
        const completed = stripeEvent('checkout.session.completed', {
          id: sessionId, object: 'checkout.session', client_reference_id: t.account.id, metadata: { planId: 'enterprise-edge', period: 'monthly' },
          amount_total: 19_999, currency: 'usd', customer, subscription: 'sub_life_1', invoice: 'in_life_1',
        });
        assert.equal((await deliver(server, completed)).status, 403, 'signed with the simulator\'s secret, not Stripe\'s');
        assert.equal((await deliver(server, completed, stripeSigned)).body.data?.outcome, 'applied');
        // Stripe's own invoice.paid for the first invoice: the checkout's invoice row, not a second one.
        assert.equal((await deliver(server, stripeEvent('invoice.paid', invoiceObject(customer, 'sub_life_1', { id: 'in_life_1', amount: 19_999 })), stripeSigned)).status, 200);
        let info = await billingOf(server, t);
        assert.equal(info.invoices.length, 1);
        assert.equal(info.canManageSubscription, true);

        const portal = await fetch(`${server.origin}/v1/billing/create-portal-session`, { method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, origin: APP_ORIGIN } });
        assert.equal(portal.status, 200);
        assert.deepEqual(((await portal.json()) as { data: unknown }).data, { url: 'https://billing.stripe.test/p/session/bps_test_1' });
        const opened = stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
        assert.equal(opened.form.get('customer'), customer);
        assert.equal(opened.form.get('return_url'), `${APP_ORIGIN}/dashboard/billing-information`);
        assert.equal(opened.version, STRIPE_API_VERSION);

        const downgraded = stripeEvent('customer.subscription.updated', subscriptionObject(customer, 'sub_life_1', { price: 'price_time_saver_basic_yearly' }));
        assert.equal((await deliver(server, downgraded, stripeSigned)).body.data?.outcome, 'applied');
        info = await billingOf(server, t);
        assert.deepEqual([info.plan, info.period], ['time-saver-basic', 'yearly']);
        const ended = stripeEvent('customer.subscription.deleted', subscriptionObject(customer, 'sub_life_1', { status: 'canceled', price: 'price_time_saver_basic_yearly' }));
        assert.equal((await deliver(server, ended, stripeSigned)).status, 200);
        assert.deepEqual([(await billingOf(server, t)).plan, (await billingOf(server, t)).status], ['free', 'canceled']);

        // A returning buyer checks out as the same Stripe customer.
        await startCheckout(server, t.ownerToken, { planId: 'enterprise-edge', period: 'monthly' });
        const again = stripe.received.at(-1)!;
        assert.equal(again.form.get('customer'), customer);
        assert.equal(again.form.get('customer_email'), null);
      } finally {
        await server.close();
        await stripe.close();
      }
    });
  });
}
