import { servicePlugin } from '../../plugins/service-plugin';
import { billingWebhookRoute, deliverSimulatedEvents } from './billing-webhook';
import type { PaymentProvider } from './payment-provider';
import { simulatorCheckoutRoutes } from './simulator-checkout-routes';
import { simulatorPortalRoutes } from './simulator-portal-routes';
import { createSimulatorPaymentProvider, type SimulatorPaymentProvider } from './simulator-payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';

export interface PaymentsService {
  provider: PaymentProvider;
  /** Present only when the simulator is the provider. */
  simulator: SimulatorPaymentProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/**
 * The payment provider behind checkout, the customer portal and the webhook: Stripe when its
 * settings are present (as telephony chooses Twilio), the local simulator otherwise. Another
 * provider implements `PaymentProvider` and is chosen here the same way.
 */
export const billingPlugin = servicePlugin('billing', async (app) => {
  const { stripe } = app.config;
  if (stripe !== undefined) {
    app.decorate('payments', { provider: createStripePaymentProvider(stripe), simulator: null });
  } else {
    const simulator = createSimulatorPaymentProvider(app.config.tokenSecret, app.config.publicApiUrl, (deliveries) => deliverSimulatedEvents(app, deliveries));
    app.decorate('payments', { provider: simulator, simulator });
  }
  await app.register(billingWebhookRoute);
  await app.register(simulatorCheckoutRoutes);
  await app.register(simulatorPortalRoutes);
});
