import type { FastifyInstance } from 'fastify';
import { serveTwilioWebhooks } from './twilio-webhook';
import { callStatus } from './twilio-webhooks/call-status';
import { conferenceEvents } from './twilio-webhooks/conference-events';
import { consultStatus } from './twilio-webhooks/consult-status';
import { dialEnded } from './twilio-webhooks/dial-ended';
import { dialStatus } from './twilio-webhooks/dial-status';
import { incomingCall } from './twilio-webhooks/incoming-call';
import { incomingSms } from './twilio-webhooks/incoming-sms';
import { outgoingCall } from './twilio-webhooks/outgoing-call';
import { recording } from './twilio-webhooks/recording';
import { smsStatus } from './twilio-webhooks/sms-status';
import { supervisorLegEnded } from './twilio-webhooks/supervisor-leg';

export { INVALID_NUMBER_TEXT } from './twilio-webhooks/outgoing-call';
export { NOT_IN_SERVICE_TEXT } from './twilio-webhooks/telephony-webhook';

/**
 * Twilio's webhooks for calls and texts, each signed (twilio-webhook.ts); the ones only an AI
 * agent's call reaches belong to the AI call runtime. The handlers are idempotent on the
 * Call/Message SID, so Twilio's retries and a replayed request do no harm.
 */
export async function twilioWebhookRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.twilio;
  if (config === undefined) return;
  const context = {
    telephony: app.telephony.context, aiCalls: app.telephony.aiCalls, publicApiUrl: app.config.publicApiUrl, provider: () => app.telephony.provider,
  };
  serveTwilioWebhooks(app, config.authToken, context, [
    incomingCall, outgoingCall, dialStatus, dialEnded, conferenceEvents, consultStatus, supervisorLegEnded, callStatus, recording, incomingSms, smsStatus,
  ]);
}
