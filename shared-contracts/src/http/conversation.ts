import * as v from 'valibot';
import { endpoint } from './endpoint';
import {
  CallDirection, Id, IsoDateTime, SearchText, UsPhone, UsPhoneInput, requestObject,
} from '../schemas/common';
import { IdempotencyKey } from '../domain/idempotency-key';
import { Lead } from '../schemas/entities';
import { SmsPayload } from '../socket';

export const MESSAGE_AUTHOR_TYPES = ['ai', 'lead', 'agent', 'system'] as const;

/** One turn of a call's transcript. `agent` is set for AI or human agent turns, `lead` for the caller's. */
export const ConversationMessage = v.object({
  id: Id,
  authorType: v.picklist(MESSAGE_AUTHOR_TYPES),
  content: v.string(),
  createdAt: IsoDateTime,
  agent: v.nullable(v.object({ id: Id, name: v.string() })),
  lead: v.nullable(Lead),
});
export type ConversationMessage = v.InferOutput<typeof ConversationMessage>;

export const ConversationMessages = v.object({
  callDirection: CallDirection,
  messages: v.array(ConversationMessage),
});
export type ConversationMessages = v.InferOutput<typeof ConversationMessages>;

const ConversationIdBody = requestObject({
  conversation_id: v.pipe(v.string('Choose a conversation'), v.uuid('Choose a conversation')),
});

/** One SMS thread of the agent's list, newest activity first. */
export const SmsThread = v.object({
  conversationId: Id,
  /** The other party's number. */
  leadNumber: v.string(),
  lead: v.nullable(Lead),
  lastMessage: v.nullable(v.string()),
  lastMessageAt: v.nullable(IsoDateTime),
  unreadCount: v.number(),
});
export type SmsThread = v.InferOutput<typeof SmsThread>;

/** Longest SMS the product sends (ten concatenated segments). */
export const SMS_MAX_LENGTH = 1600;
export const SMS_CONTENT_REQUIRED_TEXT = 'Message is required';

/** What the send answers, and the thread shows, for a text the provider refused. */
export const SMS_SEND_FAILED_TEXT = 'The message could not be sent. Please try again.';
export const SMS_KEY_REUSED_TEXT = 'This idempotency key was already used for a different message';
/**
 * The status of a text whose sending process stopped before the provider answered: it may or
 * may not have reached the carrier. A status callback that arrives later replaces it.
 */
export const SMS_UNCONFIRMED_STATUS = 'unconfirmed';
/** Statuses that end a send without delivery: the composer offers to send the text again. */
export const SMS_NOT_SENT_STATUSES: readonly string[] = ['failed', 'undelivered', SMS_UNCONFIRMED_STATUS];

/**
 * `idempotencyKey` (an addition to the spec's three fields): one per message, reused by every
 * retry of it. A repeat answers the stored message and never sends it twice; the same key with
 * another recipient or text is refused (409).
 */
export const SendSmsBody = requestObject({
  toNumber: UsPhoneInput('Recipient number'),
  content: v.pipe(
    v.string(SMS_CONTENT_REQUIRED_TEXT),
    v.check((s: string) => s.trim() !== '', SMS_CONTENT_REQUIRED_TEXT),
    v.maxLength(SMS_MAX_LENGTH, `Message must be at most ${SMS_MAX_LENGTH} characters`),
  ),
  agentNo: UsPhoneInput('Agent number'),
  idempotencyKey: IdempotencyKey,
});

export const conversationContract = {
  getConversationMessages: endpoint({
    method: 'POST', path: 'conversation/get-conversation-messages/{accountId}', summary: 'A call\'s transcript, oldest first, with the call\'s direction',
    params: v.object({ accountId: Id }), body: ConversationIdBody,
    response: ConversationMessages,
    roles: ['USER'],
    tenant: [{ in: 'params', key: 'accountId', owns: 'account' }, { in: 'body', key: 'conversation_id', owns: 'conversation' }],
    publicApi: true,
  }),
  getSmsList: endpoint({
    method: 'POST', path: 'conversation/get-sms-list/{agentNumber}', summary: 'The agent number\'s SMS threads, searched by number, name or text',
    params: v.object({ agentNumber: UsPhone }), body: v.object({ searchText: SearchText }),
    response: v.array(SmsThread),
    roles: ['AGENT'], tenant: [{ in: 'params', key: 'agentNumber', owns: 'agentNumber' }],
  }),
  getConversationSms: endpoint({
    method: 'POST', path: 'conversation/get-conversation-sms/{accountId}', summary: 'The messages of one SMS thread, oldest first',
    params: v.object({ accountId: Id }), body: ConversationIdBody,
    response: v.array(SmsPayload),
    roles: ['AGENT'],
    tenant: [{ in: 'params', key: 'accountId', owns: 'account' }, { in: 'body', key: 'conversation_id', owns: 'smsConversation' }],
  }),
  sendSms: endpoint({
    method: 'POST', path: 'conversation/send-sms', summary: 'Send an SMS from the agent\'s number, once per idempotency key; the answer is the stored message',
    body: SendSmsBody, response: SmsPayload,
    roles: ['AGENT'], tenant: [{ in: 'body', key: 'agentNo', owns: 'agentNumber' }],
  }),
} as const;
