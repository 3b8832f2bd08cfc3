import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { applyInvoiceEvent } from './apply-invoice-event';
import { applySubscriptionEvent } from './apply-subscription-event';
import { alreadyApplied, type EventOutcome } from './billing-event-log';
import { resumeCampaignsAllowedByPlan } from '../campaign';
import { completeCheckout } from './complete-checkout';
import type { BillingEvent, PaymentProvider } from './payment-provider';
import { SIMULATOR_SIGNATURE_HEADER, type SignedDelivery } from './simulator-payment-provider';

export const BILLING_WEBHOOK_PATH = '/v1/billing/webhook';
export const FORGED_BILLING_WEBHOOK_TEXT = 'Invalid payment provider signature';

export type WebhookResult = { kind: 'forged' } | EventOutcome;

/** The events billing acts on; the provider's other events are acknowledged and ignored. */
const APPLY: Record<string, (db: Db, provider: PaymentProvider, event: BillingEvent) => Promise<EventOutcome>> = {
  'checkout.session.completed': completeCheckout,
  'customer.subscription.updated': (db, provider, event) => applySubscriptionEvent(db, provider.name, event),
  'customer.subscription.deleted': (db, provider, event) => applySubscriptionEvent(db, provider.name, event),
  'invoice.paid': (db, provider, event) => applyInvoiceEvent(db, provider.name, event),
  'invoice.payment_failed': (db, provider, event) => applyInvoiceEvent(db, provider.name, event),
};

/**
 * Verifies a provider delivery and applies it, at most once per event id. Both the HTTP webhook
 * and the simulator's checkout and portal buttons go through here.
 */
export async function handleBillingWebhook(app: FastifyInstance, rawBody: string, headers: IncomingHttpHeaders): Promise<WebhookResult> {
  const { provider } = app.payments;
  const event = provider.verifyWebhook(rawBody, headers);
  if (event === null) return { kind: 'forged' };
  const apply = APPLY[event.type];
  if (apply === undefined) return { kind: 'ignored' };
  if (await alreadyApplied(app.db, provider.name, event.id)) return { kind: 'duplicate' };
  const outcome = await apply(app.db, provider, event);
  if (outcome.kind === 'applied') await resumeCampaignsAllowedByPlan(app);
  if (outcome.kind === 'rejected') app.log.warn({ eventId: event.id, type: event.type, reason: outcome.reason }, 'billing webhook rejected');
  return outcome;
}

export class RefusedDelivery extends Error {}

/** The simulator's deliveries, through the same handling as the provider's; the first one refused stops the rest. */
export async function deliverSimulatedEvents(app: FastifyInstance, deliveries: SignedDelivery[]): Promise<void> {
  for (const { rawBody, signature } of deliveries) {
    const result = await handleBillingWebhook(app, rawBody, { [SIMULATOR_SIGNATURE_HEADER]: signature });
    if (result.kind === 'rejected' || result.kind === 'forged') throw new RefusedDelivery(result.kind === 'rejected' ? result.reason : FORGED_BILLING_WEBHOOK_TEXT);
  }
}

/**
 * The provider's webhook. The signature is over the exact bytes sent, so this route (and only
 * this one, in its own scope) reads JSON bodies as text. A forged delivery gets 403; one that
 * cannot be applied (a session or customer we do not know, a price that is no plan) 400, so the
 * provider retries it (an event that overtook its checkout lands once the checkout has); both
 * change nothing. A replay answers 200 and changes nothing.
 */
export async function billingWebhookRoute(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post(BILLING_WEBHOOK_PATH, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const result = await handleBillingWebhook(app, rawBody, request.headers);
    if (result.kind === 'forged') return reply.code(403).send({ type: 'Forbidden', message: FORGED_BILLING_WEBHOOK_TEXT });
    if (result.kind === 'rejected') return reply.code(400).send({ type: 'BadRequest', message: result.reason });
    return { data: { received: true, outcome: result.kind, duplicate: result.kind === 'duplicate' } };
  });
}
