/** Plain calendar days as YYYY-MM-DD text: day arithmetic in UTC, so no zone shifts a day. */
const toDay = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);

export const addDays = (day: string, n: number) => {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
};

/** The day an instant falls on in `timeZone`. */
export const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Monday of the week holding `day`. */
export const weekStart = (day: string) => addDays(day, -((parse(day).getUTCDay() + 6) % 7));

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

export const addMonths = (day: string, n: number) => {
  const d = parse(monthStart(day));
  d.setUTCMonth(d.getUTCMonth() + n);
  return toDay(d);
};

/** The weeks (Monday first) that show a month: 4 to 6 rows of 7 days. */
export function monthGrid(day: string): string[][] {
  const first = monthStart(day);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let start = weekStart(first); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

export const monthLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parse(day));

export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(parse(day));
