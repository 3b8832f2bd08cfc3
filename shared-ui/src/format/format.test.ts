import { formatDate, formatDateTime } from './date-time';
import { formatMinutes } from './minutes';

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

describe('formatMinutes', () => {
  it('groups thousands and keeps a fraction of a minute', () => {
    expect(formatMinutes(1250)).toBe('1,250 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(12.5)).toBe('12.5 min');
  });
});
