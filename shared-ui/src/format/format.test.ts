import { formatDate, formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('shows the moment in the given time zone', () => {
    const iso = '2026-03-10T15:30:00.000Z';
    expect(formatDateTime(iso, 'America/New_York')).toBe('Mar 10, 2026, 11:30 AM');
    expect(formatDateTime(iso, 'Asia/Tokyo')).toBe('Mar 11, 2026, 12:30 AM');
  });

  it('falls back for an unknown zone and blanks an invalid date', () => {
    expect(formatDateTime('2026-03-10T15:30:00.000Z', 'Not/AZone')).toMatch(/2026/);
    expect(formatDateTime('nope', 'UTC')).toBe('');
  });
});

describe('formatDate', () => {
  it('shows the day in the given time zone', () => {
    expect(formatDate('2026-03-10T23:30:00.000Z', 'UTC')).toBe('Mar 10, 2026');
    expect(formatDate('2026-03-10T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 11, 2026');
    expect(formatDate('2026-03-10T23:30:00.000Z', 'Not/AZone')).toMatch(/2026/);
  });
});
