import * as v from 'valibot';
import { CALL_RESULTS, CALL_SENTIMENTS } from '../http/call';
import { CallAnalysis } from '../schemas/call-analysis';
import { CallDirection, Id, IsoDateTime } from '../schemas/common';
import { CallWrapUp } from '../schemas/entities';

/** The events an account may subscribe a webhook endpoint to. */
export const WEBHOOK_EVENTS = [
  'call.started', 'call.completed', 'call.failed', 'call.transferred', 'call.callback_requested', 'analysis.completed',
  'appointment.booked', 'sms.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Sent by "Send test event" to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'call.started': 'A call connected: an AI agent or a person is talking with the other party',
  'call.completed': 'A call ended (with transcript and summary)',
  'call.failed': 'A call could not be connected: busy, not answered, refused or hung up while ringing',
  'call.transferred': 'An AI call was handed to a person',
  'call.callback_requested': 'Nobody could take a caller: the AI agent took a message',
  'analysis.completed': 'The summary, outcome and sentiment of an AI agent\'s call were written',
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

export const WebhookTranscriptLine = v.object({
  speaker: v.picklist(['caller', 'agent']),
  text: v.string(),
});
export type WebhookTranscriptLine = v.InferOutput<typeof WebhookTranscriptLine>;

/** The carrier's word for why a call never connected (Twilio's terminal CallStatus values). */
export const CALL_FAILURE_REASONS = ['busy', 'no-answer', 'failed', 'canceled'] as const;
export type CallFailureReason = (typeof CALL_FAILURE_REASONS)[number];

/** What the call log shows for a call that never connected. */
export const FAILED_CALL_STATUSES = ['busy', 'missed', 'failed'] as const;

export const CallStartedData = v.object({
  callId: Id,
  direction: CallDirection,
  from: v.string(),
  to: v.string(),
  /** The AI agent talking, or null for a person's call. */
  aiAgentId: v.nullable(Id),
  /** The person who answered (an inbound call) or dialled (an outbound one); null for an AI agent's call. */
  agentUserId: v.nullable(Id),
  /** When the call was logged (it rang or was placed). */
  startedAt: IsoDateTime,
  connectedAt: IsoDateTime,
});
export type CallStartedData = v.InferOutput<typeof CallStartedData>;

export const CallCompletedData = v.object({
  callId: Id,
  direction: CallDirection,
  from: v.string(),
  to: v.string(),
  startedAt: IsoDateTime,
  durationSeconds: v.number(),
  /** Null for a call a person handled without an AI agent. */
  aiAgentId: v.nullable(Id),
  summary: v.nullable(v.string()),
  outcome: v.nullable(v.picklist(CALL_RESULTS)),
  sentiment: v.nullable(v.picklist(CALL_SENTIMENTS)),
  transcript: v.array(WebhookTranscriptLine),
  /** The agent's own analysis (its fields and the success judgement); null when it defines none. */
  analysis: v.nullable(CallAnalysis),
  /** The wrap-up of the person who took the call (sent once it is done or its time runs out); null when no person took it. */
  wrapUp: v.nullable(CallWrapUp),
});
export type CallCompletedData = v.InferOutput<typeof CallCompletedData>;

export const CallFailedData = v.object({
  callId: Id,
  direction: CallDirection,
  from: v.string(),
  to: v.string(),
  aiAgentId: v.nullable(Id),
  startedAt: IsoDateTime,
  /** As the call log shows it: an inbound call nobody answered is `missed`. */
  status: v.picklist(FAILED_CALL_STATUSES),
  reason: v.picklist(CALL_FAILURE_REASONS),
});
export type CallFailedData = v.InferOutput<typeof CallFailedData>;

export const CallTransferredData = v.object({
  callId: Id,
  /** The caller (inbound) or callee (outbound) now waiting for a person. */
  party: v.string(),
  reason: v.string(),
});
export type CallTransferredData = v.InferOutput<typeof CallTransferredData>;

export const CallbackRequestedData = v.object({
  callId: Id,
  callerName: v.nullable(v.string()),
  /** The number to call back: the one the caller gave, else their caller ID. */
  phoneNumber: v.nullable(v.string()),
  reason: v.string(),
});
export type CallbackRequestedData = v.InferOutput<typeof CallbackRequestedData>;

/** An AI agent's call as its post-call analysis wrote it; the call itself may still go on with a person. */
export const AnalysisCompletedData = v.object({
  callId: Id,
  aiAgentId: Id,
  summary: v.string(),
  outcome: v.picklist(CALL_RESULTS),
  sentiment: v.picklist(CALL_SENTIMENTS),
});
export type AnalysisCompletedData = v.InferOutput<typeof AnalysisCompletedData>;

export const AppointmentBookedData = v.object({
  appointmentId: Id,
  callId: v.nullable(Id),
  dateTime: IsoDateTime,
  durationMinutes: v.number(),
  leadName: v.string(),
  leadPhone: v.string(),
});
export type AppointmentBookedData = v.InferOutput<typeof AppointmentBookedData>;

export const SmsReceivedData = v.object({
  messageId: Id,
  conversationId: Id,
  from: v.string(),
  to: v.string(),
  body: v.string(),
  receivedAt: IsoDateTime,
});
export type SmsReceivedData = v.InferOutput<typeof SmsReceivedData>;

export const WebhookTestData = v.object({ message: v.string() });
export type WebhookTestData = v.InferOutput<typeof WebhookTestData>;

/** Each event's `data`: the one table the server, the tests and the OpenAPI document's `webhooks` read. */
export const WEBHOOK_EVENT_DATA = {
  'call.started': CallStartedData,
  'call.completed': CallCompletedData,
  'call.failed': CallFailedData,
  'call.transferred': CallTransferredData,
  'call.callback_requested': CallbackRequestedData,
  'analysis.completed': AnalysisCompletedData,
  'appointment.booked': AppointmentBookedData,
  'sms.received': SmsReceivedData,
  'webhook.test': WebhookTestData,
} as const satisfies Record<WebhookDeliveredType, v.GenericSchema>;

export type WebhookEventDataMap = { [T in WebhookDeliveredType]: v.InferOutput<(typeof WEBHOOK_EVENT_DATA)[T]> };

/** The JSON body of every delivery: `data` is the event's own (WEBHOOK_EVENT_DATA). */
export interface WebhookEvent<T extends WebhookDeliveredType = WebhookDeliveredType> {
  id: string;
  type: T;
  createdAt: string;
  accountId: string;
  data: WebhookEventDataMap[T];
}

/** The whole body of one event type's deliveries, as a schema (for documents and receivers that validate). */
export const webhookEventSchema = <T extends WebhookDeliveredType>(type: T) => v.object({
  id: v.string(),
  type: v.literal(type),
  createdAt: IsoDateTime,
  accountId: Id,
  data: WEBHOOK_EVENT_DATA[type],
});
