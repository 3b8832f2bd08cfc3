import type { Db } from '../../db/client';
import type { AccountEvents } from './account-events';
import { appointmentBookedData, callCompletedData } from './event-data';

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
