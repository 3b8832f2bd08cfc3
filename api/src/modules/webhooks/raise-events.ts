import type { CallFailureReason } from 'shared-contracts';
import type { Db } from '../../db/client';
import type { AccountEvents } from './account-events';
import { analysisCompletedData, appointmentBookedData, callCompletedData, callFailedData, callStartedData } from './event-data';

/** `call.completed` for a call that has ended, with what is stored of it; never throws. */
export async function raiseCallCompleted(db: Db, events: AccountEvents, callId: string): Promise<void> {
  const found = await callCompletedData(db, callId).catch(() => null);
  if (found) await events.emit(found.accountId, 'call.completed', callId, found.data);
}

/** `appointment.booked` for an appointment that has committed; never throws. */
export async function raiseAppointmentBooked(db: Db, events: AccountEvents, appointmentId: string): Promise<void> {
  const found = await appointmentBookedData(db, appointmentId).catch(() => null);
  if (found) await events.emit(found.accountId, 'appointment.booked', appointmentId, found.data);
}

/** `call.started` for a call that has just connected (once per call, whoever connects it again); never throws. */
export async function raiseCallStarted(db: Db, events: AccountEvents, callId: string, connectedAt = new Date()): Promise<void> {
  const found = await callStartedData(db, callId, connectedAt).catch(() => null);
  if (found) await events.emit(found.accountId, 'call.started', callId, found.data);
}

/** `call.failed` for a call that has ended without connecting; never throws. */
export async function raiseCallFailed(db: Db, events: AccountEvents, callId: string, reason: CallFailureReason): Promise<void> {
  const found = await callFailedData(db, callId, reason).catch(() => null);
  if (found) await events.emit(found.accountId, 'call.failed', callId, found.data);
}

/** `analysis.completed` once an AI agent's call has its summary; never throws. */
export async function raiseAnalysisCompleted(db: Db, events: AccountEvents, callId: string): Promise<void> {
  const found = await analysisCompletedData(db, callId).catch(() => null);
  if (found) await events.emit(found.accountId, 'analysis.completed', callId, found.data);
}
