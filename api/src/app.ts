import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { loggedError } from './http/error-log';
import { installContractSkewChecks } from './http/contract-skew';
import { installErrorHandlers } from './http/error-handler';
import { acceptJsonBodies } from './http/json-bodies';
import { httpRoutes } from './http/routes';
import { registerStopping } from './http/stopping';
import { authServicePlugin } from './modules/auth';
import { devOutboxRoute, mailerPlugin } from './modules/email';
import { authLimitsPlugin } from './modules/rate-limit';
import { apiKeyCallersPlugin } from './modules/api-key';
import { idempotencySweepPlugin } from './modules/idempotency';
import { realtimeServicePlugin, socketRoutes } from './modules/realtime';
import { telephonyPlugin } from './modules/telephony';
import { billingPeriodsPlugin, billingPlugin } from './modules/billing';
import { callLogsCachePlugin } from './plugins/services/call-logs-cache';
import { recordingsPlugin, recordingsRoute } from './modules/recordings';
import { calendarSyncJob, localConsentRoute } from './modules/integrations';
import { textExtractionPlugin } from './modules/knowledge';
import { jobQueuePlugin } from './modules/jobs';
import { aiCallConnector, callWrapUpJob, relayRoutes, twilioRelayWebhooks, unfinishedCallsPlugin } from './modules/voice-agent';
import { resumeWebhookDeliveriesPlugin, webhookDeliveryJob } from './modules/webhooks';
import { campaignDialJob, foldCampaignCall, resumeCampaignsPlugin } from './modules/campaign';
import { agentTestRunJob } from './modules/agent-tests';
import { startWrapUp, wrapUpExpiryJob } from './modules/desk';
import { settleStaleSmsSendsPlugin, smsSettleJob } from './modules/conversation';
import { registerCors } from './plugins/external/cors';
import { registerMultipart } from './plugins/external/multipart';
import { registerSecurityHeaders } from './plugins/external/security-headers';
import { registerTracing } from './plugins/external/tracing';
import { registerWebsocket } from './plugins/external/websocket';
import { appContextPlugin } from './plugins/services/app-context';

export interface BuildAppOptions {
  config: Config;
  db: Db;
}

/** Plugins in order: external → services → routes. Opening and migrating the database is the caller's job. */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = config.httpTimeouts;
  const app = Fastify({
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node enforces the headers and request timeouts on this tick (30 s by default, which
      // would let a slow client hold on well past them).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(timeouts.headersMs / 4))),
    },
    // Behind the load balancer the caller's address comes from X-Forwarded-For, from trusted hops only.
    trustProxy: config.trustProxy ?? false,
    logger: {
      level: config.logLevel,
      serializers: {
        // The WebSocket token rides in the query string; request logs must not carry it.
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]'),
          remoteAddress: req.ip,
        }),
        err: loggedError,
      },
    },
  });

  registerStopping(app);
  acceptJsonBodies(app);

  await registerCors(app, config.corsOrigins);
  await registerSecurityHeaders(app, [config.appUrl, ...config.corsOrigins]);
  await registerWebsocket(app, config.socketPingIntervalMs);
  await registerMultipart(app);
  registerTracing(app, config.otlpTracesUrl);

  await app.register(appContextPlugin(config, db));
  await app.register(authServicePlugin);
  await app.register(mailerPlugin);
  await app.register(authLimitsPlugin);
  await app.register(apiKeyCallersPlugin);
  await app.register(realtimeServicePlugin);
  await app.register(callLogsCachePlugin);
  await app.register(textExtractionPlugin);
  // Durable work: every instance works every queue.
  await app.register(jobQueuePlugin([callWrapUpJob, calendarSyncJob, webhookDeliveryJob, campaignDialJob, smsSettleJob, agentTestRunJob, wrapUpExpiryJob]));
  // Signed links to the recordings this API serves, for the call endpoints to answer.
  await app.register(recordingsPlugin);

  installContractSkewChecks(app);
  installErrorHandlers(app);
  await app.register(httpRoutes);
  await app.register(devOutboxRoute);
  await app.register(recordingsRoute);
  await app.register(localConsentRoute);
  await app.register(socketRoutes);
  // Twilio's webhooks or the simulator's routes, and app.telephony for the call/SMS endpoints;
  // an AI agent's calls reach the AI call runtime through its connector, and a campaign hears
  // when one of its calls ended.
  await app.register(telephonyPlugin({ connectAiCalls: aiCallConnector, aiCallEnded: foldCampaignCall, personCallEnded: startWrapUp }));
  // The AI call runtime on top of telephony: the relay socket and Twilio's AI call webhooks.
  await app.register(relayRoutes);
  await app.register(twilioRelayWebhooks);
  // The payment provider (the local simulator by default), its webhook and hosted checkout.
  await app.register(billingPlugin);
  // Once everything is in place: running campaigns pick up where they were, and webhook
  // deliveries stored but never queued get their job, texts left queued by a stopped send are settled,
  // and AI calls whose instance died are finished (then every half minute).
  await app.register(resumeCampaignsPlugin);
  await app.register(resumeWebhookDeliveriesPlugin);
  await app.register(settleStaleSmsSendsPlugin);
  await app.register(unfinishedCallsPlugin);
  await app.register(idempotencySweepPlugin);
  // Ended billing periods: closed usage months' overage reported, the simulator's renewals and ends.
  await app.register(billingPeriodsPlugin);
  return app;
}
