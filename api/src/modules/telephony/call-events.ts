import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { CallEndReason } from 'shared-contracts';
import type { Db } from '../../db/client';
import { calls, conversations, dialerSettings, queueEntries, type CallRow } from '../../db/schema';
import type { CallLogChanges } from '../../plugins/services/call-logs-cache';
import { listQueue, releaseAgent, saveStatus, type RealtimeService } from '../realtime';
import { raiseCallCompleted, raiseCallFailed, raiseCallStarted, type AccountEvents } from '../webhooks';
import { agentByIdentity, agentByNumber, availableAgents, leadByNumber, type AgentLine } from './numbers';
import { consultEnded } from './consult-events';
import { supervisionEnded } from './supervision-events';
import { firstReceipt } from './receipts';

/** What every telephony path needs; the Twilio webhooks and the simulator pass the same. */
export interface TelephonyContext {
  db: Db;
  realtime: RealtimeService;
  /** Told of every write a call-logs page shows (a call logged, its status, a recording). */
  callLogs: CallLogChanges;
  /** The account's webhook events. */
  events: AccountEvents;
  /** An AI agent's call got its final status (a campaign moves its lead on). */
  aiCallEnded?: (call: AiCallEnd) => Promise<void>;
  /** A call a person took was answered and has ended: their wrap-up begins, and `call.completed` goes out when it is done. */
  personCallEnded: (call: PersonCallEnd) => Promise<void>;
}

/** A call a person took, answered and ended. */
export interface PersonCallEnd {
  id: string;
  accountId: string;
  agentUserId: string;
}

/** An AI agent's call with its final status. */
export interface AiCallEnd {
  id: string;
  status: CallRow['status'];
}

/** How a call ended, in the provider's words (Twilio's terminal CallStatus values). */
export const CALL_OUTCOMES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export interface DialerPolicy {
  ringTimeoutSeconds: number;
  recordCalls: boolean;
}

export async function dialerPolicy(db: Db, accountId: string): Promise<DialerPolicy> {
  const [row] = await db.select({ ringTimeoutSeconds: dialerSettings.ringTimeoutSeconds, recordCalls: dialerSettings.recordCalls })
    .from(dialerSettings).where(eq(dialerSettings.accountId, accountId));
  return row ?? { ringTimeoutSeconds: 30, recordCalls: true };
}

export async function broadcastQueue(ctx: TelephonyContext, accountId: string): Promise<void> {
  await ctx.realtime.broadcast(accountId, { type: 'QUEUE_UPDATED', queue: await listQueue(ctx.db, accountId) });
}

/** A call whose other party is a caller who can wait for a person: one who rang in, or one an AI agent talked to. */
const WAITS_FOR_A_PERSON = or(eq(calls.direction, 'inbound'), isNotNull(calls.aiAgentId));

export type InboundCallResult =
  | { accepted: false }
  | { accepted: true; duplicate: boolean; accountId: string; ring: AgentLine[]; policy: DialerPolicy };

/**
 * A caller dialled one of the account's agent numbers: the call is logged, the caller joins the
 * queue (so every softphone shows the badge) and the account's available agents are rung.
 * A repeated CallSid changes nothing and rings the same agents again.
 */
export async function inboundCall(ctx: TelephonyContext, input: { callSid: string; from: string; to: string }): Promise<InboundCallResult> {
  const line = await agentByNumber(ctx.db, input.to);
  if (line === null) return { accepted: false };
  const { accountId } = line;
  const first = await firstReceipt(ctx.db, input.callSid, 'inbound');
  if (first) {
    const lead = await leadByNumber(ctx.db, accountId, input.from);
    await ctx.db.insert(calls).values({
      accountId, direction: 'inbound', status: 'ringing', fromNumber: input.from, toNumber: input.to,
      callSid: input.callSid, leadId: lead?.id ?? null, queuedAt: sql`now()`,
    }).onConflictDoNothing();
    ctx.callLogs.changed(accountId);
    await ctx.db.insert(queueEntries).values({
      accountId, phoneNumber: input.from, callerName: lead?.fullName ?? null, callSid: input.callSid,
    }).onConflictDoNothing();
    await broadcastQueue(ctx, accountId);
  }
  const [ring, policy] = await Promise.all([availableAgents(ctx.db, accountId), dialerPolicy(ctx.db, accountId)]);
  return { accepted: true, duplicate: !first, accountId, ring, policy };
}

