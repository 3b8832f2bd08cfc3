import { isTimeZone } from './time';

/**
 * Whose clock a billing period runs on: the account's. Its month is cut, and its dates are
 * shown, in the account's time zone, so every user of an account sees the same month wherever
 * they are (docs/decisions/0602). A zone name this runtime does not know reads as UTC.
 */
export const billingTimeZone = (account: { timeZone: string }): string =>
  isTimeZone(account.timeZone) ? account.timeZone : 'UTC';

export interface BillingMonth {
  /** The zone the month was cut in (billingTimeZone of the account). */
  timeZone: string;
  /** Midnight of the month's first day. */
  start: Date;
  /** The month's last millisecond. */
  end: Date;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** `instant` as the zone's wall clock reads it, written as if that reading were UTC. */
function wallTime(instant: number, timeZone: string): number {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    wallClocks.set(timeZone, clock);
  }
  const part = Object.fromEntries(clock.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) + (instant % 1000);
}

/** The instant the zone's wall clock reads `wall`; the second pass settles a daylight-saving change between. */
function instantAt(wall: number, timeZone: string): number {
  const guess = wall - (wallTime(wall, timeZone) - wall);
  return wall - (wallTime(guess, timeZone) - guess);
}

/** The calendar month holding `now` on the account's clock. */
export function billingMonth(account: { timeZone: string }, now: Date = new Date()): BillingMonth {
  const timeZone = billingTimeZone(account);
  const today = new Date(wallTime(now.getTime(), timeZone));
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  return {
    timeZone,
    start: new Date(instantAt(Date.UTC(year, month, 1), timeZone)),
    end: new Date(instantAt(Date.UTC(year, month + 1, 1), timeZone) - 1),
  };
}

const billingDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A billing date (a renewal, a plan's end, a failed charge) as the app and the payment
 * provider's pages both write it: the day it falls on in the account's zone, "Dec 27, 2026".
 */
export function billingDateText(instant: Date | string, account: { timeZone: string }): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = billingTimeZone(account);
  let format = billingDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
    billingDateFormats.set(timeZone, format);
  }
  return format.format(date);
}
