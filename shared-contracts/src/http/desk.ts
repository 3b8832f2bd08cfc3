import * as v from 'valibot';
import { endpoint } from './endpoint';
import { Ack, CallDirection, dateRangeInOrder, Email, Id, IsoDate, IsoDateTime, noHtml, PlainText, requestObject, UsPhoneInput } from '../schemas/common';
import { CallWrapUp } from '../schemas/entities';
import { TeamMember } from './agent';
import { CALL_TRANSFER_TEXT, SUPERVISE_MODES } from '../domain/person-call';
import {
  DESK_REPORT_MAX_DAYS, DESK_REPORT_RANGE_TOO_LONG_TEXT, DISPOSITION_MAX_COUNT, DISPOSITION_MAX_LENGTH, WRAP_UP_NOTES_MAX_LENGTH, WRAP_UP_SECONDS_MAX, WRAP_UP_SECONDS_MIN, WRAP_UP_TEXT,
} from '../domain/wrap-up';

const Disposition = v.pipe(
  v.string(WRAP_UP_TEXT.dispositionRequired), v.trim(), v.nonEmpty(WRAP_UP_TEXT.dispositionRequired),
  v.maxLength(DISPOSITION_MAX_LENGTH, WRAP_UP_TEXT.dispositionTooLong), noHtml('Disposition'),
);

/** How the account's human agents wrap up their calls: the dispositions they choose from, and the time they have. */
export const DeskSetting = requestObject({
  dispositions: v.pipe(
    v.array(Disposition, WRAP_UP_TEXT.dispositionsRequired),
    v.minLength(1, WRAP_UP_TEXT.dispositionsRequired),
    v.maxLength(DISPOSITION_MAX_COUNT, WRAP_UP_TEXT.dispositionsTooMany),
    v.check((list) => new Set(list.map((item) => item.toLowerCase())).size === list.length, WRAP_UP_TEXT.dispositionsRepeated),
  ),
  wrapUpSeconds: v.pipe(
    v.number(WRAP_UP_TEXT.secondsRange), v.integer(WRAP_UP_TEXT.secondsRange),
    v.minValue(WRAP_UP_SECONDS_MIN, WRAP_UP_TEXT.secondsRange), v.maxValue(WRAP_UP_SECONDS_MAX, WRAP_UP_TEXT.secondsRange),
  ),
});
export type DeskSetting = v.InferOutput<typeof DeskSetting>;

/** A call the signed-in agent has still to wrap up. */
export const PendingWrapUp = v.object({
  callId: Id,
  direction: CallDirection,
  /** The caller's number (or, for a call the agent placed, the number called). */
  phoneNumber: v.string(),
  callerName: v.nullable(v.string()),
  durationSeconds: v.number(),
  /** When the time to wrap it up runs out; the agent is then offered calls again. */
  dueAt: IsoDateTime,
  dispositions: v.array(v.string()),
});
export type PendingWrapUp = v.InferOutput<typeof PendingWrapUp>;

export const WrapUpCallBody = requestObject({
  callId: v.pipe(v.string('Call is required'), v.uuid('Invalid id')),
  disposition: Disposition,
  notes: v.optional(v.pipe(v.string('Notes must be a text'), v.trim(), v.maxLength(WRAP_UP_NOTES_MAX_LENGTH, WRAP_UP_TEXT.notesTooLong), noHtml('Notes')), ''),
});

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The days a desk report covers, in the account's zone: the last 7 up to today when absent. */
export const DeskReportFilter = v.pipe(
  requestObject({ from: v.optional(IsoDate), to: v.optional(IsoDate) }),
  dateRangeInOrder(),
  v.forward(
    v.check((f) => f.from === undefined || f.to === undefined || dayNumber(f.to) - dayNumber(f.from) < DESK_REPORT_MAX_DAYS, DESK_REPORT_RANGE_TOO_LONG_TEXT),
    ['to'],
  ),
);

/** How the desk did with the callers who waited for a person: rang an agent number, or were handed over by an AI agent. */
export const DeskFigures = v.object({
  /** Callers who waited for a person. */
  offered: v.number(),
  /** Of them, taken by a person. */
  answered: v.number(),
  /** Of them, gone before a person took them (hung up in the queue, or nobody answered). */
  abandoned: v.number(),
  /** From joining the queue to a person taking the call, over the answered; null when none was. */
  averageWaitSeconds: v.nullable(v.number()),
  p90WaitSeconds: v.nullable(v.number()),
  /** From a person taking the call to the end of its wrap-up. */
  averageHandleSeconds: v.nullable(v.number()),
  /** Callers an AI agent handed to a person, and of them the ones a person took. */
  handedOver: v.number(),
  handedOverAnswered: v.number(),
});
export type DeskFigures = v.InferOutput<typeof DeskFigures>;

const DispositionCount = v.object({
  /** Null: calls whose wrap-up time ran out. */
  disposition: v.nullable(v.string()),
  calls: v.number(),
});

