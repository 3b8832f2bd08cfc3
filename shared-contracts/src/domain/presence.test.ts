import { presenceLabelOf, timeInStatusText } from './presence';

const now = Date.parse('2026-03-10T12:00:00.000Z');

test('an away agent reads with its reason, one after a call reads Wrap-up; the other statuses keep their word', () => {
  expect(presenceLabelOf({ status: 'away', awayReason: 'lunch' })).toBe('Away · Lunch');
  expect(presenceLabelOf({ status: 'wrap-up', awayReason: null })).toBe('Wrap-up');
  expect(presenceLabelOf({ status: 'available', awayReason: null })).toBeNull();
});

test('the time in a status counts from a call\'s start when busy, from the choice otherwise, and not at all offline', () => {
  expect(timeInStatusText({ status: 'busy', busyFrom: '2026-03-10T11:59:30.000Z', awayReason: null, since: '2026-03-10T11:00:00.000Z' }, now)).toBe('busy for 00:00:30');
  expect(timeInStatusText({ status: 'away', busyFrom: null, awayReason: 'break', since: '2026-03-10T11:48:00.000Z' }, now)).toBe('away for 00:12:00');
  expect(timeInStatusText({ status: 'wrap-up', busyFrom: null, awayReason: null, since: '2026-03-10T11:59:15.000Z' }, now)).toBe('wrap-up for 00:00:45');
  expect(timeInStatusText({ status: 'offline', busyFrom: null, awayReason: null, since: '2026-03-10T11:48:00.000Z' }, now)).toBeNull();
  expect(timeInStatusText({ status: 'available', busyFrom: null, awayReason: null, since: null }, now)).toBeNull();
});
