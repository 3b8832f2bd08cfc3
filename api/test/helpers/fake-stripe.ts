import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type StripePrice = {
  unit_amount: number | null; unit_amount_decimal?: string; currency: string;
  recurring: { interval: string; interval_count: number; usage_type?: 'licensed' | 'metered' };
};
const metered = (centsPerMinute: string, interval: string): StripePrice =>
  ({ unit_amount: null, unit_amount_decimal: centsPerMinute, currency: 'usd', recurring: { interval, interval_count: 1, usage_type: 'metered' } });

/** Prices as set up in a Stripe account to match the plans page (Stripe's amounts are in cents). */
export const STRIPE_PRICES: Record<string, StripePrice> = {
  price_enterprise_edge_monthly: { unit_amount: 19_999, currency: 'usd', recurring: { interval: 'month', interval_count: 1 } },
  price_time_saver_basic_yearly: { unit_amount: 382_800, currency: 'usd', recurring: { interval: 'year', interval_count: 1 } },
  // The plans' metered overage prices, on the overage meter.
  price_enterprise_edge_overage_monthly: metered('4', 'month'),
  price_time_saver_basic_overage_yearly: metered('10', 'year'),
};

export interface StripeRequest { method: string; path: string; auth: string | undefined; version: string | undefined; form: URLSearchParams }

/**
 * Stripe's API at the network boundary, as Stripe's SDK reaches it: answers price look-ups,
 * opens checkout and portal sessions like Stripe, retrieves and cancels subscriptions (every one
 * it has not cancelled is active), and records every request.
 */
export async function fakeStripe({ fail = false, prices = STRIPE_PRICES, sessionIdPrefix = 'cs_test_', failMeterEvents = false } = {}) {
  const requests: StripeRequest[] = [];
  const canceled = new Set<string>();
  const cancelAtPeriodEnd = new Set<string>();
  const meterIdentifiers = new Set<string>();
  const meterEvents: URLSearchParams[] = [];
  const control = { failMeterEvents };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '', path, auth: req.headers.authorization,
        version: req.headers['stripe-version'] as string | undefined, form: new URLSearchParams(body),
      });
      res.setHeader('content-type', 'application/json');
      const answer = (status: number, json: unknown) => { res.statusCode = status; res.end(JSON.stringify(json)); };
      if (fail) return answer(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      const priceId = /^\/v1\/prices\/([^/]+)$/.exec(path)?.[1];
      if (req.method === 'GET' && priceId !== undefined) {
        const price = prices[priceId];
        return price
          ? answer(200, { id: priceId, object: 'price', active: true, ...price })
          : answer(404, { error: { type: 'invalid_request_error', message: `No such price: '${priceId}'` } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const n = requests.filter((r) => r.path === path).length;
        const id = `${sessionIdPrefix}${n}`;
        return answer(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, expires_at: Math.floor(Date.now() / 1000) + 3600 });
      }
      if (req.method === 'POST' && path === '/v1/billing/meter_events') {
        if (control.failMeterEvents) return answer(500, { error: { type: 'api_error', message: 'Meter events are unavailable' } });
        const form = new URLSearchParams(body);
        // Stripe takes an identifier once: a retry is refused as a duplicate.
        const identifier = form.get('identifier') ?? '';
        if (meterIdentifiers.has(identifier)) return answer(400, { error: { type: 'invalid_request_error', code: 'duplicate_meter_event', message: 'An event with this identifier already exists' } });
        meterIdentifiers.add(identifier);
        meterEvents.push(form);
        return answer(200, { object: 'billing.meter_event', event_name: form.get('event_name'), identifier, payload: {} });
      }
      const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
      if (subscriptionId !== undefined && req.method === 'POST') {
        const cancel = new URLSearchParams(body).get('cancel_at_period_end');
        if (cancel === 'true') cancelAtPeriodEnd.add(subscriptionId);
        if (cancel === 'false') cancelAtPeriodEnd.delete(subscriptionId);
        return answer(200, { id: subscriptionId, object: 'subscription', status: 'active', cancel_at_period_end: cancelAtPeriodEnd.has(subscriptionId) });
      }
      if (subscriptionId !== undefined && (req.method === 'GET' || req.method === 'DELETE')) {
        if (req.method === 'DELETE') {
          if (canceled.has(subscriptionId)) return answer(400, { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' } });
          canceled.add(subscriptionId);
        }
        return answer(200, { id: subscriptionId, object: 'subscription', status: canceled.has(subscriptionId) ? 'canceled' : 'active' });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return answer(200, { id: 'bps_test_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/bps_test_1', customer: new URLSearchParams(body).get('customer') });
      }
      return answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, requests, control,
    /** Meter events taken (a duplicate identifier is refused and not listed). */
    meterEvents,
    /** Whether Stripe holds the subscription as ending at its period's end. */
    cancelsAtPeriodEnd: (id: string) => cancelAtPeriodEnd.has(id),
    /** The checkout sessions opened, in order. */
    get received() { return requests.filter((r) => r.path === '/v1/checkout/sessions'); },
    /** The subscriptions cancelled through the API, in order. */
    get canceledSubscriptions() { return requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/')).map((r) => r.path.slice('/v1/subscriptions/'.length)); },
    get priceLookups() { return requests.filter((r) => r.path.startsWith('/v1/prices/')).map((r) => r.path.slice('/v1/prices/'.length)); },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
