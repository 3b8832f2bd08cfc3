import { postCalendarJson, type CalendarClient } from './calendar-client';

/**
 * Google Calendar API v3, events.insert on the connected user's primary calendar. The event's id
 * is ours (Google allows a client-chosen id of base32hex characters, which a UUID's hex digits
 * are): when an answer is lost and the event is sent again, Google answers 409 instead of making
 * a second one, and the id is already known.
 */
export function googleCalendarClient(apiBase: string, timeoutMs: number): CalendarClient {
  return {
    async createEvent(credential, event) {
      const id = event.key.replace(/-/g, '').toLowerCase();
      const response = await postCalendarJson('Google Calendar', `${apiBase}/calendar/v3/calendars/primary/events`, credential, {
        id,
        summary: event.summary,
        description: event.description,
        start: { dateTime: event.start, timeZone: event.timeZone },
        end: { dateTime: event.end, timeZone: event.timeZone },
      }, timeoutMs, [409]);
      if (response.status === 409) return { eventId: id };
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      return { eventId: typeof body.id === 'string' ? body.id : id };
    },
  };
}
