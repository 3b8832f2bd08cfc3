import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { completeCheckout, type CompletionOutcome } from './complete-checkout';
import { isCheckoutCompleted } from './payment-provider';

export const BILLING_WEBHOOK_PATH = '/v1/billing/webhook';
export const FORGED_BILLING_WEBHOOK_TEXT = 'Invalid payment provider signature';

export type WebhookResult = { kind: 'forged' } | { kind: 'ignored' } | CompletionOutcome;

/** Verifies a provider delivery and applies it. Both the HTTP webhook and the simulator's Pay go through here. */
export async function handleBillingWebhook(app: FastifyInstance, rawBody: string, headers: IncomingHttpHeaders): Promise<WebhookResult> {
  const { provider } = app.payments;
  const event = provider.verifyWebhook(rawBody, headers);
  if (event === null) return { kind: 'forged' };
  if (!isCheckoutCompleted(event)) return { kind: 'ignored' };
  const outcome = await completeCheckout(app.db, provider.name, event);
  if (outcome.kind === 'rejected') app.log.warn({ eventId: event.id, reason: outcome.reason }, 'billing webhook rejected');
  return outcome;
}

/**
 * The provider's webhook. The signature is over the exact bytes sent, so this route (and only
 * this one, in its own scope) reads JSON bodies as text. A forged delivery gets 403, a delivery
 * that names a session it does not match 400; both change nothing. A replay answers 200.
 */
export async function billingWebhookRoute(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.post(BILLING_WEBHOOK_PATH, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const result = await handleBillingWebhook(app, rawBody, request.headers);
    if (result.kind === 'forged') return reply.code(403).send({ type: 'Forbidden', message: FORGED_BILLING_WEBHOOK_TEXT });
    if (result.kind === 'rejected') return reply.code(400).send({ type: 'BadRequest', message: result.reason });
    return { data: { received: true, duplicate: result.kind === 'duplicate' } };
  });
}
