import * as v from 'valibot';
import { endpoint } from './endpoint';
import {
  Ack, CallDirection, Email, FileUpload, Id, IsoDateTime, PageInput, SearchText, UsPhoneInput, requestObject,
} from '../schemas/common';
import { CallAnalysis } from '../schemas/call-analysis';
import { CallLog, CallStatus, CallWrapUp } from '../schemas/entities';
import { CallFeedback } from '../schemas/feedback';
import { CALL_END_REASONS, type CallEndReasonKey } from '../domain/call-ending';

export const CallStats = v.object({
  total: v.number(),
  inbound: v.number(),
  outbound: v.number(),
  answered: v.number(),
  missed: v.number(),
  averageDurationSeconds: v.number(),
  /** Calls per day for the last 14 days, oldest first (dates in the account's time zone). */
  byDay: v.array(v.object({ date: v.string(), inbound: v.number(), outbound: v.number() })),
});
export type CallStats = v.InferOutput<typeof CallStats>;

const CallLogFilter = v.object({
  ...PageInput,
  search: SearchText,
  direction: v.optional(CallDirection),
  /** Only AI calls with a turn whose first words took SLOW_TURN_MS or longer. */
  slowTurns: v.optional(v.boolean('Slow turns must be true or false')),
  /** Only calls that ended this way (a key of CALL_END_REASONS). */
  endReason: v.optional(v.picklist(Object.keys(CALL_END_REASONS) as CallEndReasonKey[], 'Choose how the call ended')),
});

export const MakeTestCallBody = requestObject({
  agentId: v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent')),
  phoneNumber: UsPhoneInput(),
});

/** An agent that takes only inbound calls places none: not a test call, not a call through the API. */
export const AGENT_PLACES_NO_CALLS_TEXT = 'This agent takes only inbound calls; let it make outbound calls before placing a call';

/** What placing a call answers: the call's id (to follow it with call/get-call), the carrier's sid and status. */
export const PlacedCall = v.object({ callId: Id, callSid: v.string(), status: v.string() });
export type PlacedCall = v.InferOutput<typeof PlacedCall>;

/** The voice token's identity is the signed-in user's email. */
export const GenerateTokenBody = requestObject({ identity: Email });
export const VOICE_PROVIDERS = ['twilio', 'simulator'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];
/** `provider` says which device the softphone creates: Twilio's Voice SDK, or the local simulator's. */
export const VoiceToken = v.object({ token: v.string(), identity: v.string(), ttlSeconds: v.number(), provider: v.picklist(VOICE_PROVIDERS) });

export const VOICEMAIL_MIME_TYPES = ['audio/mpeg', 'audio/mp3', 'audio/wav', 'audio/x-wav', 'audio/wave'] as const;
export const VOICEMAIL_MAX_BYTES = 10 * 1024 * 1024;
export const VoicemailUpload = requestObject({ file: FileUpload(VOICEMAIL_MIME_TYPES, VOICEMAIL_MAX_BYTES, 'an MP3 or WAV file') });

/** An absent accountId means the caller's own account (spec: accountId falls back to the current account). */
const AccountQuery = v.object({ accountId: v.optional(Id) });

export const DialerSetting = v.object({
  accountId: Id,
  /** The number the human agent calls and texts from. */
  agentNumber: v.nullable(v.string()),
  /** Played when a call reaches voicemail and the agent drops the default message. */
  defaultVoicemailUrl: v.nullable(v.string()),
  ringTimeoutSeconds: v.number(),
  recordCalls: v.boolean(),
});
export type DialerSetting = v.InferOutput<typeof DialerSetting>;

