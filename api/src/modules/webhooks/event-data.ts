import { asc, eq } from 'drizzle-orm';
import {
  FAILED_CALL_STATUSES, type AnalysisCompletedData, type AppointmentBookedData, type CallCompletedData, type CallFailedData, type CallFailureReason,
  type CallStartedData,
} from 'shared-contracts';
import type { Db } from '../../db/client';
import { wrapUpOf } from '../../db/call-wrap-up';
import { appointments, calls, conversationMessages, conversations, leads } from '../../db/schema';

/** A finished call as `call.completed` carries it: its stored transcript, summary and analysis (null when none was written). */
export async function callCompletedData(db: Db, callId: string): Promise<{ accountId: string; data: CallCompletedData } | null> {
  const [row] = await db.select({
    call: calls, summary: conversations.summary, outcome: conversations.outcome, sentiment: conversations.sentiment,
  }).from(calls).leftJoin(conversations, eq(conversations.callId, calls.id)).where(eq(calls.id, callId));
  if (!row) return null;
  const lines = await db.select({ authorType: conversationMessages.authorType, content: conversationMessages.content })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(eq(conversations.callId, callId))
    .orderBy(asc(conversationMessages.at), asc(conversationMessages.id));
  const { call } = row;
  return {
    accountId: call.accountId,
    data: {
      callId: call.id, direction: call.direction, from: call.fromNumber, to: call.toNumber, startedAt: call.startedAt.toISOString(),
      durationSeconds: call.durationSeconds, aiAgentId: call.aiAgentId, summary: row.summary ?? null, outcome: row.outcome ?? null, sentiment: row.sentiment ?? null,
      transcript: lines.map((line) => ({ speaker: line.authorType === 'lead' ? 'caller' : 'agent', text: line.content })),
      analysis: call.analysis ?? null,
      wrapUp: wrapUpOf(call),
    },
  };
}

export async function appointmentBookedData(db: Db, appointmentId: string): Promise<{ accountId: string; data: AppointmentBookedData } | null> {
  const [row] = await db.select({ appointment: appointments, leadName: leads.fullName, leadPhone: leads.phoneNumber })
    .from(appointments).innerJoin(leads, eq(leads.id, appointments.leadId)).where(eq(appointments.id, appointmentId));
  if (!row) return null;
  const { appointment } = row;
  return {
    accountId: appointment.accountId,
    data: {
      appointmentId: appointment.id, callId: appointment.callId, dateTime: appointment.dateTime.toISOString(),
      durationMinutes: appointment.durationMinutes, leadName: row.leadName, leadPhone: row.leadPhone,
    },
  };
}

/** A call that has just connected, as `call.started` carries it. */
export async function callStartedData(db: Db, callId: string, connectedAt: Date): Promise<{ accountId: string; data: CallStartedData } | null> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call) return null;
  return {
    accountId: call.accountId,
    data: {
      callId: call.id, direction: call.direction, from: call.fromNumber, to: call.toNumber, aiAgentId: call.aiAgentId, agentUserId: call.agentUserId,
      startedAt: call.startedAt.toISOString(), connectedAt: connectedAt.toISOString(),
    },
  };
}

const isFailedStatus = (status: string): status is CallFailedData['status'] => (FAILED_CALL_STATUSES as readonly string[]).includes(status);

/** A call that ended without connecting, as `call.failed` carries it; null for any other call. */
export async function callFailedData(db: Db, callId: string, reason: CallFailureReason): Promise<{ accountId: string; data: CallFailedData } | null> {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId));
  if (!call || !isFailedStatus(call.status)) return null;
  return {
    accountId: call.accountId,
    data: {
      callId: call.id, direction: call.direction, from: call.fromNumber, to: call.toNumber, aiAgentId: call.aiAgentId,
      startedAt: call.startedAt.toISOString(), status: call.status, reason,
    },
  };
}

/** An AI agent's call whose summary, outcome and sentiment are written, as `analysis.completed` carries it. */
export async function analysisCompletedData(db: Db, callId: string): Promise<{ accountId: string; data: AnalysisCompletedData } | null> {
  const [row] = await db.select({
    accountId: calls.accountId, aiAgentId: calls.aiAgentId, summary: conversations.summary, outcome: conversations.outcome, sentiment: conversations.sentiment,
  }).from(calls).innerJoin(conversations, eq(conversations.callId, calls.id)).where(eq(calls.id, callId));
  if (!row || row.aiAgentId === null || row.summary === null || row.outcome === null || row.sentiment === null) return null;
  return {
    accountId: row.accountId,
    data: { callId, aiAgentId: row.aiAgentId, summary: row.summary, outcome: row.outcome, sentiment: row.sentiment },
  };
}
