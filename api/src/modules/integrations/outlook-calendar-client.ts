import { postCalendarJson, type CalendarClient } from './calendar-client';

/**
 * Microsoft Graph v1.0, create event in the signed-in user's default calendar. Graph makes its
 * own ids; `transactionId` is Graph's guard against a client's retry making the event twice.
 */
export function outlookCalendarClient(apiBase: string, timeoutMs: number): CalendarClient {
  return {
    async createEvent(credential, event) {
      const response = await postCalendarJson('Outlook Calendar', `${apiBase}/v1.0/me/events`, credential, {
        subject: event.summary,
        body: { contentType: 'text', content: event.description },
        start: { dateTime: event.start, timeZone: event.timeZone },
        end: { dateTime: event.end, timeZone: event.timeZone },
        transactionId: event.key,
      }, timeoutMs);
      const body = (await response.json().catch(() => ({}))) as { id?: unknown };
      if (typeof body.id !== 'string' || body.id === '') throw new Error(`Outlook Calendar answered ${response.status} without an event id`);
      return { eventId: body.id };
    },
  };
}
