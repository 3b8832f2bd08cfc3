import type { CalendarDate, Weekday } from '../../../zoned-time';

// Fixed English wording: what the agent says is read aloud, so it never depends on the server's locale.
const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });
const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday',
};
const WEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** "Tuesday, December 1". */
export const spokenDay = (date: CalendarDate): string => DAY.format(new Date(`${date}T00:00:00Z`));

/** Minutes since midnight as "3:00 PM" (Intl's own AM/PM spacing differs between ICU versions). */
export function spokenTime(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, '0');
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Minutes since midnight as "15:00", the form the booking tool takes. */
export const clockTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "a, b and c" / "a or b". */
export function spokenList(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** The open days as a caller would say them: "Monday to Friday", "Monday, Wednesday and Saturday". */
export function spokenWeekdays(days: readonly Weekday[]): string {
  const open = WEEK.filter((day) => days.includes(day));
  const runs: Weekday[][] = [];
  for (const day of open) {
    const run = runs.at(-1);
    if (run && WEEK.indexOf(run.at(-1)!) === WEEK.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  return spokenList(runs.flatMap((run) => (run.length >= 3
    ? [`${WEEKDAY_NAMES[run[0]!]} to ${WEEKDAY_NAMES[run.at(-1)!]}`]
    : run.map((day) => WEEKDAY_NAMES[day]))));
}