/**
 * An agent picked up (or the number an agent dialled answered): the call is theirs, the caller
 * leaves the queue and the agent is busy. A person's own call starts here (`call.started`); an AI
 * agent's call a person takes over started when the AI answered it.
 * False when the call is unknown or someone else answered first.
 */
export async function callAnswered(ctx: TelephonyContext, input: { callSid: string; agentUserId: string }): Promise<boolean> {
  const taken = { id: calls.id, accountId: calls.accountId, aiAgentId: calls.aiAgentId };
  // The caller's wait ends when a person first takes the call.
  const answeredAt = sql`coalesce(${calls.personAnsweredAt}, now())`;
  const [started] = await ctx.db.update(calls)
    .set({ status: 'in-progress', agentUserId: input.agentUserId, personAnsweredAt: answeredAt })
    .where(and(eq(calls.callSid, input.callSid), sql`${calls.status} in ('ringing', 'queued')`))
    .returning(taken);
  // A call in progress with nobody on it waits for a person: one an AI agent handed over, or one
  // whose agent's browser went mid-call. It started before: no second call.started.
  const [call] = started ? [started] : await ctx.db.update(calls)
    .set({ agentUserId: input.agentUserId, personAnsweredAt: answeredAt })
    .where(and(eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), isNull(calls.agentUserId), WAITS_FOR_A_PERSON))
    .returning(taken);
  if (!call) return false;
  ctx.callLogs.changed(call.accountId);
  if (started && call.aiAgentId === null) await raiseCallStarted(ctx.db, ctx.events, call.id);
  await ctx.db.delete(queueEntries).where(eq(queueEntries.callSid, input.callSid));
  const status = await saveStatus(ctx.db, input.agentUserId, 'busy');
  await ctx.realtime.broadcast(call.accountId, { type: 'STATUS_UPDATED', ...status });
  await broadcastQueue(ctx, call.accountId);
  return true;
}

/** Statuses a call does not leave once it has one. */
export const ENDED_CALL_STATUSES: ReadonlyArray<CallRow['status']> = ['completed', 'missed', 'busy', 'failed', 'voicemail'];

/**
 * The call is over. An answered call is `completed` with its duration (the provider's figure,
 * else the time since it started); one nobody answered is `missed` with no duration, and its
 * caller stays in the queue to be called back. A busy agent is free again (`agentStatus`,
 * available unless their softphone is gone) whoever ended the call, and their softphone hears
 * DISCONNECT_CALL. An AI agent's call keeps `endReason` unless it has one already (the AI
 * session's own reason stands over the carrier's later report); a person's own call has none.
 * A call that never connected (busy, failed, missed) raises `call.failed`.
 * A repeated outcome for the same CallSid, or one for a call that already ended (the
 * unfinished-calls sweep ended it), changes nothing else.
 */
