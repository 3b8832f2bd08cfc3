import { UNKNOWN_CALLER_TEXT, formatDuration, leadNameOf } from './display';

test.each([
  [0, '00:00:00'], [59, '00:00:59'], [61, '00:01:01'], [242, '00:04:02'], [3600, '01:00:00'], [3661.9, '01:01:01'],
  [3725, '01:02:05'], [360_000, '100:00:00'], [-5, '00:00:00'], [Number.NaN, '00:00:00'],
])('formatDuration(%d) = %s', (s, text) => expect(formatDuration(s)).toBe(text));

test('a call with no known lead is from an unknown caller', () => {
  expect(leadNameOf({ lead: { fullName: 'Ada Caller' } })).toBe('Ada Caller');
  expect(leadNameOf({ lead: null })).toBe(UNKNOWN_CALLER_TEXT);
});
