import * as v from 'valibot';
import { Id, IsoDateTime } from './schemas/common';
import { AgentStatus, AgentStatusEntry, AwayReason, QueueEntry } from './schemas/entities';
import { inputRefusal } from './domain/control-characters';
import { CAMPAIGN_PAUSE_REASONS } from './domain/campaign';
import { CONSULT_STATES, SUPERVISE_MODES } from './domain/person-call';
import { CampaignProgress } from './http/campaign';
import { decodeJson, INPUT_NESTING_TEXT } from './domain/input-nesting';

/** An SMS as pushed to the browser (RECEIVE_SMS) and listed in a thread. */
export const SmsPayload = v.object({
  id: Id,
  conversationId: Id,
  direction: v.picklist(['inbound', 'outbound']),
  fromNumber: v.string(),
  toNumber: v.string(),
  content: v.string(),
  status: v.string(),
  createdAt: IsoDateTime,
});
export type SmsPayload = v.InferOutput<typeof SmsPayload>;

export const SmsStatusPayload = v.object({ id: Id, conversationId: Id, status: v.string() });

/** Server → browser messages ("Received"). */
export const ServerMessage = v.variant('type', [
  // awayReason and since (additions): why an agent is away, and since when it is in its status.
  v.object({ type: v.literal('STATUS_UPDATED'), ...AgentStatusEntry.entries }),
  // agentId (an addition): the agent whose call ended; an absent one means every agent's softphone.
  v.object({ type: v.literal('DISCONNECT_CALL'), callSid: v.optional(v.string()), agentId: v.optional(Id) }),
  v.object({ type: v.literal('RECEIVE_SMS'), payload: SmsPayload }),
  v.object({ type: v.literal('SMS_STATUS_CHANGED'), payload: SmsStatusPayload }),
  v.object({ type: v.literal('QUEUE_UPDATED'), queue: v.optional(v.array(QueueEntry)) }),
  v.object({
    type: v.literal('INITIAL_STATUS'),
    queue: v.optional(v.array(QueueEntry)),
    statuses: v.optional(v.array(AgentStatusEntry)),
  }),
  // Not in the spec: a line of a running AI call's transcript, as it is said.
  v.object({
    type: v.literal('TRANSCRIPT_UPDATED'),
    callId: Id,
    message: v.object({ id: Id, authorType: v.picklist(['ai', 'lead', 'agent', 'system']), content: v.string(), createdAt: IsoDateTime }),
  }),
  // Not in the spec: a person put the other party of their call on hold (heldSince) or took them off it (null).
  v.object({ type: v.literal('CALL_HOLD_CHANGED'), callSid: v.string(), agentId: Id, heldSince: v.nullable(IsoDateTime) }),
  // Not in the spec: a warm transfer moved on: the colleague (colleagueId) is rung, talking to the agent (agentId), or gone.
  v.object({ type: v.literal('CALL_CONSULT_CHANGED'), callSid: v.string(), agentId: Id, colleagueId: Id, state: v.picklist(CONSULT_STATES) }),
  // Not in the spec: a USER supervises a call a human agent (agentId) is on, changed how, or left it (supervisorId and mode null).
  v.object({
    type: v.literal('CALL_SUPERVISION_CHANGED'), callSid: v.string(), agentId: v.nullable(Id),
    supervisorId: v.nullable(Id), mode: v.nullable(v.picklist(SUPERVISE_MODES)),
  }),
  // Not in the spec: a running AI call is over (its summary follows in the call's report).
  v.object({ type: v.literal('LIVE_CALL_ENDED'), callId: Id }),
  // Not in the spec: an AI agent's campaign moved on (a lead called, answered, added or removed;
  // the campaign started, paused or paused by its plan), with its progress as it stands.
  v.object({
    type: v.literal('CAMPAIGN_UPDATED'),
    agentId: Id,
    campaignActive: v.boolean(),
    campaignPausedReason: v.nullable(v.picklist(CAMPAIGN_PAUSE_REASONS)),
    progress: CampaignProgress,
  }),
  // Not in the spec: the server's answer to a frame it refused (malformed, or another account's ids).
  v.object({ type: v.literal('ERROR'), message: v.string(), refused: v.optional(v.string()) }),
]);
export type ServerMessage = v.InferOutput<typeof ServerMessage>;