export async function callEnded(
  ctx: TelephonyContext,
  input: {
    callSid: string; outcome: CallOutcome; durationSeconds?: number | undefined; agentStatus?: 'available' | 'offline'; endReason?: CallEndReason;
  },
): Promise<boolean> {
  if (!(await firstReceipt(ctx.db, input.callSid, 'ended'))) return false;
  const [call] = await ctx.db.select().from(calls).where(eq(calls.callSid, input.callSid));
  if (!call) return false;
  // The reasons are the AI agent's (CALL_END_REASONS); the call sites pass them whoever's call it is.
  const endReason = call.aiAgentId !== null ? input.endReason : undefined;
  if (ENDED_CALL_STATUSES.includes(call.status)) {
    if (endReason === undefined) return false;
    const [reasoned] = await ctx.db.update(calls).set({ endReason })
      .where(and(eq(calls.id, call.id), isNull(calls.endReason))).returning({ id: calls.id });
    if (reasoned) ctx.callLogs.changed(call.accountId);
    return false;
  }
  const answered = call.status === 'in-progress';
  const status = answered
    ? 'completed'
    : input.outcome === 'busy' ? 'busy' : input.outcome === 'failed' ? 'failed' : 'missed';
  const measured = Math.max(0, Math.round((Date.now() - call.startedAt.getTime()) / 1000));
  // Only while the call is as read: the sweep may have ended it meanwhile, and the first end stands.
  const [updated] = await ctx.db.update(calls).set({
    status,
    durationSeconds: answered ? (input.durationSeconds ?? measured) : 0,
    ...(endReason !== undefined ? { endReason: sql`coalesce(${calls.endReason}, ${endReason})` } : {}),
  }).where(and(eq(calls.id, call.id), eq(calls.status, call.status))).returning({ id: calls.id });
  if (!updated) return false;
  ctx.callLogs.changed(call.accountId);
  // A colleague still on a warm transfer is let go with the call, and so is a supervisor.
  if (call.consultAgentUserId !== null) await consultEnded(ctx, { callSid: input.callSid });
  if (call.supervisorUserId !== null) await supervisionEnded(ctx, { callSid: input.callSid });
  // An AI agent's own call is reported when its summary is written (the AI's wrap-up job); a call
  // a person took, handed over by an AI agent or not, when the person has wrapped it up.
  if (status === 'completed' && call.agentUserId !== null) await ctx.personCallEnded({ id: call.id, accountId: call.accountId, agentUserId: call.agentUserId });
  else if (status === 'completed' && call.aiAgentId === null) await raiseCallCompleted(ctx.db, ctx.events, call.id);
  // Never connected: a carrier's "completed" for a call nobody answered means it rang out.
  if (!answered) await raiseCallFailed(ctx.db, ctx.events, call.id, input.outcome === 'completed' ? 'no-answer' : input.outcome);
  if (call.aiAgentId !== null) await ctx.aiCallEnded?.({ id: call.id, status });
  if (call.agentUserId !== null) {
    // Only a busy agent is freed (to wrap-up when the call waits for it): one who chose away or went offline stays so.
    const freed = await releaseAgent(ctx.db, call.agentUserId, input.agentStatus ?? 'available');
    if (freed !== null) await ctx.realtime.broadcast(call.accountId, { type: 'STATUS_UPDATED', ...freed });
  }
  // An AI agent's call that no person took, or one transferred to an outside number, is on no softphone: nothing to disconnect.
  if (call.agentUserId === null && (call.aiAgentId !== null || call.transferredTo !== null)) return true;
  await ctx.realtime.broadcast(call.accountId, {
    type: 'DISCONNECT_CALL', callSid: input.callSid, ...(call.agentUserId !== null ? { agentId: call.agentUserId } : {}),
  });
  return true;
}

/**
 * The agent's browser went away mid-call (the tab closed, the browser crashed, the network went):
 * the caller is not dropped. The call stays in progress with nobody on it, the caller rejoins the
 * queue, and the account's available agents are to be rung; the agent is freed (`agentStatus`).
 * Only a caller can wait for a person: a call the agent dialled is not returned (null), nor one
 * that ended or was taken by someone else meanwhile.
 */
export async function callReturnedToQueue(
  ctx: TelephonyContext,
  input: {
    callSid: string; agentUserId: string; agentStatus: 'available' | 'offline';
    /** False when the agent's leg is ended by the network itself (a transfer moves the caller away from it). */
    disconnectAgent?: boolean;
  },
): Promise<{ accountId: string; from: string; ring: AgentLine[]; policy: DialerPolicy } | null> {
  // A caller held by the agent who went waits in the queue like any other: the next person takes them off hold.
  const [call] = await ctx.db.update(calls).set({ agentUserId: null, heldSince: null, dialledLegSid: null, conferenceSid: null })
    .where(and(
      eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), eq(calls.agentUserId, input.agentUserId), WAITS_FOR_A_PERSON,
    ))
    .returning();
  if (!call) return null;
  ctx.callLogs.changed(call.accountId);
  // A colleague rung or talking for a warm transfer is let go: the caller waits for anyone now.
  // A supervision lasts while the person it began with is on the call.
  if (call.consultAgentUserId !== null) await consultEnded(ctx, { callSid: input.callSid });
  if (call.supervisorUserId !== null) await supervisionEnded(ctx, { callSid: input.callSid });
  const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const lead = await leadByNumber(ctx.db, call.accountId, party);
  await ctx.db.insert(queueEntries).values({ accountId: call.accountId, phoneNumber: party, callerName: lead?.fullName ?? null, callSid: input.callSid })
    .onConflictDoNothing();
  await broadcastQueue(ctx, call.accountId);
  const freed = await releaseAgent(ctx.db, input.agentUserId, input.agentStatus);
  if (freed !== null) await ctx.realtime.broadcast(call.accountId, { type: 'STATUS_UPDATED', ...freed });
  if (input.disconnectAgent !== false) {
    await ctx.realtime.broadcast(call.accountId, { type: 'DISCONNECT_CALL', callSid: input.callSid, agentId: input.agentUserId });
  }
  return { accountId: call.accountId, from: party, ...(await ringFor(ctx, call.accountId)) };
}

