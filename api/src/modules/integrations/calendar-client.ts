/**
 * An appointment as a calendar event. Times are the wall clock of `timeZone` (the account's),
 * which is how both Google Calendar and Microsoft Graph take them, so the event shows at the
 * business's hour whatever zone the calendar's owner is in.
 */
export interface CalendarEvent {
  /** Ours for this appointment and calendar: a vendor that accepts one is given it, so a repeated send makes no second event. */
  key: string;
  summary: string;
  description: string;
  /** `YYYY-MM-DDTHH:MM:SS` on the wall clock of `timeZone`. */
  start: string;
  end: string;
  /** IANA name, e.g. America/New_York. */
  timeZone: string;
}

/** The boundary to a calendar vendor; the credential is the connection's bearer token. */
export interface CalendarClient {
  createEvent(credential: string, event: CalendarEvent): Promise<{ eventId: string }>;
}

export const CALENDAR_ERROR_MAX_LENGTH = 500;

/**
 * POSTs JSON with the bearer credential and answers the response; a vendor that does not answer
 * in time, cannot be reached, or answers with an error becomes an Error whose message is what
 * the appointment's row records (the vendor's own words where it gave any).
 */
export async function postCalendarJson(
  vendor: string, url: string, credential: string, body: unknown, timeoutMs: number, accepted: readonly number[] = [],
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${credential}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`${vendor} did not answer within ${timeoutMs / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`${vendor} could not be reached: ${cause}`);
  }
  if (response.ok || accepted.includes(response.status)) return response;
  throw new Error(`${vendor} answered ${response.status}${await vendorMessage(response)}`.slice(0, CALENDAR_ERROR_MAX_LENGTH));
}

/** Google's and Graph's errors are both `{ error: { message } }`. */
async function vendorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string' && message.trim() !== '') return `: ${message.trim()}`;
  } catch {
    // Not JSON: a proxy's page, say; its status is what there is to tell.
  }
  return '';
}
