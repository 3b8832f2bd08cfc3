import { WEEKDAYS } from 'shared-contracts';

/** A calendar day as the caller and the business mean it: 'YYYY-MM-DD', no zone attached. */
export type CalendarDate = string;
export type Weekday = (typeof WEEKDAYS)[number];

const formats = new Map<string, Intl.DateTimeFormat>();

// Building a DateTimeFormat costs far more than using one; a call asks the same zone many times.
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`: its day and the minutes since that day's midnight. */
export function wallClock(instant: Date, timeZone: string): { date: CalendarDate; minutes: number; seconds: number } {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

export const addDays = (date: CalendarDate, days: number): CalendarDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const weekdayOf = (date: CalendarDate): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/**
 * The instant when the wall clock in `timeZone` shows `minutes` past midnight on `date`, or null
 * when that time does not exist there (skipped by a daylight-saving change). An hour that happens
 * twice takes its first occurrence.
 */
export function instantAt(date: CalendarDate, minutes: number, timeZone: string): Date | null {
  const asIfUtc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const offsetAt = (ms: number) => {
    const clock = wallClock(new Date(ms), timeZone);
    return Date.parse(`${clock.date}T00:00:00Z`) + clock.minutes * 60_000 + clock.seconds * 1000 - Math.floor(ms / 1000) * 1000;
  };
  // The zone's offset a few hours before and after: taking the earlier one first finds the
  // first occurrence of a repeated hour.
  const candidates = [...new Set([offsetAt(asIfUtc - 12 * 3_600_000), offsetAt(asIfUtc + 12 * 3_600_000)])];
  for (const offset of candidates.sort((a, b) => b - a)) {
    const instant = new Date(asIfUtc - offset);
    const clock = wallClock(instant, timeZone);
    if (clock.date === date && clock.minutes === minutes) return instant;
  }
  return null;
}
