/**
 * An outbound campaign: the leads an AI agent calls while its campaign is on. These figures are
 * the product's rules for how hard and when it dials; the server may be configured lower or
 * faster for tests, never the other way round in production.
 */

/**
 * Leads are called only between these hours of their own local time (the lead's time zone, else
 * the account's): 09:00 up to 20:00, inside the 08:00–21:00 window US telemarketing rules allow.
 */
export const CAMPAIGN_CALLING_HOURS = { startHour: 9, endHour: 20 } as const;

/** Campaign calls in progress at once, per account (every agent's campaign together). */
export const CAMPAIGN_MAX_CONCURRENT_CALLS = 3;
/** Campaign calls started per minute, per account. */
export const CAMPAIGN_CALLS_PER_MINUTE = 10;
/** Calls to one lead, the first included: a lead who does not answer or is busy is tried this many times. */
export const CAMPAIGN_MAX_ATTEMPTS = 3;
/** A lead who did not answer or was busy is called again after this long. */
export const CAMPAIGN_RETRY_DELAY_MINUTES = 30;
/** How often a running campaign looks for leads that are due. */
export const CAMPAIGN_TICK_SECONDS = 5;

/** Leads one agent's campaign may hold. */
export const CAMPAIGN_MAX_LEADS = 5_000;
/** Leads picked in one request. */
export const CAMPAIGN_ADD_MAX_LEADS = 500;
/** A leads CSV: its size and rows (the header not counted). */
export const CAMPAIGN_CSV_MAX_BYTES = 1024 * 1024;
export const CAMPAIGN_CSV_MAX_ROWS = 5_000;

/**
 * Where a lead of a campaign stands. `queued`: waiting for its first call; `calling`: a call is
 * under way; `answered`: done; `no-answer` and `busy`: the last call's outcome, called again
 * later while attempts remain; `failed`: the number could not be called.
 */
export const CAMPAIGN_LEAD_STATES = ['queued', 'calling', 'answered', 'no-answer', 'busy', 'failed'] as const;
export type CampaignLeadState = (typeof CAMPAIGN_LEAD_STATES)[number];

/** The wall-clock date and time of `at` in `timeZone`. */
function wallClock(at: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** The instant a wall-clock time in `timeZone` names (the later one, across a DST change). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wanted = Date.UTC(year, month - 1, day, hour);
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(t / 60_000) * 60_000;
  };
  const first = wanted - offsetAt(wanted);
  return new Date(wanted - offsetAt(first));
}

/** Whether `at` falls inside calling hours in `timeZone`: its local hour is from the start hour up to, not including, the end hour. */
export function withinCallingHours(at: Date, timeZone: string): boolean {
  const { hour } = wallClock(at, timeZone);
  return hour >= CAMPAIGN_CALLING_HOURS.startHour && hour < CAMPAIGN_CALLING_HOURS.endHour;
}

/**
 * The first moment from `at` on that a lead in `timeZone` may be called: `at` itself inside
 * calling hours, else the next opening of its window (today's before it opens, tomorrow's after
 * it closes). The dialer's claim applies the same hour rule in SQL (claim-due-leads.ts).
 */
export function nextCallingTime(at: Date, timeZone: string): Date {
  if (withinCallingHours(at, timeZone)) return at;
  const local = wallClock(at, timeZone);
  const day = local.hour < CAMPAIGN_CALLING_HOURS.startHour ? local.day : local.day + 1;
  return instantOf(local.year, local.month, day, CAMPAIGN_CALLING_HOURS.startHour, timeZone);
}

/**
 * Why a campaign that was on stopped by itself. `plan`: the account's plan no longer includes bulk
 * outbound calls; it starts again when the account moves to a plan that does.
 */
export const CAMPAIGN_PAUSE_REASONS = ['plan'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];

/** What the agent list and the overview say about a campaign paused for its reason. */
export const CAMPAIGN_PAUSED_TEXT: Record<CampaignPauseReason, string> = {
  plan: 'Campaign paused: your plan no longer includes bulk outbound calls. It resumes when you upgrade.',
};
export const CAMPAIGN_NEEDS_OUTBOUND_TEXT = 'This agent takes only inbound calls; let it make outbound calls first';
export const CAMPAIGN_NEEDS_NUMBER_TEXT = 'Give this agent a phone number before starting its campaign';
export const CAMPAIGN_FULL_TEXT = `A campaign holds at most ${CAMPAIGN_MAX_LEADS.toLocaleString('en-US')} leads`;
export const CAMPAIGN_CSV_HEADER_TEXT = 'The first line must name the columns, with at least "name" and "phone"';
export const CAMPAIGN_CSV_TOO_MANY_ROWS_TEXT = `A CSV may hold at most ${CAMPAIGN_CSV_MAX_ROWS.toLocaleString('en-US')} leads`;
export const CAMPAIGN_CSV_NO_ROWS_TEXT = 'The CSV has no leads under its header';

/** Why a CSV row was refused; each names the row's problem so the user can fix that line. */
export const CAMPAIGN_ROW_TEXT = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long (at most 200 characters)',
  nameHtml: 'Name must be plain text, without HTML tags',
  phoneRequired: 'Phone number is required',
  phoneNotUs: 'Phone number must be a US number: +1 followed by ten digits',
  email: 'Email is not a valid address',
  timeZone: 'Time zone is not a known zone such as America/Chicago',
  badQuotes: 'The row has an unclosed quote',
  duplicate: (line: number) => `The same phone number is on line ${line}`,
} as const;
