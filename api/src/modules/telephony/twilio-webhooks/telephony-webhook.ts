import type { AiCallConnector } from '../ai-call-connector';
import type { TelephonyContext } from '../call-events';
import type { TelephonyProvider } from '../provider';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TwilioWebhook } from '../twilio-webhook';

export const NOT_IN_SERVICE_TEXT = 'This number is not in service.';

/** What telephony's Twilio webhooks act with. */
export interface TelephonyWebhookContext {
  telephony: TelephonyContext;
  /** The AI call runtime, for a number an AI agent answers. */
  aiCalls: AiCallConnector;
  /** The API's public origin: the callbacks Twilio is given are addressed to it. */
  publicApiUrl: string;
  /** Twilio's REST side, as the app holds it when the webhook runs. */
  provider: () => TelephonyProvider;
}

export type TelephonyWebhook = TwilioWebhook<TelephonyWebhookContext>;

/** A dialled call is recorded from the answer when the account's policy says so; Twilio posts the recording back. */
export const recordingOptions = (policy: { recordCalls: boolean }, publicApiUrl: string) => (policy.recordCalls
  ? { record: 'record-from-answer' as const, recordingStatusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.recording}` }
  : {});
