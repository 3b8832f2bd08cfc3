import { addMonths, dayIn, monthGrid, weekStart } from './calendar-dates';

test('a month grid starts on the Monday before the 1st and ends on the Sunday after the last day', () => {
  const weeks = monthGrid('2026-03-15');
  expect(weeks[0]![0]).toBe('2026-02-23');
  expect(weeks.at(-1)!.at(-1)).toBe('2026-04-05');
  expect(weeks).toHaveLength(6);
});

test('weeks start on Monday, months roll over the year, and instants land on the zone\'s day', () => {
  expect(weekStart('2026-03-15')).toBe('2026-03-09');
  expect(addMonths('2026-12-20', 1)).toBe('2027-01-01');
  expect(dayIn('2026-03-04T03:30:00.000Z', 'America/New_York')).toBe('2026-03-03');
  expect(dayIn('2026-03-04T03:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-04');
});