export const CALL_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
/** How an AI call turned out, as its wrap-up judged it. */
export const CALL_RESULTS = ['appointment-booked', 'transferred', 'answered', 'unresolved'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

/** A USER talks to one of their AI agents in the browser, over the relay protocol. */
export const StartBrowserCallBody = requestObject({
  agentId: v.pipe(v.string('Choose an agent'), v.uuid('Choose an agent')),
});
export const BrowserCall = v.object({
  callId: Id,
  /** The call's sid, which the browser's `setup` frame carries as Twilio's would. */
  callSid: v.string(),
  /** The relay socket's path and query (a short-lived token), to join to the WebSocket base. */
  relayPath: v.string(),
  /** The agent's greeting, which the caller hears first. */
  greeting: v.string(),
  /** Which responder answers: a model's name, or the local responder's label. */
  responder: v.string(),
  /**
   * For an agent on our speech pipeline with its clients in place: the Media Streams socket's
   * path and query, over which the browser sends the microphone and plays the agent's own voice.
   * The link and relayPath admit one socket between them.
   */
  audioPath: v.optional(v.string()),
});
export type BrowserCall = v.InferOutput<typeof BrowserCall>;

/** What a human agent sees when an AI agent hands a caller over: while the call rings, and until it ends. */
export const IncomingCallContext = v.object({
  callSid: v.string(),
  /** The call's id, which its live transcript lines (TRANSCRIPT_UPDATED) carry. */
  callId: Id,
  from: v.string(),
  callerName: v.nullable(v.string()),
  /** The AI agent that took the call, when one did. */
  aiAgentName: v.nullable(v.string()),
  /** Why the caller asked for a person, in the AI agent's words. */
  reason: v.nullable(v.string()),
  transcript: v.array(v.object({ authorType: v.picklist(['ai', 'lead', 'agent', 'system']), content: v.string(), createdAt: IsoDateTime })),
  /**
   * The caller's earlier calls with the account, newest first (at most INCOMING_CALL_HISTORY):
   * when, which AI agent took it, and what its summary said. Absent from an older server.
   */
  previousCalls: v.optional(v.array(v.object({
    id: Id,
    startedAt: IsoDateTime,
    aiAgentName: v.nullable(v.string()),
    summary: v.nullable(v.string()),
    outcome: v.nullable(v.picklist(CALL_RESULTS)),
  })), []),
  /** The colleague who rings this agent to hand the caller over (a warm transfer), by name; absent from an older server. */
  offeredBy: v.optional(v.nullable(v.string()), null),
});
export type IncomingCallContext = v.InferOutput<typeof IncomingCallContext>;
/** How many of a caller's earlier calls a human agent sees beside the call. */
export const INCOMING_CALL_HISTORY = 5;

/** One call's report: the log row plus what the AI made of it. */
export const CallReport = v.object({
  call: CallLog,
  summary: v.nullable(v.string()),
  sentiment: v.nullable(v.picklist(CALL_SENTIMENTS)),
  outcome: v.nullable(v.picklist(CALL_RESULTS)),
  appointmentBooked: v.boolean(),
  transcriptAvailable: v.boolean(),
  /** The agent's own analysis (its fields and the success judgement); null until the wrap-up, and for agents that define none. */
  analysis: v.nullable(CallAnalysis),
});
export type CallReport = v.InferOutput<typeof CallReport>;

/** A call in one of these is still going on; any other status is how it ended. */
export const UNFINISHED_CALL_STATUSES = ['queued', 'ringing', 'in-progress'] as const satisfies readonly v.InferOutput<typeof CallStatus>[];

/** One call as an integrator follows it: where it is now and, once it has ended, how it went. */
export const CallStatusRecord = v.object({
  id: Id,
  /** The carrier's call id; null for a call that never reached the carrier. */
  callSid: v.nullable(v.string()),
  direction: CallDirection,
  status: CallStatus,
  /** False while the status is queued, ringing or in-progress. */
  finished: v.boolean(),
  fromNumber: v.string(),
  toNumber: v.string(),
  /** The AI agent that placed or took the call, when one did (and still exists). */
  aiAgent: v.nullable(v.object({ id: Id, name: v.string() })),
  /** When the call was placed or started ringing. */
  startedAt: IsoDateTime,
  /** Talk time; 0 until the call ends, and for a call nobody answered. */
  durationSeconds: v.number(),
  /** Why the call ended (CALL_END_REASONS); null while it goes on, and for calls no AI agent held. */
  endReason: v.nullable(v.string()),
  /** The AI's summary of the call; null until the wrap-up after the call has landed. */
  summary: v.nullable(v.string()),
  outcome: v.nullable(v.picklist(CALL_RESULTS)),
  /** The agent's own analysis of the call; null until the wrap-up, and for agents that define none. */
  analysis: v.nullable(CallAnalysis),
  /** The disposition and notes of the person who took the call; null until they wrap it up. */
  wrapUp: v.optional(v.nullable(CallWrapUp), null),
});
export type CallStatusRecord = v.InferOutput<typeof CallStatusRecord>;

export const SubmitFeedbackBody = requestObject({
  /** The telephony call id the softphone holds (the voice SDK's CallSid). */
  callSid: v.pipe(v.string('Call is required'), v.trim(), v.nonEmpty('Call is required'), v.maxLength(64, 'Call id is too long')),
  ...CallFeedback.entries,
});

export const callContract = {
  getCallStats: endpoint({
    method: 'GET', path: 'call/get-call-stats/{accountId}', summary: 'Call counts by direction for an account',
    params: v.object({ accountId: Id }),
    query: v.object({ direction: v.optional(CallDirection) }),
    response: CallStats,
    roles: ['USER'], tenant: [{ in: 'params', key: 'accountId', owns: 'account' }],
  }),
  getCallLogs: endpoint({
    method: 'POST', path: 'call/get-call-logs', summary: 'The account\'s call logs, newest first',
    body: CallLogFilter,
    response: v.array(CallLog), paged: true,
    roles: ['USER'], tenant: [], publicApi: true,
  }),
  getAgentCallLogs: endpoint({
    method: 'POST', path: 'call/get-agent-call-logs', summary: 'Calls the signed-in human agent took or made, newest first',
    body: CallLogFilter,
    response: v.array(CallLog), paged: true,
    roles: ['AGENT'], tenant: [],
  }),
  makeTestCall: endpoint({
    method: 'POST', path: 'call/make-test-call',
    idempotent: true,
    summary: 'Have an AI agent place an outbound call to a phone number, from the agent\'s own number (an agent that takes only inbound calls is refused); follow it with call/get-call/{id}',
    body: MakeTestCallBody,
    response: PlacedCall,
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent' }], publicApi: true,
  }),
  getCall: endpoint({
    method: 'GET', path: 'call/get-call/{id}',
    summary: 'One call\'s status, for following a placed call: where it is now, how it ended, and the AI\'s summary once the wrap-up has landed',
    params: v.object({ id: Id }), response: CallStatusRecord,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'call' }], publicApi: true,
  }),
  startBrowserCall: endpoint({
    method: 'POST', path: 'call/start-browser-call', summary: 'Talk to an AI agent in the browser: a call log row and a relay socket to talk over',
    body: StartBrowserCallBody, response: BrowserCall,
    roles: ['USER'], tenant: [{ in: 'body', key: 'agentId', owns: 'aiAgent' }],
  }),
  getIncomingCall: endpoint({
    method: 'GET', path: 'call/get-incoming-call/{callSid}', summary: 'Who is calling and, for a caller an AI agent handed over, why and the transcript so far',
    params: v.object({ callSid: v.pipe(v.string(), v.regex(/^CA[0-9a-f]{32}$/, 'Unknown call')) }), response: IncomingCallContext,
    roles: ['AGENT'], tenant: [{ in: 'params', key: 'callSid', owns: 'callSid' }],
  }),
  generateToken: endpoint({
    method: 'POST', path: 'call/generate-token', summary: 'A voice access token for the softphone, or for a USER\'s browser phone to supervise calls with',
    body: GenerateTokenBody, response: VoiceToken,
    roles: ['AGENT', 'USER'], tenant: [{ in: 'body', key: 'identity', owns: 'selfEmail' }],
  }),
  uploadDefaultVoicemail: endpoint({
    method: 'POST', path: '/call/upload-default-voicemail', summary: 'Upload the account\'s default voicemail recording (multipart field file)',
    query: AccountQuery, body: VoicemailUpload, multipart: true,
    response: v.object({ defaultVoicemailUrl: v.string() }),
    roles: ['AGENT'], tenant: [{ in: 'query', key: 'accountId', owns: 'account', optional: true }],
  }),
  getDialerSetting: endpoint({
    method: 'GET', path: 'call/get-dialer-setting', summary: 'The signed-in agent\'s dialer setting',
    query: AccountQuery, response: DialerSetting,
    roles: ['AGENT'], tenant: [{ in: 'query', key: 'accountId', owns: 'account', optional: true }],
  }),
  getCallReports: endpoint({
    method: 'GET', path: 'call/get-call-reports/{id}', summary: 'One call\'s report: the log row, summary and outcome',
    params: v.object({ id: Id }), response: CallReport,
    roles: ['USER'], tenant: [{ in: 'params', key: 'id', owns: 'call' }], publicApi: true,
  }),
  submitFeedback: endpoint({
    method: 'POST', path: 'call/submit-feedback', summary: 'Rate a finished softphone call\'s quality',
    body: SubmitFeedbackBody, response: Ack,
    roles: ['AGENT'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
} as const;