/** Who to ring for a caller waiting in the account's queue, and for how long. */
export async function ringFor(ctx: TelephonyContext, accountId: string): Promise<{ ring: AgentLine[]; policy: DialerPolicy }> {
  const [ring, policy] = await Promise.all([availableAgents(ctx.db, accountId), dialerPolicy(ctx.db, accountId)]);
  return { ring, policy };
}

/**
 * The agent transferred their caller to an outside number: the call leaves the desk (nobody of ours
 * is on it, nothing to wrap up) and the agent is free at once. Null when the call is not theirs
 * in progress (ended or taken meanwhile).
 */
export async function callLeftForNumber(ctx: TelephonyContext, input: { callSid: string; agentUserId: string; number: string }): Promise<CallRow | null> {
  const [call] = await ctx.db.update(calls)
    .set({ agentUserId: null, transferredTo: input.number, heldSince: null, dialledLegSid: null, conferenceSid: null })
    .where(and(eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), eq(calls.agentUserId, input.agentUserId)))
    .returning();
  if (!call) return null;
  ctx.callLogs.changed(call.accountId);
  if (call.supervisorUserId !== null) await supervisionEnded(ctx, { callSid: input.callSid });
  const freed = await releaseAgent(ctx.db, input.agentUserId, 'available');
  if (freed !== null) await ctx.realtime.broadcast(call.accountId, { type: 'STATUS_UPDATED', ...freed });
  return call;
}

/**
 * The outside number a caller was transferred to did not answer (or was busy): the caller is not
 * dropped but comes back to the account's queue, and the available agents are to be rung.
 */
export async function numberNotReached(ctx: TelephonyContext, input: { callSid: string }): Promise<{ accountId: string; from: string; ring: AgentLine[]; policy: DialerPolicy } | null> {
  const [call] = await ctx.db.update(calls).set({ transferredTo: null })
    .where(and(eq(calls.callSid, input.callSid), eq(calls.status, 'in-progress'), isNull(calls.agentUserId), isNotNull(calls.transferredTo)))
    .returning();
  if (!call) return null;
  ctx.callLogs.changed(call.accountId);
  const party = call.direction === 'inbound' ? call.fromNumber : call.toNumber;
  const lead = await leadByNumber(ctx.db, call.accountId, party);
  await ctx.db.insert(queueEntries).values({ accountId: call.accountId, phoneNumber: party, callerName: lead?.fullName ?? null, callSid: input.callSid })
    .onConflictDoNothing();
  await broadcastQueue(ctx, call.accountId);
  return { accountId: call.accountId, from: party, ...(await ringFor(ctx, call.accountId)) };
}

export type OutboundCallResult =
  | { ok: false; reason: string }
  | { ok: true; agent: AgentLine; policy: DialerPolicy };

/** The agent's softphone dials `to`: the call is logged as theirs, from their number. */
export async function outboundCall(
  ctx: TelephonyContext,
  input: { callSid: string; identity: string; to: string },
): Promise<OutboundCallResult> {
  const agent = await agentByIdentity(ctx.db, input.identity);
  if (agent === null) return { ok: false, reason: 'Unknown caller' };
  if (await firstReceipt(ctx.db, input.callSid, 'outbound')) {
    const lead = await leadByNumber(ctx.db, agent.accountId, input.to);
    await ctx.db.insert(calls).values({
      accountId: agent.accountId, direction: 'outbound', status: 'ringing', fromNumber: agent.agentNumber, toNumber: input.to,
      callSid: input.callSid, agentUserId: agent.userId, leadId: lead?.id ?? null,
    }).onConflictDoNothing();
    ctx.callLogs.changed(agent.accountId);
  }
  return { ok: true, agent, policy: await dialerPolicy(ctx.db, agent.accountId) };
}

/** The provider finished a recording: it becomes the call's conversation recording. */
export async function recordingReady(ctx: TelephonyContext, input: { callSid: string; recordingUrl: string }): Promise<void> {
  const [call] = await ctx.db.select({ id: calls.id, accountId: calls.accountId }).from(calls).where(eq(calls.callSid, input.callSid));
  if (!call) return;
  await ctx.db.insert(conversations).values({ callId: call.id, recordingUrl: input.recordingUrl })
    .onConflictDoUpdate({ target: conversations.callId, set: { recordingUrl: input.recordingUrl } });
  ctx.callLogs.changed(call.accountId);
}
