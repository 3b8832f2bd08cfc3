import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { billingDateText, billingMonth, contract, NO_SUBSCRIPTION_TO_CANCEL_TEXT } from 'shared-contracts';
import { invoices, overageCharges, subscriptions } from '../../src/db/schema';
import { closeBillingPeriods } from '../../src/modules/billing';
import { BILLING_WEBHOOK_PATH } from '../../src/modules/billing/billing-webhook';
import { STRIPE_API_VERSION, STRIPE_SIGNATURE_HEADER } from '../../src/modules/billing/stripe-payment-provider';
import { createCall, createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { fakeStripe } from '../helpers/fake-stripe';
import { call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const APP_ORIGIN = 'http://127.0.0.1:3000';
const DAY_MS = 86_400_000;

const press = (url: string, body = '') =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

const post = (server: TestServer, token: string, path: string) =>
  fetch(`${server.origin}/v1/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: APP_ORIGIN }, body: '{}' })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as { data: { sessionId: string; url: string }; message?: string } }));

/** A tenant on a paid plan through the simulator's checkout. */
async function subscribedTenant(server: TestServer, planId = 'efficiency-plus', accountValues: { timeZone?: string } = {}) {
  const t = await createTenant(server, accountValues);
  const started = await fetch(`${server.origin}/v1/billing/create-checkout-session`, {
    method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json', origin: APP_ORIGIN },
    body: JSON.stringify({ planId, period: 'monthly' }),
  }).then(async (r) => (await r.json()) as { data: { sessionId: string } });
  assert.equal((await press(`${server.origin}/v1/billing/simulator/checkout/${started.data.sessionId}/pay`)).status, 303);
  return t;
}

const billingOf = async (server: TestServer, t: { account: { id: string }; ownerToken: string }) => {
  const res = await call(server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assertContract(contract.users.getBillingInformation, res.body);
  return res.body.data;
};

const endPeriodNow = (server: TestServer, accountId: string) =>
  server.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.accountId, accountId));

/** Calls in the account's last calendar month adding up to `minutes`. */
async function lastMonthCalls(server: TestServer, account: { id: string; timeZone: string }, minutes: number) {
  const month = billingMonth(account, new Date(billingMonth(account).start.getTime() - 1));
  await createCall(server.db, { accountId: account.id, startedAt: new Date(month.start.getTime() + DAY_MS), durationSeconds: minutes * 60 });
  return month;
}

export function billingPeriodEndSuite(ctx: SuiteContext) {
  describe('billing period ends', () => {
    it('cancelling in the app keeps the plan until the period ends, says the date, and can be resumed; the period end moves the account to free', async () => {
      const t = await subscribedTenant(ctx.server, 'efficiency-plus', { timeZone: 'America/Los_Angeles' });
      const before = await billingOf(ctx.server, t);

      const cancelled = await post(ctx.server, t.ownerToken, 'billing/cancel-subscription');
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assertContract(contract.billing.cancelSubscription, cancelled.body);
      assert.deepEqual(cancelled.body.data, { cancelAtPeriodEnd: true, currentPeriodEnd: before.currentPeriodEnd });
      let info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status, info.cancelAtPeriodEnd], ['efficiency-plus', 'active', true]);
      // Asking twice changes nothing more.
      assert.equal((await post(ctx.server, t.ownerToken, 'billing/cancel-subscription')).status, 200);

      const resumed = await post(ctx.server, t.ownerToken, 'billing/resume-subscription');
      assert.equal(resumed.status, 200);
      assert.equal((resumed.body.data as unknown as { cancelAtPeriodEnd: boolean }).cancelAtPeriodEnd, false);
      assert.equal((await billingOf(ctx.server, t)).cancelAtPeriodEnd, false);

      // Resumed, the period's end renews it; cancelled again, the next period's end ends it.
      await endPeriodNow(ctx.server, t.account.id);
      await closeBillingPeriods(ctx.server.app);
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status], ['efficiency-plus', 'active']);
      assert.ok(Date.parse(info.currentPeriodEnd) > Date.now() + 27 * DAY_MS, info.currentPeriodEnd);
      assert.equal((await post(ctx.server, t.ownerToken, 'billing/cancel-subscription')).status, 200);
      await endPeriodNow(ctx.server, t.account.id);
      await Promise.all([closeBillingPeriods(ctx.server.app), closeBillingPeriods(ctx.server.app)]);
      info = await billingOf(ctx.server, t);
      assert.deepEqual([info.plan, info.status, info.cancelAtPeriodEnd], ['free', 'canceled', false]);
      assert.equal(info.invoices.length, 2, 'the checkout and one renewal');
    });

    it('cancel and resume are for the account\'s own USER with a running subscription, with a clear error otherwise', async () => {
      const t = await createTenant(ctx.server);
      const none = await post(ctx.server, t.ownerToken, 'billing/cancel-subscription');
      assert.equal(none.status, 400);
      assert.equal(none.body.message, NO_SUBSCRIPTION_TO_CANCEL_TEXT);
      assert.equal((await post(ctx.server, t.ownerToken, 'billing/resume-subscription')).body.message, NO_SUBSCRIPTION_TO_CANCEL_TEXT);
      const paid = await subscribedTenant(ctx.server);
      assert.equal((await post(ctx.server, paid.agentToken, 'billing/cancel-subscription')).status, 403);
      assert.equal((await billingOf(ctx.server, paid)).cancelAtPeriodEnd, false);
    });

    it('the portal and the app write a billing date as the same day: the one in the account\'s zone', async () => {
      const t = await subscribedTenant(ctx.server, 'efficiency-plus', { timeZone: 'America/Los_Angeles' });
      const end = new Date('2026-12-28T03:00:00Z');
      await ctx.server.db.update(subscriptions).set({ currentPeriodEnd: end }).where(eq(subscriptions.accountId, t.account.id));
      const info = await billingOf(ctx.server, t);
      assert.equal(billingDateText(info.currentPeriodEnd, info), 'Dec 27, 2026');
      const url = (await call(ctx.server, 'POST', 'billing/create-portal-session', { token: t.ownerToken })).body.data.url as string;
      const page = await (await fetch(`${ctx.server.origin}${new URL(url).pathname}${new URL(url).search}`)).text();
      assert.match(page, /Renews on<\/dt><dd>Dec 27, 2026/);
      assert.doesNotMatch(page, /Dec 28, 2026/);
    });

    it('a closed month\'s overage is written once, shown as waiting, and billed once on the simulator\'s next invoice', async () => {
      const t = await subscribedTenant(ctx.server, 'efficiency-plus');
      // Efficiency Plus: 2,000 minutes a month, then $0.08 a minute.
      const month = await lastMonthCalls(ctx.server, t.account, 2120);
      await Promise.all([closeBillingPeriods(ctx.server.app), closeBillingPeriods(ctx.server.app)]);
      await closeBillingPeriods(ctx.server.app);
      const rows = await ctx.server.db.select().from(overageCharges).where(eq(overageCharges.accountId, t.account.id));
      assert.deepEqual(rows.map((r) => [r.monthStart.toISOString(), r.minutes, r.amountCents, r.reportedAt !== null]), [[month.start.toISOString(), 120, 960, true]]);
      let info = await billingOf(ctx.server, t);
      assert.deepEqual(info.unbilledOverage, [{ monthStart: month.start.toISOString(), minutes: 120, amount: 9.6 }]);

      await endPeriodNow(ctx.server, t.account.id);
      await Promise.all([closeBillingPeriods(ctx.server.app), closeBillingPeriods(ctx.server.app)]);
      await closeBillingPeriods(ctx.server.app);
      info = await billingOf(ctx.server, t);
      assert.deepEqual(info.unbilledOverage, []);
      assert.deepEqual(info.invoices.map((i: { amount: number; overageAmount: number; status: string }) => [i.amount, i.overageAmount, i.status]),
        [[1008.6, 9.6, 'paid'], [999, 0, 'paid']]);
      const [billed] = await ctx.server.db.select().from(overageCharges).where(eq(overageCharges.accountId, t.account.id));
      const [renewal] = await ctx.server.db.select().from(invoices).where(eq(invoices.id, billed!.invoiceId!));
      assert.equal(renewal!.amountCents, 100_860);
    });

    it('a month within the quota closes with nothing to bill', async () => {
      const t = await subscribedTenant(ctx.server, 'efficiency-plus');
      await lastMonthCalls(ctx.server, t.account, 1999);
      await closeBillingPeriods(ctx.server.app);
      const [row] = await ctx.server.db.select().from(overageCharges).where(eq(overageCharges.accountId, t.account.id));
      assert.deepEqual([row!.minutes, row!.amountCents], [0, 0]);
      assert.deepEqual((await billingOf(ctx.server, t)).unbilledOverage, []);
    });

    it('with Stripe, cancel and resume set cancel_at_period_end at Stripe, and a closed month\'s overage is one meter event under its own identifier, tried again after a failure', async () => {
      const stripe = await fakeStripe({ sessionIdPrefix: `cs_test_end_${Date.now()}_`, failMeterEvents: true });
      const stripeConfig = { secretKey: 'sk_test_end', webhookSecret: 'whsec_end', apiUrl: stripe.url };
      const server = await startServer(ctx.server.db, { stripe: stripeConfig });
      try {
        const t = await createTenant(server);
        const started = await fetch(`${server.origin}/v1/billing/create-checkout-session`, {
          method: 'POST', headers: { authorization: `Bearer ${t.ownerToken}`, 'content-type': 'application/json', origin: APP_ORIGIN },
          body: JSON.stringify({ planId: 'enterprise-edge', period: 'monthly' }),
        }).then(async (r) => (await r.json()) as { data: { sessionId: string } });
        const customer = `cus_end_${Date.now()}`;
        const subscriptionId = `sub_end_${Date.now()}`;
        const event = {
          id: `evt_end_${Date.now()}`, object: 'event', api_version: STRIPE_API_VERSION, created: Math.floor(Date.now() / 1000), type: 'checkout.session.completed',
          data: { object: {
            id: started.data.sessionId, object: 'checkout.session', client_reference_id: t.account.id, metadata: { planId: 'enterprise-edge', period: 'monthly' },
            amount_total: 19_999, currency: 'usd', customer, subscription: subscriptionId, invoice: `in_end_${Date.now()}`,
          } },
        };
        const rawBody = JSON.stringify(event);
        const delivered = await fetch(`${server.origin}${BILLING_WEBHOOK_PATH}`, {
          method: 'POST', body: rawBody,
          headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: stripeConfig.webhookSecret }) },
        });
        assert.equal(delivered.status, 200);

        assert.equal((await post(server, t.ownerToken, 'billing/cancel-subscription')).status, 200);
        assert.equal(stripe.cancelsAtPeriodEnd(subscriptionId), true);
        assert.deepEqual([(await billingOf(server, t)).plan, (await billingOf(server, t)).cancelAtPeriodEnd], ['enterprise-edge', true]);
        assert.equal((await post(server, t.ownerToken, 'billing/resume-subscription')).status, 200);
        assert.equal(stripe.cancelsAtPeriodEnd(subscriptionId), false);
        assert.equal((await billingOf(server, t)).cancelAtPeriodEnd, false);

        // Enterprise Edge: 10,000 minutes, then $0.04 a minute.
        await lastMonthCalls(server, t.account, 10_250);
        await closeBillingPeriods(server.app);
        assert.equal(stripe.meterEvents.length, 0);
        const [waiting] = await server.db.select().from(overageCharges).where(eq(overageCharges.accountId, t.account.id));
        assert.equal(waiting!.reportedAt, null, 'not reported while Stripe refuses');

        stripe.control.failMeterEvents = false;
        await closeBillingPeriods(server.app);
        await closeBillingPeriods(server.app);
        assert.equal(stripe.meterEvents.length, 1);
        const [sent] = stripe.meterEvents;
        assert.equal(sent!.get('event_name'), 'overage_minutes');
        assert.equal(sent!.get('payload[stripe_customer_id]'), customer);
        assert.equal(sent!.get('payload[value]'), '250');
        assert.equal(sent!.get('identifier'), `overage_${waiting!.id}`);
        assert.deepEqual((await billingOf(server, t)).unbilledOverage.map((o: { minutes: number; amount: number }) => [o.minutes, o.amount]), [[250, 10]]);
      } finally {
        await server.close();
        await stripe.close();
      }
    });
  });
}
