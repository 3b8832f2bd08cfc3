import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { checkoutSessions, users } from '../../db/schema';
import { handleBillingWebhook } from './billing-webhook';
import { checkoutPage, messagePage } from './checkout-page';
import { SIMULATOR_CHECKOUT_BASE, SIMULATOR_SIGNATURE_HEADER } from './simulator-payment-provider';

const SessionParams = v.object({ sessionId: v.pipe(v.string(), v.regex(/^cs_sim_[0-9a-f]{32}$/)) });
export const UNKNOWN_CHECKOUT_TEXT = 'This checkout does not exist.';
export const ALREADY_SUBSCRIBED_TEXT = 'This account already had a subscription, so the one this checkout started was cancelled. Change your plan with Manage subscription on the billing page.';

const html = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/html; charset=utf-8').send(body);

/**
 * The simulated provider's hosted checkout. The session id in the URL is the buyer's capability
 * (as with Stripe's hosted pages): the browser holds no API token on this origin.
 */
export async function simulatorCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const simulator = app.payments.simulator;
  // Production never pays through the simulator (checkout refuses it there): its pages do not exist.
  if (simulator === null || app.config.nodeEnv === 'production') return;
  // The Pay and Cancel buttons are plain HTML forms; their (empty) bodies are not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  const sessionOf = async (params: unknown) => {
    const parsed = v.safeParse(SessionParams, params);
    if (!parsed.success) return undefined;
    const [row] = await app.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, parsed.output.sessionId));
    return row;
  };

  app.get(`${SIMULATOR_CHECKOUT_BASE}/:sessionId`, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (session === undefined) return html(reply, 404, messagePage('Checkout not found', UNKNOWN_CHECKOUT_TEXT));
    const [buyer] = session.userId === null ? [] : await app.db.select({ email: users.email }).from(users).where(eq(users.id, session.userId));
    return html(reply, 200, checkoutPage(session, buyer?.email ?? null, `${SIMULATOR_CHECKOUT_BASE}/${session.id}`));
  });

  app.post(`${SIMULATOR_CHECKOUT_BASE}/:sessionId/pay`, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (session === undefined) return html(reply, 404, messagePage('Checkout not found', UNKNOWN_CHECKOUT_TEXT));
    if (session.status === 'completed') return reply.redirect(session.successUrl, 303);
    // The "provider" tells our webhook handling that the session was paid, signed as a real delivery is.
    const { rawBody, signature } = simulator.completedEvent(session);
    const result = await handleBillingWebhook(app, rawBody, { [SIMULATOR_SIGNATURE_HEADER]: signature });
    if (result.kind === 'applied' || result.kind === 'duplicate') return reply.redirect(session.successUrl, 303);
    if (result.kind === 'canceled') return html(reply, 409, messagePage('Subscription not started', ALREADY_SUBSCRIBED_TEXT));
    const reason = result.kind === 'rejected' ? result.reason : 'The payment could not be confirmed';
    return html(reply, 400, messagePage('Payment not completed', reason));
  });

  app.post(`${SIMULATOR_CHECKOUT_BASE}/:sessionId/cancel`, async (request, reply) => {
    const session = await sessionOf(request.params);
    if (session === undefined) return html(reply, 404, messagePage('Checkout not found', UNKNOWN_CHECKOUT_TEXT));
    // A cancelled session can never be paid afterwards.
    await app.db.update(checkoutSessions).set({ status: 'canceled' })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    return reply.redirect(session.cancelUrl, 303);
  });
}
