import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { DEFAULT_BOOKING_RULES, DEFAULT_WORKING_HOURS as DEFAULT_HOURS, hhmmToMinutes, isCalendarDate, type BookingRulesValue } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { accounts, appointments, type WorkingHoursValue } from '../../../db/schema';
import { addDays, instantAt, wallClock, weekdayOf, type CalendarDate, type Weekday } from '../../../zoned-time';

export const DEFAULT_WORKING_HOURS: WorkingHoursValue = { ...DEFAULT_HOURS, days: [...DEFAULT_HOURS.days] };

/** Whose calendar, by which clock: the account books in its own time zone within its agent's hours and by its rules. */
export interface SlotScope {
  db: Db;
  accountId: string;
  timeZone: string;
  workingHours: WorkingHoursValue | null;
  /** Slot length, buffer and horizon; none (or left out) books by the defaults. */
  bookingRules?: BookingRulesValue | null;
  now: Date;
}

export interface OpeningHours {
  days: Weekday[];
  /** Minutes since midnight, local time. */
  start: number;
  end: number;
}

export type DayRefusal =
  | { reason: 'not-a-date' }
  | { reason: 'past'; today: CalendarDate }
  | { reason: 'too-far'; lastDay: CalendarDate; maxDaysAhead: number }
  | { reason: 'closed'; hours: OpeningHours };

export type DayPlan =
  | { ok: true; date: CalendarDate; hours: OpeningHours; slotMinutes: number; free: number[] }
  | ({ ok: false; date: string } & DayRefusal);

export type BookingRefusal =
  | DayRefusal
  | { reason: 'past-time'; hours: OpeningHours }
  | { reason: 'outside-hours'; hours: OpeningHours }
  | { reason: 'off-the-slot-grid'; hours: OpeningHours; slotMinutes: number }
  | { reason: 'taken'; hours: OpeningHours }
  /** Nobody to book it for: a caller with no number who has not given a name. */
  | { reason: 'no-lead' };

export type BookingOutcome = { ok: true; appointmentId: string; startsAt: Date } | ({ ok: false } & BookingRefusal);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface BookingRequest {
  date: CalendarDate;
  /** Minutes since midnight, local time. */
  minutes: number;
  callId: string;
  aiAgentId: string;
  notes: string | null;
  /** The lead to book for, found or created inside the booking's transaction; null when there is none. */
  leadFor(tx: Tx): Promise<string | null>;
}

/** The agent's hours, or the default when it has none (or what is stored cannot be read). */
export function openingHours(workingHours: WorkingHoursValue | null): OpeningHours {
  const start = workingHours ? hhmmToMinutes(workingHours.start) : null;
  const end = workingHours ? hhmmToMinutes(workingHours.end) : null;
  if (!workingHours || start === null || end === null || start >= end || workingHours.days.length === 0) {
    return openingHours(DEFAULT_WORKING_HOURS);
  }
  return { days: [...workingHours.days], start, end };
}

/** The agent's rules, each one it does not set (or that cannot be read) at its default. */
export function bookingRulesOf(rules: BookingRulesValue | null | undefined): BookingRulesValue {
  const pick = (key: keyof BookingRulesValue, min: number) => {
    const value = rules?.[key];
    return typeof value === 'number' && Number.isInteger(value) && value >= min ? value : DEFAULT_BOOKING_RULES[key];
  };
  return { slotMinutes: pick('slotMinutes', 1), bufferMinutes: pick('bufferMinutes', 0), maxDaysAhead: pick('maxDaysAhead', 1) };
}

/** Every slot start of an open day, free or not: the slot grid from the opening time. */
const slotStarts = (hours: OpeningHours, rules: BookingRulesValue): number[] => {
  const starts: number[] = [];
  for (let m = hours.start; m + rules.slotMinutes <= hours.end; m += rules.slotMinutes) starts.push(m);
  return starts;
};

interface Busy { start: number; end: number }

