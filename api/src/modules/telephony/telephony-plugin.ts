import type { FastifyInstance } from 'fastify';
import { servicePlugin } from '../../plugins/service-plugin';
import { accountEvents } from '../webhooks';
import type { AiCallConnector } from './ai-call-connector';
import type { AiCallEnd, PersonCallEnd, TelephonyContext } from './call-events';
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
  /** The AI call runtime, for the calls an AI agent holds. */
  aiCalls: AiCallConnector;
}

declare module 'fastify' {
  interface FastifyInstance {
    telephony: TelephonyService;
  }
}

/** What telephony is handed by the modules built on it (app.ts wires them). */
export interface TelephonyParts {
  /** Makes the AI call runtime's connector. */
  connectAiCalls: (app: FastifyInstance) => AiCallConnector;
  /** Runs once a call an AI agent held has ended (a campaign lead moves on). */
  aiCallEnded: (app: FastifyInstance, call: AiCallEnd) => Promise<void>;
  /** Runs once a call a person took was answered and has ended (their wrap-up begins). */
  personCallEnded: (app: FastifyInstance, call: PersonCallEnd) => Promise<void>;
}

/**
 * Twilio when its credentials are configured, the local simulator otherwise; and their routes.
 * The AI call runtime's connector is made here, on the app, but used only once calls come in.
 */
export const telephonyPlugin = ({ connectAiCalls, aiCallEnded, personCallEnded }: TelephonyParts) => servicePlugin('telephony', async (app) => {
  const context: TelephonyContext = {
    db: app.db,
    realtime: app.realtime,
    callLogs: app.callLogsCache,
    events: accountEvents(app),
    aiCallEnded: (call) => aiCallEnded(app, call),
    personCallEnded: (call) => personCallEnded(app, call),
  };
  const aiCalls = connectAiCalls(app);
  const onError = (err: unknown) => app.log.error({ err }, 'telephony simulator error');
  const { twilio } = app.config;
  await app.register(voicemailRoute);
  if (twilio !== undefined) {
    app.decorate('telephony', { provider: createTwilioProvider(twilio, app.config.publicApiUrl), context, simulator: null, aiCalls });
    await app.register(twilioWebhookRoutes);
    return;
  }
  const simulator = new SimulatorHub(context, onError);
  app.decorate('telephony', { provider: createSimulatorProvider(context, app.config.tokenSecret, onError, aiCalls, simulator), context, simulator, aiCalls });
  app.addHook('onClose', async () => simulator.close());
  await app.register(simulatorRoutes);
});
