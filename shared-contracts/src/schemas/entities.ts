import * as v from 'valibot';
import { Id, IsoDateTime, RoleSchema, CallDirection } from './common';
import { PLAN_IDS } from '../domain/plans';
import { CAMPAIGN_PAUSE_REASONS } from '../domain/campaign';

export const SessionUser = v.object({
  id: Id,
  accountId: Id,
  email: v.string(),
  role: RoleSchema,
  firstName: v.string(),
  lastName: v.string(),
  /** The Twilio number a human agent calls and texts from; null for other roles. */
  agentNumber: v.nullable(v.string()),
  timeZone: v.string(),
});
export type SessionUser = v.InferOutput<typeof SessionUser>;

export const Lead = v.object({ id: Id, fullName: v.string(), phoneNumber: v.string() });

export const CALL_STATUSES = ['completed', 'missed', 'busy', 'failed', 'in-progress', 'queued', 'ringing', 'voicemail'] as const;
export const CallStatus = v.picklist(CALL_STATUSES);

/** A message an AI agent took: who to call back, on which number, and why. */
export const CallbackRequest = v.object({
  callerName: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  reason: v.string(),
  requestedAt: IsoDateTime,
});
export type CallbackRequest = v.InferOutput<typeof CallbackRequest>;

/** How a person wrapped up a call they took: null until they do (or their time runs out), and for calls no person took. */
export const CallWrapUp = v.object({
  /** One of the account's dispositions; null when the agent's time to wrap up ran out first. */
  disposition: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  /** When the agent finished it, or when the time ran out. */
  at: IsoDateTime,
});
export type CallWrapUp = v.InferOutput<typeof CallWrapUp>;

export const CallLog = v.object({
  id: Id,
  direction: CallDirection,
  status: CallStatus,
  fromNumber: v.string(),
  toNumber: v.string(),
  startedAt: IsoDateTime,
  durationSeconds: v.number(),
  /** The AI agent that handled the call, when one did. */
  aiAgent: v.nullable(v.object({ id: Id, name: v.string() })),
  /** The human agent (user) that handled the call, when one did. */
  agent: v.nullable(v.object({ id: Id, fullName: v.string() })),
  lead: v.nullable(Lead),
  conversation: v.nullable(v.object({ id: Id, recordingUrl: v.nullable(v.string()) })),
  /** Why the call ended (CALL_END_REASONS); null while it goes on, and for calls no AI agent held. */
  endReason: v.nullable(v.string()),
  /** The message an AI agent took when nobody could take the caller. */
  callbackRequest: v.nullable(CallbackRequest),
  /** The wrap-up of the person who took the call. Absent from an older server. */
  wrapUp: v.optional(v.nullable(CallWrapUp), null),
  /** The outside number a person transferred the caller to: the call left the desk there. Absent from an older server. */
  transferredTo: v.optional(v.nullable(v.string()), null),
});
export type CallLog = v.InferOutput<typeof CallLog>;

export const HANDLE_CALL_TYPES = ['inbound', 'outbound', 'both'] as const;

export const AiAgentSummary = v.object({
  id: Id,
  name: v.string(),
  handleCallType: v.picklist(HANDLE_CALL_TYPES),
  phoneNumber: v.nullable(v.string()),
  campaignActive: v.boolean(),
  /** Why a campaign that was on stopped by itself (the plan no longer allows it); null when it did not. */
  campaignPausedReason: v.nullable(v.picklist(CAMPAIGN_PAUSE_REASONS)),
  createdAt: IsoDateTime,
});
export type AiAgentSummary = v.InferOutput<typeof AiAgentSummary>;

/**
 * A human agent's presence: available (calls are offered), busy (on a call, set by the call
 * itself), wrap-up (after a call, until its wrap-up is done or its time runs out; no calls
 * offered), away (with a reason; no calls offered) or offline.
 */
export const AGENT_STATUSES = ['available', 'busy', 'wrap-up', 'away', 'offline'] as const;
export const AgentStatus = v.picklist(AGENT_STATUSES);
export type AgentStatusValue = (typeof AGENT_STATUSES)[number];
/** The statuses an agent chooses; busy and wrap-up come with a call. */
export const CHOSEN_AGENT_STATUSES = ['available', 'away', 'offline'] as const satisfies readonly AgentStatusValue[];
export type ChosenAgentStatus = (typeof CHOSEN_AGENT_STATUSES)[number];

/** Why an agent is away. */
export const AWAY_REASONS = ['break', 'lunch', 'training'] as const;
export const AwayReason = v.picklist(AWAY_REASONS, 'Choose why you are away');
export type AwayReasonValue = (typeof AWAY_REASONS)[number];
export const AWAY_REASON_LABELS: Record<AwayReasonValue, string> = { break: 'Break', lunch: 'Lunch', training: 'Training' };
export const AWAY_REASON_REQUIRED_TEXT = 'Choose why you are away';

/** A human agent's live availability, keyed by agentId (the agent's user id). */
export const AgentStatusEntry = v.object({
  agentId: Id,
  status: AgentStatus,
  busyFrom: v.nullable(IsoDateTime),
  /** Why the agent is away; null in any other status. Absent from an older server. */
  awayReason: v.optional(v.nullable(AwayReason), null),
  /** When the agent entered this status (the team sees the time in it). Absent from an older server. */
  since: v.optional(v.nullable(IsoDateTime), null),
});
export type AgentStatusEntry = v.InferOutput<typeof AgentStatusEntry>;

export const QueueEntry = v.object({
  id: Id,
  phoneNumber: v.string(),
  callerName: v.nullable(v.string()),
  enqueuedAt: IsoDateTime,
});
export type QueueEntry = v.InferOutput<typeof QueueEntry>;

export const PlanIdSchema = v.picklist(PLAN_IDS);

export const AccountRoleEntry = v.object({
  id: Id,
  title: RoleSchema,
  description: v.string(),
  twilio_number: v.nullable(v.string()),
});

export const AccountListEntry = v.object({
  id: Id,
  name: v.string(),
  ownerEmail: v.nullable(v.string()),
  plan: PlanIdSchema,
  createdAt: IsoDateTime,
  userCount: v.number(),
  /** The account's users, each with its role (spec: roles with id, title, description, twilio_number). */
  roles: v.array(AccountRoleEntry),
});
export type AccountListEntry = v.InferOutput<typeof AccountListEntry>;
