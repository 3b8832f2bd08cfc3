import { currentMonthEnd, currentMonthRange, currentMonthStart, hhmmToMinutes, isTimeZone } from './time';

describe('current month range (local time)', () => {
  test('mid-month', () => {
    const { start, end } = currentMonthRange(new Date(2025, 2, 15, 13, 45));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes(), start.getMilliseconds()]).toEqual([2025, 2, 1, 0, 0, 0]);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([2025, 2, 31, 23, 59, 59, 999]);
  });
  test('February in a leap year and not', () => {
    expect(currentMonthEnd(new Date(2024, 1, 10)).getDate()).toBe(29);
    expect(currentMonthEnd(new Date(2025, 1, 10)).getDate()).toBe(28);
  });
  test('December ends on the 31st of the same year', () => {
    const end = currentMonthEnd(new Date(2025, 11, 31, 23, 59));
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2025, 11, 31]);
  });
  test('the first instant of a month is its own start', () => {
    const now = new Date(2025, 3, 1, 0, 0, 0, 0);
    expect(currentMonthStart(now).getTime()).toBe(now.getTime());
  });
  test('the end is one millisecond before the next month', () => {
    const now = new Date(2025, 5, 20);
    expect(currentMonthEnd(now).getTime() + 1).toBe(new Date(2025, 6, 1).getTime());
  });
  test('defaults to now', () => {
    const { start, end } = currentMonthRange();
    expect(start.getTime()).toBeLessThanOrEqual(Date.now());
    expect(end.getTime()).toBeGreaterThanOrEqual(Date.now());
  });
});

describe('HH:MM → minutes', () => {
  test.each([['00:00', 0], ['09:30', 570], ['9:05', 545], ['12:00', 720], ['23:59', 1439], [' 08:15 ', 495]])('%s = %d', (t, m) =>
    expect(hhmmToMinutes(t)).toBe(m));
  test.each(['24:00', '12:60', '1230', '12:5', 'ab:cd', '', '-1:00', '12:30:00'])('%j is not a time', (t) => expect(hhmmToMinutes(t)).toBeNull());
});

describe('isTimeZone', () => {
  test.each(['America/New_York', 'Europe/London', 'UTC', 'Pacific/Honolulu'])('%s is known', (z) => expect(isTimeZone(z)).toBe(true));
  test.each(['', ' ', 'Mars/Olympus', 'New York'])('%j is not', (z) => expect(isTimeZone(z)).toBe(false));
});