export const DeskReport = v.object({
  from: IsoDate,
  to: IsoDate,
  totals: DeskFigures,
  /** Every day of the range, oldest first, also days with no calls. */
  byDay: v.array(v.object({ date: IsoDate, ...DeskFigures.entries })),
  /** Each human agent who took a call in the range, by name. */
  byAgent: v.array(v.object({
    agentId: Id, fullName: v.string(), answered: v.number(), averageHandleSeconds: v.nullable(v.number()), dispositions: v.array(DispositionCount),
  })),
  /** The wrap-ups of the answered calls, most frequent first. */
  dispositions: v.array(DispositionCount),
});
export type DeskReport = v.InferOutput<typeof DeskReport>;

/** The call a person is on: whom with, and since when they have been talking. */
const CurrentCall = v.object({
  callId: Id,
  direction: CallDirection,
  /** The caller's number (or, for a call the agent placed, the number called). */
  phoneNumber: v.string(),
  callerName: v.nullable(v.string()),
  /** When the person took the call. */
  since: IsoDateTime,
  /** Since when the person holds the caller; null when they are talking. */
  heldSince: v.nullable(IsoDateTime),
  /** The colleague (an agentId of `agents`) the person talks to first to hand the caller over; null when none. */
  consultWith: v.optional(v.nullable(Id), null),
  /** The call's CallSid: what a supervisor joins. */
  callSid: v.optional(v.nullable(v.string()), null),
  /** Who of the account's USERs supervises the call, and how; null when nobody does. */
  supervision: v.optional(v.nullable(v.object({ supervisorId: Id, supervisorName: v.string(), mode: v.picklist(SUPERVISE_MODES) })), null),
});

/** The account's desk as it stands: who is on which call, who waits, and what the AI agents are talking about. */
export const LiveDesk = v.object({
  agents: v.array(v.object({ ...TeamMember.entries, currentCall: v.nullable(CurrentCall) })),
  /** Callers waiting for a person, longest first. */
  queue: v.array(v.object({
    id: Id,
    phoneNumber: v.string(),
    callerName: v.nullable(v.string()),
    enqueuedAt: IsoDateTime,
    /** The AI agent that handed the caller over, and why; null for a caller who rang an agent number. */
    handedOverBy: v.nullable(v.string()),
    reason: v.nullable(v.string()),
  })),
  /** AI agents' calls in progress, not handed over (a caller handed over is in `queue`), with the last line said. */
  aiCalls: v.array(v.object({
    callId: Id,
    aiAgentName: v.string(),
    direction: CallDirection,
    phoneNumber: v.string(),
    callerName: v.nullable(v.string()),
    startedAt: IsoDateTime,
    lastLine: v.nullable(v.object({ authorType: v.picklist(['ai', 'lead', 'agent', 'system']), content: v.string() })),
  })),
});
export type LiveDesk = v.InferOutput<typeof LiveDesk>;

/** The softphone is hanging up the call it holds (the caller's CallSid). */
export const HangUpCallBody = requestObject({
  callSid: v.pipe(v.string('Call is required'), v.regex(/^CA[0-9a-f]{32}$/, 'Unknown call')),
});

/** Hold the caller of the call the softphone is on, or take them off hold. */
export const HoldCallBody = requestObject({
  callSid: HangUpCallBody.entries.callSid,
  held: v.boolean('Say whether the call is held'),
});

export const HoldCallResult = v.object({ callSid: v.string(), heldSince: v.nullable(IsoDateTime) });
export type HoldCallResult = v.InferOutput<typeof HoldCallResult>;

const ColleagueId = v.pipe(v.string('Colleague is required'), v.uuid('Invalid id'));

/** Hand the caller of the call the softphone is on to an available colleague, or to an outside number. */
export const TransferCallBody = v.pipe(
  requestObject({
    callSid: HangUpCallBody.entries.callSid,
    agentId: v.optional(ColleagueId),
    phoneNumber: v.optional(UsPhoneInput('Number to transfer to')),
  }),
  v.check((body) => (body.agentId === undefined) !== (body.phoneNumber === undefined), CALL_TRANSFER_TEXT.chooseOne),
);

/** Warm transfer: the colleague to talk to first. */
export const ConsultBody = requestObject({ callSid: HangUpCallBody.entries.callSid, agentId: ColleagueId });

/** The call the softphone is on (the caller's CallSid). */
export const CallSidBody = requestObject({ callSid: HangUpCallBody.entries.callSid });

/** A USER joins (or changes how they are on) a call one of their human agents is on. */
export const SuperviseCallBody = requestObject({
  callSid: HangUpCallBody.entries.callSid,
  mode: v.picklist(SUPERVISE_MODES, 'Choose listen, whisper or barge'),
});
export const Supervision = v.object({
  callSid: v.string(),
  mode: v.picklist(SUPERVISE_MODES),
  /** The address the supervisor's browser phone calls to join the call (until it has joined). */
  connectTo: v.string(),
  /** The supervisor's browser phone is on the call. */
  joined: v.boolean(),
});
export type Supervision = v.InferOutput<typeof Supervision>;

