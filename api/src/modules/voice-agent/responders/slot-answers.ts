import { nearbyFreeSlots, type BookingRefusal, type OpeningHours, type SlotScope } from '../tools/appointment-slots';
import { spokenDay, spokenList, spokenTime, spokenWeekdays } from './spoken-time';
import { weekdayOf, type CalendarDate } from '../../../zoned-time';

// What the booking tools say back: whole sentences a caller can hear as they are, naming other
// free times wherever there are some, so that neither a model nor the local responder has to
// invent an alternative.

export const NEED_NAME_TEXT = 'May I have your name for the booking?';

const WEEKDAY_PLURAL = { mon: 'Mondays', tue: 'Tuesdays', wed: 'Wednesdays', thu: 'Thursdays', fri: 'Fridays', sat: 'Saturdays', sun: 'Sundays' } as const;

const hoursText = (hours: OpeningHours) =>
  `Appointments are ${spokenWeekdays(hours.days)}, ${spokenTime(hours.start)} to ${spokenTime(hours.end)}`;

/** How often slots of this length start: "every half hour", "every hour", "every 45 minutes". */
export function everySlotText(slotMinutes: number): string {
  if (slotMinutes === 30) return 'every half hour';
  if (slotMinutes === 60) return 'every hour';
  if (slotMinutes % 60 === 0) return `every ${slotMinutes / 60} hours`;
  return `every ${slotMinutes} minutes`;
}

/** "every half hour from 9:00 AM to 11:30 AM or at 2:00 PM": a run of three or more back-to-back slots is said once. */
function freeTimesText(free: readonly number[], slotMinutes: number): string {
  const runs: number[][] = [];
  for (const minutes of free) {
    const run = runs.at(-1);
    if (run && run.at(-1)! + slotMinutes === minutes) run.push(minutes);
    else runs.push([minutes]);
  }
  return spokenList(runs.flatMap((run) => (run.length < 3
    ? run.map((minutes) => `at ${spokenTime(minutes)}`)
    : [`${everySlotText(slotMinutes)} from ${spokenTime(run[0]!)} to ${spokenTime(run.at(-1)!)}`])), 'or');
}

export const freeDayText = (date: CalendarDate, free: readonly number[], slotMinutes: number) =>
  `On ${spokenDay(date)} I can book you ${freeTimesText(free, slotMinutes)}.`;

export const bookedText = (date: CalendarDate, minutes: number) => `You are booked for ${spokenDay(date)} at ${spokenTime(minutes)}.`;

/** Other free times to offer, or a sentence saying there are none soon. */
export async function alternativesText(scope: SlotScope, date: string, minutes: number | null): Promise<string> {
  const nearby = await nearbyFreeSlots(scope, date, minutes);
  if (nearby.length === 0) return 'I have no free times in the next two weeks.';
  if (nearby.every((slot) => slot.date === nearby[0]!.date)) {
    return `I can offer ${spokenList(nearby.map((slot) => spokenTime(slot.minutes)), 'or')} on ${spokenDay(nearby[0]!.date)} instead.`;
  }
  return `I can offer ${spokenList(nearby.map((slot) => `${spokenDay(slot.date)} at ${spokenTime(slot.minutes)}`), 'or')} instead.`;
}

/** Why a day has no free time, with what to offer instead. */
export async function fullDayText(scope: SlotScope, date: CalendarDate): Promise<string> {
  return `There are no free times left on ${spokenDay(date)}. ${await alternativesText(scope, date, null)}`;
}

/** Why the day or the slot cannot be booked, and what can be instead. */
export async function refusalText(scope: SlotScope, refusal: BookingRefusal, date: string, minutes: number | null): Promise<string> {
  // Only a real day can be spoken; 'not-a-date' is answered before any of these are read.
  const at = () => (minutes === null ? spokenDay(date) : `${spokenTime(minutes)} on ${spokenDay(date)}`);
  switch (refusal.reason) {
    case 'not-a-date':
      return `Sorry, ${date} is not a day on the calendar. Which day do you mean?`;
    case 'no-lead':
      return NEED_NAME_TEXT;
    case 'too-far':
      return `I can book up to ${refusal.maxDaysAhead} days ahead, until ${spokenDay(refusal.lastDay)}. Which earlier day would suit you?`;
    case 'past':
      return `${spokenDay(date)} has already passed. ${await alternativesText(scope, refusal.today, null)}`;
    case 'closed':
      return `We do not book appointments on ${WEEKDAY_PLURAL[weekdayOf(date)]}. ${hoursText(refusal.hours)}. ${await alternativesText(scope, date, null)}`;
    case 'past-time':
      return `${at()} has already passed. ${await alternativesText(scope, date, minutes)}`;
    case 'outside-hours':
      return `${at()} is outside our hours. ${hoursText(refusal.hours)}. ${await alternativesText(scope, date, minutes)}`;
    case 'off-the-slot-grid':
      return `Appointments start ${everySlotText(refusal.slotMinutes)} from ${spokenTime(refusal.hours.start)}. ${await alternativesText(scope, date, minutes)}`;
    case 'taken':
      return `${at()} is already taken. ${await alternativesText(scope, date, minutes)}`;
  }
}
