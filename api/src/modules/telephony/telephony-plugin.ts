import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../plugins/service-plugin';
import { accountEvents } from '../webhooks';
import type { TelephonyContext } from './call-events';
import type { TelephonyProvider } from './provider';
import { SimulatorHub } from './simulator-hub';
import { createSimulatorProvider } from './simulator-provider';
import { simulatorRoutes } from './simulator-routes';
import { createTwilioProvider } from './twilio-provider';
import { twilioWebhookRoutes } from './twilio-webhooks';
import { voicemailRoute } from './voicemail-route';
import { relayRoutes } from '../voice-agent/transport/relay-route';
import { campaignCallEnded } from '../campaign/call-outcome';
import { relaySigningKey, signRelayUrl, relayUrl } from '../voice-agent/transport/relay-handshake';

/**
 * Where the simulator's callee reaches this server's relay socket: its own listening address,
 * signed as Twilio would sign the public URL it was given.
 */
function selfRelay(app: FastifyInstance): { url: string; signature: string } | null {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return null;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : (address.address === '0.0.0.0' ? '127.0.0.1' : address.address);
  return {
    url: relayUrl(`http://${host}:${address.port}`),
    signature: signRelayUrl(relaySigningKey(app), relayUrl(app.config.publicApiUrl)),
  };
}

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
  const context: TelephonyContext = {
    db: app.db,
    realtime: app.realtime,
    callLogs: app.callLogsCache,
    events: accountEvents(app),
    aiCallEnded: (call) => campaignCallEnded(app.db, call, app.config.campaignPacing.retryDelaySeconds),
  };
  const onError = (err: unknown) => app.log.error({ err }, 'telephony simulator error');
  const { twilio } = app.config;
  await app.register(voicemailRoute);
  if (twilio !== undefined) {
    app.decorate('telephony', { provider: createTwilioProvider(twilio, app.config.publicApiUrl), context, simulator: null });
    await app.register(twilioWebhookRoutes);
    await app.register(relayRoutes);
    return;
  }
  const simulator = new SimulatorHub(context, onError);
  app.decorate('telephony', { provider: createSimulatorProvider(context, app.config.tokenSecret, onError, () => selfRelay(app)), context, simulator });
  app.addHook('onClose', async () => simulator.close());
  await app.register(simulatorRoutes);
  await app.register(relayRoutes);
});