/** A human agent the USER adds to their desk: their name, the email they sign in with, and their line. */
export const NewHumanAgent = requestObject({
  firstName: PlainText('First name', 60),
  lastName: PlainText('Last name', 60),
  email: Email,
  agentNumber: UsPhoneInput('Agent number'),
});
export type NewHumanAgent = v.InferOutput<typeof NewHumanAgent>;

export const deskContract = {
  getDeskSetting: endpoint({
    method: 'GET', path: 'desk/get-setting', summary: 'The dispositions the account\'s human agents wrap up their calls with, and the time they have',
    response: DeskSetting, roles: ['USER', 'AGENT'], tenant: [],
  }),
  updateDeskSetting: endpoint({
    method: 'PATCH', path: 'desk/update-setting', summary: 'Set the dispositions and the time the account\'s human agents have to wrap up a call',
    body: DeskSetting, response: DeskSetting, roles: ['USER'], tenant: [],
  }),
  getPendingWrapUp: endpoint({
    method: 'GET', path: 'desk/get-pending-wrap-up', summary: 'The call the signed-in agent has still to wrap up, or null',
    response: v.object({ pending: v.nullable(PendingWrapUp) }), roles: ['AGENT'], tenant: [],
  }),
  wrapUpCall: endpoint({
    method: 'POST', path: 'desk/wrap-up-call', summary: 'Wrap up a call the signed-in agent took: its disposition and notes; the agent is then offered calls again',
    body: WrapUpCallBody, response: v.object({ callId: Id, wrapUp: CallWrapUp }),
    roles: ['AGENT'], tenant: [{ in: 'body', key: 'callId', owns: 'call' }],
  }),
  hangUpCall: endpoint({
    method: 'POST', path: 'desk/hang-up-call', summary: 'The signed-in agent is ending the call they are on (the softphone says so just before it hangs up): the caller is not returned to the queue, as after a lost browser',
    body: HangUpCallBody, response: Ack, roles: ['AGENT'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  holdCall: endpoint({
    method: 'POST', path: 'desk/hold-call', summary: 'The signed-in agent puts the other party of the call they are on on hold (they hear hold music), or takes them off it',
    body: HoldCallBody, response: HoldCallResult, roles: ['AGENT'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  transferCall: endpoint({
    method: 'POST', path: 'desk/transfer-call', summary: 'The signed-in agent hands their caller to an available colleague (rung alone, then, unanswered, every available agent) or to an outside number (unreached, the caller comes back to the queue)',
    body: TransferCallBody, response: Ack, roles: ['AGENT'],
    tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }, { in: 'body', key: 'agentId', owns: 'accountUser' }],
  }),
  consultColleague: endpoint({
    method: 'POST', path: 'desk/consult-colleague', summary: 'Warm transfer: the signed-in agent holds their caller and rings an available colleague to talk to first',
    body: ConsultBody, response: Ack, roles: ['AGENT'],
    tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }, { in: 'body', key: 'agentId', owns: 'accountUser' }],
  }),
  completeTransfer: endpoint({
    method: 'POST', path: 'desk/complete-transfer', summary: 'Warm transfer: the colleague the agent talked to takes the caller, off hold, and the agent leaves the call',
    body: CallSidBody, response: Ack, roles: ['AGENT'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  cancelConsult: endpoint({
    method: 'POST', path: 'desk/cancel-consult', summary: 'Warm transfer: the colleague leaves (or stops ringing) and the call stays the agent\'s, the caller on hold',
    body: CallSidBody, response: Ack, roles: ['AGENT'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  superviseCall: endpoint({
    method: 'POST', path: 'desk/supervise-call', summary: 'The USER listens to, whispers on or barges into a call one of their human agents is on; one supervisor per call',
    body: SuperviseCallBody, response: Supervision, roles: ['USER'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  stopSupervising: endpoint({
    method: 'POST', path: 'desk/stop-supervising', summary: 'The USER leaves a call they supervise',
    body: CallSidBody, response: Ack, roles: ['USER'], tenant: [{ in: 'body', key: 'callSid', owns: 'callSid' }],
  }),
  addAgent: endpoint({
    method: 'POST', path: 'desk/add-agent', summary: 'The USER adds a human agent to their desk, with their own line; the agent is emailed a link to set their password',
    body: NewHumanAgent, response: TeamMember, roles: ['USER'], tenant: [],
  }),
  getLiveDesk: endpoint({
    method: 'GET', path: 'desk/get-live-desk', summary: 'The desk as it stands: each human agent with their status and current call, the callers waiting, and the AI agents\' calls in progress',
    response: LiveDesk, roles: ['USER'], tenant: [],
  }),
  getDeskReport: endpoint({
    method: 'POST', path: 'desk/get-desk-report', summary: 'How the human agents did with the callers who waited for them: offered, answered, abandoned, waits and handle times, per day and per agent',
    body: DeskReportFilter, response: DeskReport, roles: ['USER'], tenant: [],
  }),
} as const;
