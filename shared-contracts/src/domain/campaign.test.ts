import { withinCallingHours } from './campaign';

test('calling hours run from 09:00 up to 20:00 in the given zone', () => {
  // 13:59 UTC is 08:59 in New York (EST) and 14:59 in Berlin.
  expect(withinCallingHours(new Date('2026-01-15T13:59:00Z'), 'America/New_York')).toBe(false);
  expect(withinCallingHours(new Date('2026-01-15T14:00:00Z'), 'America/New_York')).toBe(true);
  expect(withinCallingHours(new Date('2026-01-15T13:59:00Z'), 'Europe/Berlin')).toBe(true);
  // 19:59 is the last minute; 20:00 is closed.
  expect(withinCallingHours(new Date('2026-01-16T00:59:00Z'), 'America/New_York')).toBe(true);
  expect(withinCallingHours(new Date('2026-01-16T01:00:00Z'), 'America/New_York')).toBe(false);
});
