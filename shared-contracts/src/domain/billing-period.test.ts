import { billingDateText, billingMonth, billingTimeZone } from './billing-period';

const month = (timeZone: string, now: string) => {
  const m = billingMonth({ timeZone }, new Date(now));
  return { timeZone: m.timeZone, start: m.start.toISOString(), end: m.end.toISOString() };
};

describe('a billing period runs on the account\'s clock', () => {
  test('the period is the account\'s, whoever asks: a UTC account\'s November is Nov 1 to Nov 30 in UTC', () =>
    expect(month('UTC', '2025-11-15T12:00:00Z')).toEqual({
      timeZone: 'UTC', start: '2025-11-01T00:00:00.000Z', end: '2025-11-30T23:59:59.999Z',
    }));

  test('a Chicago account\'s November starts at its midnight and ends after daylight saving time has ended', () =>
    expect(month('America/Chicago', '2025-11-15T12:00:00Z')).toEqual({
      timeZone: 'America/Chicago', start: '2025-11-01T05:00:00.000Z', end: '2025-12-01T05:59:59.999Z',
    }));

  test('late evening in Chicago on Oct 31 is still October there, though November in UTC', () =>
    expect(month('America/Chicago', '2025-11-01T03:00:00Z')).toEqual({
      timeZone: 'America/Chicago', start: '2025-10-01T05:00:00.000Z', end: '2025-11-01T04:59:59.999Z',
    }));

  test('a zone ahead of UTC starts its month the UTC day before; a spring-forward month ends an hour early', () => {
    expect(month('Pacific/Kiritimati', '2025-11-15T12:00:00Z').start).toBe('2025-10-31T10:00:00.000Z');
    expect(month('Europe/London', '2026-03-15T12:00:00Z')).toEqual({
      timeZone: 'Europe/London', start: '2026-03-01T00:00:00.000Z', end: '2026-03-31T22:59:59.999Z',
    });
  });

  test('an account zone this runtime does not know runs on UTC', () => {
    expect(billingTimeZone({ timeZone: 'Mars/Olympus' })).toBe('UTC');
    expect(billingTimeZone({ timeZone: 'America/Chicago' })).toBe('America/Chicago');
    expect(month('Mars/Olympus', '2025-11-15T12:00:00Z').start).toBe('2025-11-01T00:00:00.000Z');
  });
});

describe('a billing date is the day it falls on in the account\'s zone', () => {
  test('a renewal at 03:00 UTC on Dec 28 is Dec 27 for a Los Angeles account and Dec 28 for a UTC one', () => {
    expect(billingDateText('2026-12-28T03:00:00Z', { timeZone: 'America/Los_Angeles' })).toBe('Dec 27, 2026');
    expect(billingDateText(new Date('2026-12-28T03:00:00Z'), { timeZone: 'UTC' })).toBe('Dec 28, 2026');
  });

  test('an unknown zone reads as UTC and an unreadable date writes nothing', () => {
    expect(billingDateText('2026-12-28T03:00:00Z', { timeZone: 'Mars/Olympus' })).toBe('Dec 28, 2026');
    expect(billingDateText('not a date', { timeZone: 'UTC' })).toBe('');
  });
});
