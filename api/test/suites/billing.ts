import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { accounts, checkoutSessions, invoices, users } from '../../src/db/schema';
import { BILLING_WEBHOOK_PATH, FORGED_BILLING_WEBHOOK_TEXT } from '../../src/modules/billing/billing-webhook';
import {
  NOT_THE_ACCOUNTS_SESSION_TEXT, SESSION_CLOSED_TEXT, SESSION_MISMATCH_TEXT,
} from '../../src/modules/billing/complete-checkout';
import { simulatorWebhookSecret, SIMULATOR_SIGNATURE_HEADER } from '../../src/modules/billing/simulator-payment-provider';
import { CHANGE_PLAN_IN_PORTAL_TEXT, PROVIDER_FAILED_TEXT } from '../../src/modules/billing/create-checkout-session';
import { STRIPE_SIGNATURE_HEADER } from '../../src/modules/billing/stripe-payment-provider';
import Stripe from 'stripe';
import { createAdmin, createCall, createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { fakeStripe, STRIPE_PRICES } from '../helpers/fake-stripe';
import { loadConfig } from '../../src/config';
import { call, startServer, TEST_CONFIG, type ApiResponse, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const APP_ORIGIN = 'http://127.0.0.1:3000';

async function startCheckout(server: TestServer, token: string, body: unknown, origin = APP_ORIGIN): Promise<ApiResponse> {
  const response = await fetch(`${server.origin}/v1/billing/create-checkout-session`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin }, body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** What the hosted page's buttons do: a form post, answered with a redirect. */
const press = (url: string, button: 'pay' | 'cancel') =>
  fetch(`${url}/${button}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });

/** A delivery to the webhook, signed as the simulated provider signs them (or with another secret). */
function deliver(server: TestServer, event: unknown, { secret = simulatorWebhookSecret(TEST_CONFIG.tokenSecret), at = new Date() } = {}) {
  const rawBody = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp: Math.floor(at.getTime() / 1000) });
  return fetch(`${server.origin}${BILLING_WEBHOOK_PATH}`, {
    method: 'POST', headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: signature }, body: rawBody,
  });
}

const completedEvent = (session: { id: string; accountId: string; plan: string; period: string; amountCents: number }) => ({
  id: 'evt_test', type: 'checkout.session.completed',
  data: { object: {
    id: session.id, client_reference_id: session.accountId, metadata: { planId: session.plan, period: session.period },
    amount_total: session.amountCents, currency: 'usd', subscription: null,
  } },
});

export function billingSuite(ctx: SuiteContext) {
  describe('billing', () => {
    it('a paid checkout sets the plan and period, records the invoice, and a replayed Pay changes nothing', async () => {
      const t = await createTenant(ctx.server);
      const before = await call(ctx.server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
      assert.equal(before.status, 200);
      assertContract(contract.users.getBillingInformation, before.body);
      assert.deepEqual(before.body.data, {
        plan: 'free', period: null, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, paymentMethod: null,
        paymentFailure: null, canManageSubscription: false, timeZone: t.account.timeZone, invoices: [], unbilledOverage: [],
      });

      const started = await startCheckout(ctx.server, t.ownerToken, { planId: 'efficiency-plus', period: 'yearly' });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assertContract(contract.billing.createCheckoutSession, started.body);
      const { sessionId, url } = started.body.data;
      assert.match(sessionId, /^cs_sim_[0-9a-f]{32}$/);
      assert.equal(url, `${TEST_CONFIG.publicApiUrl}/v1/billing/simulator/checkout/${sessionId}`);

      const page = await fetch(`${ctx.server.origin}/v1/billing/simulator/checkout/${sessionId}`);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /Efficiency Plus/);
      // Yearly billing charges the year at once: the plans page's $829 a month, twelve times.
      assert.match(html, /Billed yearly \(\$829\.00 \/ month\)/);
      assert.match(html, /Pay \$9,948\.00/);
      assert.match(html, new RegExp(t.owner.email.replace('.', '\\.')));
      // Nothing changes until the buyer pays.
      assert.equal((await call(ctx.server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken })).body.data.plan, 'free');

      const checkoutUrl = `${ctx.server.origin}/v1/billing/simulator/checkout/${sessionId}`;
      const paid = await press(checkoutUrl, 'pay');
      assert.equal(paid.status, 303);
      assert.equal(paid.headers.get('location'), `${APP_ORIGIN}/dashboard/subscription-plans/success?session_id=${sessionId}`);

      const after = await call(ctx.server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
      assertContract(contract.users.getBillingInformation, after.body);
      const info = after.body.data;
      assert.equal(info.plan, 'efficiency-plus');
      assert.equal(info.period, 'yearly');
      assert.equal(info.status, 'active');
      const renewsIn = Date.parse(info.currentPeriodEnd) - Date.now();
      assert.ok(renewsIn > 364 * 86_400_000 && renewsIn < 367 * 86_400_000, `renews in a year, got ${info.currentPeriodEnd}`);
      assert.equal(info.paymentMethod.last4, '4242');
      assert.equal(info.invoices.length, 1);
      assert.equal(info.invoices[0].amount, 9948);
      assert.equal(info.invoices[0].status, 'paid');
      assert.match(info.invoices[0].number, /^INV-\d{6}-[0-9A-F]{8}$/);

      // The same Pay again (a double click, a back button) lands on success and bills nothing more.
      const again = await press(checkoutUrl, 'pay');
      assert.equal(again.status, 303);
      assert.equal((await ctx.server.db.select().from(invoices).where(eq(invoices.accountId, t.account.id))).length, 1);
      const usage = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.equal(usage.body.data.plan, 'efficiency-plus');
      assert.equal(usage.body.data.minuteQuota, 2000);

      const same = await startCheckout(ctx.server, t.ownerToken, { planId: 'efficiency-plus', period: 'yearly' });
      assert.equal(same.status, 400);
      assert.equal(same.body.message, 'You are already on the Efficiency Plus plan, billed yearly');
    });

    it('Cancel returns to the cancel page, leaves the plan as it was, and the session can no longer be paid', async () => {
      const t = await createTenant(ctx.server);
      const started = await startCheckout(ctx.server, t.ownerToken, { planId: 'time-saver-basic', period: 'monthly' });
      const checkoutUrl = `${ctx.server.origin}/v1/billing/simulator/checkout/${started.body.data.sessionId}`;
      const cancelled = await press(checkoutUrl, 'cancel');
      assert.equal(cancelled.status, 303);
      assert.equal(cancelled.headers.get('location'), `${APP_ORIGIN}/dashboard/subscription-plans/cancel`);
      const late = await press(checkoutUrl, 'pay');
      assert.equal(late.status, 400);
      assert.match(await late.text(), new RegExp(SESSION_CLOSED_TEXT));
      const info = await call(ctx.server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
      assert.equal(info.body.data.plan, 'free');
      assert.deepEqual(info.body.data.invoices, []);
      assert.equal((await fetch(`${ctx.server.origin}/v1/billing/simulator/checkout/cs_sim_${'0'.repeat(32)}`)).status, 404);
    });

    it('get-checkout-session tells the success page whether this checkout is paid; another account\'s or a made-up id is not found', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const state = (id: string, token = t.ownerToken) => call(ctx.server, 'GET', `billing/get-checkout-session/${id}`, { token });

      const paying = (await startCheckout(ctx.server, t.ownerToken, { planId: 'efficiency-plus', period: 'yearly' })).body.data.sessionId as string;
      // Opened before the first is paid: once subscribed, plan changes go through the portal.
      const leaving = (await startCheckout(ctx.server, t.ownerToken, { planId: 'time-saver-basic', period: 'monthly' })).body.data.sessionId as string;
      const stale = (await startCheckout(ctx.server, t.ownerToken, { planId: 'time-saver-basic', period: 'monthly' })).body.data.sessionId as string;
      const open = await state(paying);
      assert.equal(open.status, 200, JSON.stringify(open.body));
      assertContract(contract.billing.getCheckoutSession, open.body);
      assert.deepEqual(open.body.data, { sessionId: paying, planId: 'efficiency-plus', period: 'yearly', status: 'open', amount: 9948, currency: 'usd' });
      await press(`${ctx.server.origin}/v1/billing/simulator/checkout/${paying}`, 'pay');
      assert.equal((await state(paying)).body.data.status, 'completed');

      await press(`${ctx.server.origin}/v1/billing/simulator/checkout/${leaving}`, 'cancel');
      assert.equal((await state(leaving)).body.data.status, 'canceled');

      await ctx.server.db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkoutSessions.id, stale));
      assert.equal((await state(stale)).body.data.status, 'expired');

      assert.equal((await state(paying, other.ownerToken)).status, 404, 'another account\'s checkout');
      assert.equal((await state(`cs_sim_${'0'.repeat(32)}`)).status, 404, 'an id nobody opened');
      const bogus = await state('not-a-session');
      assert.equal(bogus.status, 400);
      assert.equal(bogus.body.message, 'Invalid checkout session id');
      assert.equal((await state(paying, t.agentToken)).status, 403);
    });

    it('a subscribed account changes plan in the portal, not with a second checkout (which would bill two subscriptions)', async () => {
      const t = await createTenant(ctx.server);
      const { sessionId } = (await startCheckout(ctx.server, t.ownerToken, { planId: 'efficiency-plus', period: 'monthly' })).body.data;
      await press(`${ctx.server.origin}/v1/billing/simulator/checkout/${sessionId}`, 'pay');
      const second = await startCheckout(ctx.server, t.ownerToken, { planId: 'performance-suite', period: 'monthly' });
      assert.equal(second.status, 400);
      assert.equal(second.body.message, CHANGE_PLAN_IN_PORTAL_TEXT);
      assert.equal((await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.accountId, t.account.id))).length, 1);
    });

    it('returns to APP_URL, never to an origin that is not allowed', async () => {
      const t = await createTenant(ctx.server);
      const started = await startCheckout(ctx.server, t.ownerToken, { planId: 'time-saver-basic', period: 'monthly' }, 'https://evil.example');
      const [row] = await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, started.body.data.sessionId));
      assert.equal(row!.cancelUrl, `${TEST_CONFIG.appUrl}/dashboard/subscription-plans/cancel`);
    });

    it('the webhook refuses forged, stale, foreign and altered completions; a replay changes nothing', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const started = await startCheckout(ctx.server, t.ownerToken, { planId: 'performance-suite', period: 'monthly' });
      const [session] = await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, started.body.data.sessionId));
      const event = completedEvent(session!);

      const forged = await deliver(ctx.server, event, { secret: 'not-the-secret' });
      assert.equal(forged.status, 403);
      assert.equal((await forged.json() as { message: string }).message, FORGED_BILLING_WEBHOOK_TEXT);
      const stale = await deliver(ctx.server, event, { at: new Date(Date.now() - 10 * 60_000) });
      assert.equal(stale.status, 403);
      const unsigned = await fetch(`${ctx.server.origin}${BILLING_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
      assert.equal(unsigned.status, 403);

      const foreign = await deliver(ctx.server, { ...event, data: { object: { ...event.data.object, client_reference_id: other.account.id } } });
      assert.equal(foreign.status, 400);
      assert.equal((await foreign.json() as { message: string }).message, NOT_THE_ACCOUNTS_SESSION_TEXT);
      const cheaper = await deliver(ctx.server, { ...event, data: { object: { ...event.data.object, amount_total: 100 } } });
      assert.equal(cheaper.status, 400);
      assert.equal((await cheaper.json() as { message: string }).message, SESSION_MISMATCH_TEXT);
      const upgraded = await deliver(ctx.server, { ...event, data: { object: { ...event.data.object, metadata: { planId: 'enterprise-edge', period: 'monthly' } } } });
      assert.equal(upgraded.status, 400);
      for (const id of [t.account.id, other.account.id]) {
        const [row] = await ctx.server.db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, id));
        assert.equal(row!.plan, 'free');
      }

      const shapeless = await deliver(ctx.server, { id: 'evt_x', type: 'checkout.session.completed', data: {} });
      assert.equal(shapeless.status, 400);
      const otherType = await deliver(ctx.server, { id: 'evt_y', type: 'charge.refunded', data: { object: {} } });
      assert.equal(otherType.status, 200, 'events we do not act on are acknowledged');

      const real = await deliver(ctx.server, event);
      assert.equal(real.status, 200);
      const replay = await deliver(ctx.server, event);
      assert.equal(replay.status, 200);
      assert.equal((await replay.json() as { data: { duplicate: boolean } }).data.duplicate, true);
      const rows = await ctx.server.db.select().from(invoices).where(eq(invoices.accountId, t.account.id));
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.amountCents, 199_900);
      const [account] = await ctx.server.db.select({ plan: accounts.plan }).from(accounts).where(eq(accounts.id, t.account.id));
      assert.equal(account!.plan, 'performance-suite');
    });

    it('create-checkout-session refuses bad input and other roles', async () => {
      const t = await createTenant(ctx.server);
      for (const [body, message] of [
        [{ planId: 'free', period: 'monthly' }, 'Choose a plan'],
        [{ planId: 'gold', period: 'monthly' }, 'Choose a plan'],
        [{ planId: 'efficiency-plus', period: 'weekly' }, 'Choose monthly or yearly billing'],
        [{ planId: 'efficiency-plus' }, 'Choose monthly or yearly billing'],
      ] as const) {
        const res = await startCheckout(ctx.server, t.ownerToken, body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.message, message);
      }
      const admin = await createAdmin(ctx.server);
      for (const token of [t.agentToken, admin.token]) {
        assert.equal((await startCheckout(ctx.server, token, { planId: 'efficiency-plus', period: 'monthly' })).status, 403);
      }
      assert.equal((await call(ctx.server, 'POST', 'billing/create-checkout-session', { body: { planId: 'efficiency-plus', period: 'monthly' } })).status, 401);
      assert.equal((await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.accountId, t.account.id))).length, 0);
    });

    it('get-usage sums this month\'s call minutes in the account\'s time zone, with the overage at the plan\'s price', async () => {
      // Kiritimati is UTC+14: its month starts the previous UTC day, so a UTC cut would be wrong.
      const t = await createTenant(ctx.server, { timeZone: 'Pacific/Kiritimati', plan: 'time-saver-basic' });
      const other = await createTenant(ctx.server);
      const empty = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.equal(empty.status, 200);
      assertContract(contract.billing.getUsage, empty.body);
      const { periodStart, periodEnd } = empty.body.data;
      const start = Date.parse(periodStart);
      assert.equal(new Date(start).getUTCHours(), 10, 'midnight in UTC+14 is 10:00 UTC the day before');
      assert.equal(Date.parse(periodEnd) + 1 > Date.now(), true);
      assert.deepEqual({ ...empty.body.data, periodStart: undefined, periodEnd: undefined }, {
        accountId: t.account.id, plan: 'time-saver-basic', periodStart: undefined, periodEnd: undefined, timeZone: 'Pacific/Kiritimati',
        minutesUsed: 0, minuteQuota: 500, overageMinutes: 0, overageCost: 0,
      });

      const db = ctx.server.db;
      await createCall(db, { accountId: t.account.id, startedAt: new Date(start + 60_000), durationSeconds: 500 * 60 }); // 500
      await createCall(db, { accountId: t.account.id, startedAt: new Date(Math.min(Date.now(), start + 3_600_000)), durationSeconds: 61 }); // 2
      await createCall(db, { accountId: t.account.id, startedAt: new Date(start + 120_000), durationSeconds: 599, direction: 'outbound' }); // 10
      await createCall(db, { accountId: t.account.id, startedAt: new Date(start + 180_000), durationSeconds: 0, status: 'missed' }); // 0
      // Last month in the account's zone (though this month in UTC+0 on some days), and another account's call.
      await createCall(db, { accountId: t.account.id, startedAt: new Date(start - 60_000), durationSeconds: 3600 });
      await createCall(db, { accountId: other.account.id, startedAt: new Date(start + 60_000), durationSeconds: 3600 });

      const used = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.equal(used.body.data.minutesUsed, 512);
      assert.equal(used.body.data.overageMinutes, 12);
      assert.equal(used.body.data.overageCost, 1.2);
    });

    it('the billing month and dates are the account\'s: a Chicago user of a UTC account gets the UTC month and the account\'s zone to show it in', async () => {
      const t = await createTenant(ctx.server, { timeZone: 'UTC', plan: 'efficiency-plus' });
      await ctx.server.db.update(users).set({ timeZone: 'America/Chicago' }).where(eq(users.id, t.owner.id));
      const usage = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assertContract(contract.billing.getUsage, usage.body);
      const now = new Date();
      assert.equal(usage.body.data.timeZone, 'UTC');
      assert.equal(usage.body.data.periodStart, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
      assert.equal(usage.body.data.periodEnd, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString());
      const info = await call(ctx.server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
      assertContract(contract.users.getBillingInformation, info.body);
      assert.equal(info.body.data.timeZone, 'UTC');
    });

    it('usage and billing information answer only the account\'s own USER', async () => {
      const t = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      for (const path of ['billing/get-usage', 'users/get-billing-information']) {
        assert.equal((await call(ctx.server, 'GET', `${path}/${t.account.id}`, { token: other.ownerToken })).status, 404, path);
        assert.equal((await call(ctx.server, 'GET', `${path}/${missingId()}`, { token: t.ownerToken })).status, 404, path);
        assert.equal((await call(ctx.server, 'GET', `${path}/${t.account.id}`, { token: t.agentToken })).status, 403, path);
        const bad = await call(ctx.server, 'GET', `${path}/not-an-id`, { token: t.ownerToken });
        assert.equal(bad.status, 400, path);
        assert.ok(bad.body.message.length > 0);
      }
    });

    it('with Stripe settings, checkout goes to Stripe and only Stripe-signed webhooks complete it', async () => {
      const stripe = await fakeStripe();
      const stripeConfig = { secretKey: 'sk_test_123', webhookSecret: 'whsec_test_456', apiUrl: stripe.url };
      const server = await startServer(ctx.server.db, { stripe: stripeConfig });
      try {
        const t = await createTenant(server);
        const started = await startCheckout(server, t.ownerToken, { planId: 'enterprise-edge', period: 'monthly' });
        assert.equal(started.status, 200, JSON.stringify(started.body));
        assert.deepEqual(started.body.data, { sessionId: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
        const [sent] = stripe.received;
        assert.equal(sent!.auth, 'Bearer sk_test_123');
        assert.equal(sent!.form.get('mode'), 'subscription');
        assert.equal(sent!.form.get('line_items[0][price]'), 'price_enterprise_edge_monthly');
        // The plan's metered overage price rides beside it, with no quantity: usage decides what it bills.
        assert.equal(sent!.form.get('line_items[1][price]'), 'price_enterprise_edge_overage_monthly');
        assert.equal(sent!.form.get('line_items[1][quantity]'), null);
        assert.deepEqual(stripe.priceLookups, ['price_enterprise_edge_monthly', 'price_enterprise_edge_overage_monthly']);
        assert.equal(sent!.form.get('client_reference_id'), t.account.id);
        assert.equal(sent!.form.get('success_url'), `${APP_ORIGIN}/dashboard/subscription-plans/success?session_id={CHECKOUT_SESSION_ID}`);
        // The simulator's pages are not served when a real provider is configured.
        assert.equal((await fetch(`${server.origin}/v1/billing/simulator/checkout/cs_sim_${'0'.repeat(32)}`)).status, 404);

        const event = completedEvent({ id: 'cs_test_1', accountId: t.account.id, plan: 'enterprise-edge', period: 'monthly', amountCents: 19_999 });
        const simulatorSigned = await deliver(server, event);
        assert.equal(simulatorSigned.status, 403);
        const rawBody = JSON.stringify(event);
        const delivered = await fetch(`${server.origin}${BILLING_WEBHOOK_PATH}`, {
          method: 'POST', headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: stripeConfig.webhookSecret }) }, body: rawBody,
        });
        assert.equal(delivered.status, 200);
        const info = await call(server, 'GET', `users/get-billing-information/${t.account.id}`, { token: t.ownerToken });
        assert.equal(info.body.data.plan, 'enterprise-edge');
        assert.equal(info.body.data.invoices[0].amount, 199.99);
        assert.equal(info.body.data.paymentMethod, null);
      } finally {
        await server.close();
        await stripe.close();
      }
    });

    it('Stripe needs both its key and its webhook secret', () => {
      assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }), /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
      assert.throws(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' }), /STRIPE_SECRET_KEY: is required with STRIPE_WEBHOOK_SECRET/);
      assert.equal(loadConfig({}).stripe, undefined);
    });

    it('a yearly Stripe checkout charges the year\'s total the plans page shows, and a Stripe price that charges anything else is refused', async () => {
      const stripe = await fakeStripe({ prices: {
        ...STRIPE_PRICES,
        // Set up from the spec's figure as if it were the yearly total: not what the page shows.
        price_efficiency_plus_yearly: { unit_amount: 82_900, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
        price_performance_suite_monthly: { unit_amount: 199_900, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
      }, sessionIdPrefix: 'cs_test_yearly_' });
      const server = await startServer(ctx.server.db, { stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: stripe.url } });
      try {
        const t = await createTenant(server);
        const yearly = await startCheckout(server, t.ownerToken, { planId: 'time-saver-basic', period: 'yearly' });
        assert.equal(yearly.status, 200, JSON.stringify(yearly.body));
        assert.equal(stripe.received[0]!.form.get('line_items[0][price]'), 'price_time_saver_basic_yearly');
        const [session] = await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, yearly.body.data.sessionId));
        assert.equal(session!.amountCents, 382_800);

        for (const body of [{ planId: 'efficiency-plus', period: 'yearly' }, { planId: 'performance-suite', period: 'monthly' }, { planId: 'efficiency-plus', period: 'monthly' }]) {
          const refused = await startCheckout(server, t.ownerToken, body);
          assert.equal(refused.status, 502, JSON.stringify(body));
          assert.equal(refused.body.message, PROVIDER_FAILED_TEXT);
        }
        assert.equal(stripe.received.length, 1, 'no Stripe checkout is opened at a price the page did not show');
        assert.equal((await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.accountId, t.account.id))).length, 1);
      } finally {
        await server.close();
        await stripe.close();
      }
    });

    it('a provider that refuses the checkout gives a clear error and records nothing', async () => {
      const stripe = await fakeStripe({ fail: true });
      const server = await startServer(ctx.server.db, { stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: stripe.url } });
      try {
        const t = await createTenant(server);
        const res = await startCheckout(server, t.ownerToken, { planId: 'efficiency-plus', period: 'monthly' });
        assert.equal(res.status, 502);
        assert.equal(res.body.message, PROVIDER_FAILED_TEXT);
        assert.equal((await ctx.server.db.select().from(checkoutSessions).where(eq(checkoutSessions.accountId, t.account.id))).length, 0);
      } finally {
        await server.close();
        await stripe.close();
      }
    });
  });
}
