import { nextCallingTime, withinCallingHours } from './campaign';

test('calling hours run from 09:00 up to 20:00 in the given zone', () => {
  // 13:59 UTC is 08:59 in New York (EST) and 14:59 in Berlin.
  expect(withinCallingHours(new Date('2026-01-15T13:59:00Z'), 'America/New_York')).toBe(false);
  expect(withinCallingHours(new Date('2026-01-15T14:00:00Z'), 'America/New_York')).toBe(true);
  expect(withinCallingHours(new Date('2026-01-15T13:59:00Z'), 'Europe/Berlin')).toBe(true);
  // 19:59 is the last minute; 20:00 is closed.
  expect(withinCallingHours(new Date('2026-01-16T00:59:00Z'), 'America/New_York')).toBe(true);
  expect(withinCallingHours(new Date('2026-01-16T01:00:00Z'), 'America/New_York')).toBe(false);
});

describe('nextCallingTime: when a lead outside calling hours can be called', () => {
  const chicago = 'America/Chicago';
  test('inside calling hours: at once', () => {
    const at = new Date('2026-03-10T15:00:00Z'); // 10:00 in Chicago (CDT)
    expect(nextCallingTime(at, chicago)).toEqual(at);
  });
  test('after the window closes (8:21 PM): 9:00 AM the next day, in the lead\'s zone', () => {
    expect(nextCallingTime(new Date('2026-03-11T01:21:00Z'), chicago).toISOString()).toBe('2026-03-11T14:00:00.000Z');
  });
  test('before the window opens: 9:00 AM the same day', () => {
    expect(nextCallingTime(new Date('2026-03-10T11:30:00Z'), chicago).toISOString()).toBe('2026-03-10T14:00:00.000Z');
  });
  test('at the closing hour itself: the next morning', () => {
    expect(nextCallingTime(new Date('2026-03-11T01:00:00Z'), chicago).toISOString()).toBe('2026-03-11T14:00:00.000Z');
  });
  test('across a day\'s and a month\'s end, in a zone with a half-hour offset', () => {
    expect(nextCallingTime(new Date('2026-03-08T04:00:00Z'), 'America/New_York').toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(nextCallingTime(new Date('2026-02-01T02:00:00Z'), 'America/New_York').toISOString()).toBe('2026-02-01T14:00:00.000Z');
    expect(nextCallingTime(new Date('2026-01-31T23:30:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-02-01T03:30:00.000Z');
  });
  test('whatever the moment and zone, the answer is inside calling hours and no earlier than asked', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kathmandu', 'Pacific/Chatham', 'Australia/Lord_Howe']) {
      for (let h = 0; h < 48; h += 0.75) {
        const at = new Date(Date.UTC(2026, 9, 31) + h * 3_600_000);
        const next = nextCallingTime(at, zone);
        expect(withinCallingHours(next, zone)).toBe(true);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(next.getTime() - at.getTime()).toBeLessThan(24 * 3_600_000);
      }
    }
  });
});