/** Browser → server messages ("Sent"). */
export const ClientMessage = v.variant('type', [
  // awayReason (an addition): required with status away, ignored with any other.
  v.object({ type: v.literal('UPDATE_STATUS'), agentId: Id, status: AgentStatus, awayReason: v.optional(AwayReason) }),
  v.object({ type: v.literal('AGENT_ACTIVE_STATUS'), accountId: Id, agentId: Id, isActive: v.boolean() }),
  // entryId (an addition): the queued caller the agent is calling back. Without it (an older
  // softphone) the oldest caller leaves the queue.
  v.object({ type: v.literal('REMOVE_FROM_QUEUE'), agentId: Id, accountId: Id, entryId: v.optional(Id) }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

export type ServerMessageType = ServerMessage['type'];
export type ClientMessageType = ClientMessage['type'];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

/**
 * Parses a raw frame; returns an error text instead of throwing, so a bad frame is reported, not
 * fatal. A frame nested too deeply is refused before it is decoded.
 */
export function parseMessage<S extends v.GenericSchema>(
  schema: S,
  raw: string,
): { ok: true; message: v.InferOutput<S> } | { ok: false; error: string } {
  const decoded = decodeJson(raw);
  if (!decoded.ok) return { ok: false, error: decoded.tooDeep ? INPUT_NESTING_TEXT : 'Message is not valid JSON' };
  const refusal = inputRefusal(decoded.value);
  if (refusal !== null) return { ok: false, error: refusal };
  const result = v.safeParse(schema, decoded.value);
  if (!result.success) return { ok: false, error: result.issues.map((i) => i.message).join('; ') };
  return { ok: true, message: result.output as v.InferOutput<S> };
}

export const SOCKET_PATH = '/ws';
/** A close code the server uses when the token or account is refused. */
export const SOCKET_CLOSE_UNAUTHORIZED = 4401;

// The local telephony simulator's signalling socket (the stand-in for the voice SDK's own
// signalling to Twilio). Used only when the API runs without Twilio credentials.
export const SIMULATOR_VOICE_PATH = '/v1/telephony/simulator/voice';

const CallSid = v.pipe(v.string(), v.regex(/^CA[0-9a-f]{32}$/, 'Unknown call'));
/** DTMF the voice SDK accepts: 0-9, *, # and w (a pause). */
const DtmfDigits = v.pipe(v.string(), v.regex(/^[0-9*#w]{1,32}$/, 'Digits may only be 0-9, *, # and w'));

/** Simulator → browser device. */
export const SimulatorServerMessage = v.variant('type', [
  v.object({ type: v.literal('registered') }),
  v.object({ type: v.literal('incoming'), callSid: CallSid, from: v.string() }),
  /** The caller hung up, or another agent answered, before this device did. */
  v.object({ type: v.literal('cancel'), callSid: CallSid }),
  /** The call this device placed or accepted is connected. */
  v.object({ type: v.literal('accepted'), callSid: CallSid }),
  /** The outbound call this device asked for was created with this sid. */
  v.object({ type: v.literal('ringing'), callSid: CallSid, requestId: v.string() }),
  v.object({ type: v.literal('disconnected'), callSid: CallSid }),
  /** A refusal; `requestId` names the connect it answers, so that dial fails instead of waiting. */
  v.object({ type: v.literal('error'), code: v.number(), message: v.string(), requestId: v.optional(v.string()) }),
]);
export type SimulatorServerMessage = v.InferOutput<typeof SimulatorServerMessage>;

/** Browser device → simulator. */
export const SimulatorDeviceMessage = v.variant('type', [
  v.object({ type: v.literal('accept'), callSid: CallSid }),
  v.object({ type: v.literal('reject'), callSid: CallSid }),
  v.object({ type: v.literal('hangup'), callSid: CallSid }),
  v.object({ type: v.literal('digits'), callSid: CallSid, digits: DtmfDigits }),
  // `to` is a number, or a supervisor's way onto a call (superviseAddress).
  v.object({
    type: v.literal('connect'), requestId: v.pipe(v.string(), v.maxLength(64)),
    to: v.pipe(v.string(), v.regex(/^(\+1\d{10}|supervise:CA[0-9a-f]{32})$/, 'Phone numbers are +1 followed by ten digits')),
  }),
]);
export type SimulatorDeviceMessage = v.InferOutput<typeof SimulatorDeviceMessage>;
/** The server is stopping (a deploy or a restart): another instance answers, so reconnect at once. */
export const SOCKET_CLOSE_SERVER_RESTART = 1012;
