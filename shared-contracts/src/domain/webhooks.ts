/** The events an account may subscribe a webhook endpoint to. */
export const WEBHOOK_EVENTS = ['call.completed', 'call.transferred', 'call.callback_requested', 'appointment.booked', 'sms.received'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Sent by "Send test event" to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'call.completed': 'A call ended (with transcript and summary)',
  'call.transferred': 'An AI call was handed to a person',
  'call.callback_requested': 'Nobody could take a caller: the AI agent took a message',
  'appointment.booked': 'An appointment was booked',
  'sms.received': 'A text message arrived',
};

/**
 * Every delivery carries these headers. The signature is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`; a receiver recomputes it with
 * the endpoint's secret and refuses a timestamp older than a few minutes. The event id is the same
 * on every retry of one event, so a receiver can drop a delivery it already has.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Webhook-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'X-Webhook-Event';

export const MAX_WEBHOOK_ENDPOINTS = 10;

export interface WebhookTranscriptLine {
  speaker: 'caller' | 'agent';
  text: string;
}

export interface CallCompletedData {
  callId: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  startedAt: string;
  durationSeconds: number;
  /** Null for a call a person handled without an AI agent. */
  aiAgentId: string | null;
  summary: string | null;
  outcome: string | null;
  sentiment: string | null;
  transcript: WebhookTranscriptLine[];
}

export interface CallTransferredData {
  callId: string;
  /** The caller (inbound) or callee (outbound) now waiting for a person. */
  party: string;
  reason: string;
}

export interface CallbackRequestedData {
  callId: string;
  callerName: string | null;
  /** The number to call back: the one the caller gave, else their caller ID. */
  phoneNumber: string | null;
  reason: string;
}

export interface AppointmentBookedData {
  appointmentId: string;
  callId: string | null;
  dateTime: string;
  durationMinutes: number;
  leadName: string;
  leadPhone: string;
}

export interface SmsReceivedData {
  messageId: string;
  conversationId: string;
  from: string;
  to: string;
  body: string;
  receivedAt: string;
}

export interface WebhookTestData {
  message: string;
}

export interface WebhookEventDataMap {
  'call.completed': CallCompletedData;
  'call.transferred': CallTransferredData;
  'call.callback_requested': CallbackRequestedData;
  'appointment.booked': AppointmentBookedData;
  'sms.received': SmsReceivedData;
  'webhook.test': WebhookTestData;
}

/** The JSON body of every delivery. */
export interface WebhookEvent<T extends WebhookDeliveredType = WebhookDeliveredType> {
  id: string;
  type: T;
  createdAt: string;
  accountId: string;
  data: WebhookEventDataMap[T];
}