const MINUTE = 60_000;

/** The account's scheduled appointments that touch [from, to), as instants in ms. */
async function busyBetween(db: Db, accountId: string, from: Date, to: Date): Promise<Busy[]> {
  const rows = await db.select({ dateTime: appointments.dateTime, durationMinutes: appointments.durationMinutes })
    .from(appointments)
    .where(and(
      eq(appointments.accountId, accountId),
      eq(appointments.status, 'scheduled'),
      lt(appointments.dateTime, to),
      // The lower bound lets the (account, date) index do the work; the overlap is exact below.
      gt(appointments.dateTime, new Date(from.getTime() - 86_400_000)),
      sql`${appointments.dateTime} + ${appointments.durationMinutes} * interval '1 minute' > ${from.toISOString()}::timestamptz`,
    ));
  return rows.map((r) => ({ start: r.dateTime.getTime(), end: r.dateTime.getTime() + r.durationMinutes * 60_000 }));
}

/** Why the day cannot be booked at all, or null when it is an open day within reach. */
function dayRefusal(scope: Omit<SlotScope, 'db' | 'accountId'>, date: string, hours: OpeningHours, rules: BookingRulesValue): DayRefusal | null {
  if (!isCalendarDate(date)) return { reason: 'not-a-date' };
  const today = wallClock(scope.now, scope.timeZone).date;
  if (date < today) return { reason: 'past', today };
  const lastDay = addDays(today, rules.maxDaysAhead);
  if (date > lastDay) return { reason: 'too-far', lastDay, maxDaysAhead: rules.maxDaysAhead };
  if (!hours.days.includes(weekdayOf(date))) return { reason: 'closed', hours };
  return null;
}

/** A day's slot starts that are still ahead, with their instants (a time a DST change skips is left out). */
function upcomingSlots(scope: Omit<SlotScope, 'db' | 'accountId'>, date: CalendarDate, hours: OpeningHours, rules: BookingRulesValue) {
  return slotStarts(hours, rules).flatMap((minutes) => {
    const at = instantAt(date, minutes, scope.timeZone);
    return at !== null && at.getTime() > scope.now.getTime() ? [{ minutes, at: at.getTime() }] : [];
  });
}

/**
 * Whether a slot starting at `start` clashes with a booked appointment. Every appointment, the
 * booked ones and this one, keeps the buffer free after it.
 */
const overlaps = (start: number, busy: readonly Busy[], rules: BookingRulesValue) => {
  const buffer = rules.bufferMinutes * MINUTE;
  return busy.some((b) => start < b.end + buffer && b.start < start + rules.slotMinutes * MINUTE + buffer);
};

/** The appointments that could clash with slots starting from `first` to `last` (instants in ms). */
const busyAround = (db: Db, scope: SlotScope, first: number, last: number, rules: BookingRulesValue) =>
  busyBetween(db, scope.accountId, new Date(first - rules.bufferMinutes * MINUTE), new Date(last + (rules.slotMinutes + rules.bufferMinutes) * MINUTE));

/** The free slots of one day, in the account's time zone, or why the day cannot be booked. */
export async function freeSlots(scope: SlotScope, date: string): Promise<DayPlan> {
  const hours = openingHours(scope.workingHours);
  const rules = bookingRulesOf(scope.bookingRules);
  const refusal = dayRefusal(scope, date, hours, rules);
  if (refusal) return { ok: false, date, ...refusal };
  const slots = upcomingSlots(scope, date, hours, rules);
  const plan = { ok: true as const, date, hours, slotMinutes: rules.slotMinutes };
  if (slots.length === 0) return { ...plan, free: [] };
  const busy = await busyAround(scope.db, scope, slots[0]!.at, slots.at(-1)!.at, rules);
  return { ...plan, free: slots.filter((s) => !overlaps(s.at, busy, rules)).map((s) => s.minutes) };
}

/**
 * Free slots near a wanted time, to offer instead: on the same day the closest ones (in the order
 * of the day), else the first free slot of each of the next open days, up to `count`.
 */
