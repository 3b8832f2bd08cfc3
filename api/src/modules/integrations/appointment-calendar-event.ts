import { wallClock } from '../../zoned-time';
import type { CalendarEvent } from './calendar-client';

/** What a calendar event is made from: the appointment, its lead, who booked it, and the account's zone. */
export interface BookedAppointment {
  dateTime: Date;
  durationMinutes: number;
  notes: string | null;
  callId: string | null;
  lead: { fullName: string; phoneNumber: string };
  /** The AI agent that booked it, when one did and still exists. */
  agentName: string | null;
  timeZone: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM:SS` on the wall clock of `timeZone` at `instant`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.date}T${two(Math.floor(clock.minutes / 60))}:${two(clock.minutes % 60)}:${two(clock.seconds)}`;
}

const bookedBy = (a: BookedAppointment) => {
  if (a.agentName !== null) return `Booked by the AI agent ${a.agentName} on a call.`;
  return a.callId !== null ? 'Booked on a call.' : 'Booked from the dashboard.';
};

export function calendarEventOf(appointment: BookedAppointment, key: string): CalendarEvent {
  const { lead, timeZone } = appointment;
  const end = new Date(appointment.dateTime.getTime() + appointment.durationMinutes * 60_000);
  return {
    key,
    summary: `Appointment with ${lead.fullName}`,
    description: [
      `Caller: ${lead.fullName}, ${lead.phoneNumber}`,
      bookedBy(appointment),
      ...(appointment.notes ? [`Notes: ${appointment.notes}`] : []),
    ].join('\n'),
    start: localDateTime(appointment.dateTime, timeZone),
    end: localDateTime(end, timeZone),
    timeZone,
  };
}
