/** Calendar helpers. Dates are in the runtime's local time zone. */

export interface MonthRange {
  /** The first day of the month, 00:00:00.000. */
  start: Date;
  /** The last day of the month, 23:59:59.999. */
  end: Date;
}

export function currentMonthRange(now: Date = new Date()): MonthRange {
  const start = new Date(now.getFullYear(), now.getMonth(), 1, 0, 0, 0, 0);
  // Day 0 of the next month is the last day of this one.
  const end = new Date(now.getFullYear(), now.getMonth() + 1, 0, 23, 59, 59, 999);
  return { start, end };
}

export const currentMonthStart = (now: Date = new Date()): Date => currentMonthRange(now).start;
export const currentMonthEnd = (now: Date = new Date()): Date => currentMonthRange(now).end;

const HH_MM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" (24-hour) → minutes since midnight; null when the text is not a valid time. */
export function hhmmToMinutes(text: string): number | null {
  const match = HH_MM.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a day that exists, written YYYY-MM-DD (2026-02-30 is not; years before 1900 are refused). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** Whether the runtime knows this IANA time zone name (e.g. "America/New_York"). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