export async function nearbyFreeSlots(
  scope: SlotScope, date: string, minutes: number | null, count = 3,
): Promise<Array<{ date: CalendarDate; minutes: number }>> {
  const hours = openingHours(scope.workingHours);
  const rules = bookingRulesOf(scope.bookingRules);
  const today = wallClock(scope.now, scope.timeZone).date;
  const from = isCalendarDate(date) && date >= today ? date : today;
  const days: Array<{ date: CalendarDate; slots: Array<{ minutes: number; at: number }> }> = [];
  // Two weeks is enough to find `count` open days for any hours that have at least one day.
  for (let i = 0; i < 14; i += 1) {
    const day = addDays(from, i);
    if (dayRefusal(scope, day, hours, rules) !== null) continue;
    const slots = upcomingSlots(scope, day, hours, rules);
    if (slots.length > 0) days.push({ date: day, slots });
  }
  if (days.length === 0) return [];
  const busy = await busyAround(scope.db, scope, days[0]!.slots[0]!.at, days.at(-1)!.slots.at(-1)!.at, rules);
  const freeDays = days.map((d) => ({ date: d.date, free: d.slots.filter((s) => !overlaps(s.at, busy, rules)).map((s) => s.minutes) }))
    .filter((d) => d.free.length > 0);
  const sameDay = freeDays.find((d) => d.date === date);
  if (sameDay && minutes !== null) {
    const closest = [...sameDay.free].sort((a, b) => Math.abs(a - minutes) - Math.abs(b - minutes) || a - b).slice(0, count);
    return closest.sort((a, b) => a - b).map((m) => ({ date, minutes: m }));
  }
  return freeDays.filter((d) => d.date !== date || minutes === null).slice(0, count).map((d) => ({ date: d.date, minutes: d.free[0]! }));
}

/**
 * Books a slot. Every rule is checked again inside the insert's transaction, with the account's
 * row locked, so two calls asking for the same slot at once cannot both get it.
 */
export async function bookSlot(scope: SlotScope, request: BookingRequest): Promise<BookingOutcome> {
  const hours = openingHours(scope.workingHours);
  const rules = bookingRulesOf(scope.bookingRules);
  return scope.db.transaction(async (tx): Promise<BookingOutcome> => {
    // "No key update" serialises bookings of one account without blocking rows that merely reference it.
    const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, scope.accountId)).for('no key update');
    if (!account) return { ok: false, reason: 'no-lead' };
    const refusal = dayRefusal(scope, request.date, hours, rules);
    if (refusal) return { ok: false, ...refusal };
    if (request.minutes < hours.start || request.minutes + rules.slotMinutes > hours.end) return { ok: false, reason: 'outside-hours', hours };
    if ((request.minutes - hours.start) % rules.slotMinutes !== 0) {
      return { ok: false, reason: 'off-the-slot-grid', hours, slotMinutes: rules.slotMinutes };
    }
    const startsAt = instantAt(request.date, request.minutes, scope.timeZone);
    if (startsAt === null) return { ok: false, reason: 'outside-hours', hours };
    if (startsAt.getTime() <= scope.now.getTime()) return { ok: false, reason: 'past-time', hours };
    const busy = await busyAround(tx, scope, startsAt.getTime(), startsAt.getTime(), rules);
    if (overlaps(startsAt.getTime(), busy, rules)) return { ok: false, reason: 'taken', hours };
    const leadId = await request.leadFor(tx);
    if (leadId === null) return { ok: false, reason: 'no-lead' };
    const [row] = await tx.insert(appointments).values({
      accountId: scope.accountId, leadId, aiAgentId: request.aiAgentId, callId: request.callId,
      dateTime: startsAt, durationMinutes: rules.slotMinutes, notes: request.notes,
    }).returning({ id: appointments.id });
    return { ok: true, appointmentId: row!.id, startsAt };
  });
}
