import { servicePlugin } from '../../plugins/service-plugin';
import type { TelephonyContext } from './call-events';
import type { TelephonyProvider } from './provider';
import { SimulatorHub } from './simulator-hub';
import { createSimulatorProvider } from './simulator-provider';
import { simulatorRoutes } from './simulator-routes';
import { createTwilioProvider } from './twilio-provider';
import { twilioWebhookRoutes } from './twilio-webhooks';
import { voicemailRoute } from './voicemail-route';

export interface TelephonyService {
  provider: TelephonyProvider;
  context: TelephonyContext;
  /** Present only when the simulator is the provider. */
  simulator: SimulatorHub | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    telephony: TelephonyService;
  }
}

/** Twilio when its credentials are configured, the local simulator otherwise; and their routes. */
export const telephonyPlugin = servicePlugin('telephony', async (app) => {
  const context: TelephonyContext = { db: app.db, realtime: app.realtime };
  const onError = (err: unknown) => app.log.error({ err }, 'telephony simulator error');
  const { twilio } = app.config;
  await app.register(voicemailRoute);
  if (twilio !== undefined) {
    app.decorate('telephony', { provider: createTwilioProvider(twilio, app.config.publicApiUrl), context, simulator: null });
    await app.register(twilioWebhookRoutes);
    return;
  }
  const simulator = new SimulatorHub(context, onError);
  app.decorate('telephony', { provider: createSimulatorProvider(context, app.config.tokenSecret, onError), context, simulator });
  app.addHook('onClose', async () => simulator.close());
  await app.register(simulatorRoutes);
});
