import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { BILLING_PERIODS, PAID_PLAN_IDS } from 'shared-contracts';
import { accounts, invoices, subscriptions } from '../../db/schema';
import { deliverSimulatedEvents, RefusedDelivery } from './billing-webhook';
import { messagePage } from './checkout-page';
import { cancelConfirmationPage, portalPage } from './portal-page';
import type { SignedDelivery } from './simulator-payment-provider';
import { SIMULATOR_PORTAL_BASE, verifyPortalSession } from './simulator-portal-session';

export const PORTAL_LINK_INVALID_TEXT = 'This link to manage your subscription is no longer valid. Open it again from the billing page.';
const ChangeForm = v.object({ plan: v.tuple([v.picklist(PAID_PLAN_IDS), v.picklist(BILLING_PERIODS)]) });

/** The session id rides in the query: a signed id is longer than a path parameter may be. */
const portalUrl = (id: string) => `${SIMULATOR_PORTAL_BASE}?session=${encodeURIComponent(id)}`;
const html = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/html; charset=utf-8').send(body);

/**
 * The simulated provider's customer portal. Each button makes the "provider" send the events
 * Stripe sends for that change, signed, through the webhook handling; the page then shows the
 * subscription as it now is. Long only as a list of routes, each a few lines over the shared
 * `open` (the signed session and its subscription) and `deliver`.
 */
export async function simulatorPortalRoutes(app: FastifyInstance): Promise<void> {
  const simulator = app.payments.simulator;
  if (simulator === null || app.config.nodeEnv === 'production') return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  /** The portal session in the URL and the subscription it manages, or the page that says why not. */
  const open = async (query: unknown, reply: FastifyReply) => {
    const given = (query as { session?: unknown }).session;
    const id = typeof given === 'string' ? given : '';
    const session = verifyPortalSession(app.config.tokenSecret, id);
    const [found] = session === null ? [] : await app.db.select({ subscription: subscriptions, timeZone: accounts.timeZone }).from(subscriptions)
      .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
      .where(and(eq(subscriptions.accountId, session.accountId), eq(subscriptions.provider, simulator.name)));
    if (session === null || found === undefined) {
      void html(reply, 404, messagePage('Link expired', PORTAL_LINK_INVALID_TEXT));
      return null;
    }
    const action = (path: string) => `${SIMULATOR_PORTAL_BASE}${path}?session=${encodeURIComponent(id)}`;
    return { id, session, subscription: found.subscription, account: { timeZone: found.timeZone }, action };
  };

  const deliver = async (reply: FastifyReply, id: string, deliveries: SignedDelivery[]) => {
    try {
      await deliverSimulatedEvents(app, deliveries);
    } catch (err) {
      if (err instanceof RefusedDelivery) return html(reply, 400, messagePage('Change not made', err.message));
      throw err;
    }
    return reply.redirect(portalUrl(id), 303);
  };

  app.get(SIMULATOR_PORTAL_BASE, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    return html(reply, 200, portalPage(portal.subscription, portal.account, portal.action, portal.session.returnUrl));
  });

  // Cancel asks first, saying until when the plan stays; nothing changes until it is confirmed.
  app.post(`${SIMULATOR_PORTAL_BASE}/cancel`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    if (portal.subscription.status === 'canceled' || portal.subscription.cancelAtPeriodEnd) return reply.redirect(portalUrl(portal.id), 303);
    return html(reply, 200, cancelConfirmationPage(portal.subscription, portal.account, portal.action));
  });

  app.post(`${SIMULATOR_PORTAL_BASE}/cancel/confirm`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    if (portal.subscription.status === 'canceled' || portal.subscription.cancelAtPeriodEnd) return reply.redirect(portalUrl(portal.id), 303);
    return deliver(reply, portal.id, simulator.cancelAtPeriodEndEvents(portal.subscription, true));
  });

  app.post(`${SIMULATOR_PORTAL_BASE}/resume`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    if (portal.subscription.status === 'canceled' || !portal.subscription.cancelAtPeriodEnd) return reply.redirect(portalUrl(portal.id), 303);
    return deliver(reply, portal.id, simulator.cancelAtPeriodEndEvents(portal.subscription, false));
  });

  app.post(`${SIMULATOR_PORTAL_BASE}/change`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const parsed = v.safeParse(ChangeForm, { plan: (form.get('plan') ?? '').split(':') });
    if (!parsed.success) return html(reply, 400, messagePage('Change not made', 'Choose a plan and billing period'));
    const [planId, period] = parsed.output.plan;
    return deliver(reply, portal.id, simulator.planChangedEvents(portal.subscription, planId, period));
  });

  app.post(`${SIMULATOR_PORTAL_BASE}/fail`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    return deliver(reply, portal.id, simulator.paymentFailedEvents(portal.subscription));
  });

  app.post(`${SIMULATOR_PORTAL_BASE}/renew`, async (request, reply) => {
    const portal = await open(request.query, reply);
    if (portal === null) return reply;
    const [unpaid] = await app.db.select({ id: invoices.providerInvoiceId }).from(invoices)
      .where(and(eq(invoices.accountId, portal.subscription.accountId), eq(invoices.status, 'open'), isNotNull(invoices.providerInvoiceId)))
      .orderBy(desc(invoices.issuedAt)).limit(1);
    return deliver(reply, portal.id, simulator.renewedEvents(portal.subscription, unpaid?.id ?? null));
  });
}
