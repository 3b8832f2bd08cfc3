import { BookingRules, CreateAgentBody } from './ai-agent';
import { UpdateAgentBody } from '../http/agent';
import { DEFAULT_BOOKING_RULES } from '../domain/booking-rules';
import { firstIssue, messageOf, parsed } from '../schema-test-helpers';

const rules = { slotMinutes: 45, bufferMinutes: 15, maxDaysAhead: 7 };

describe('booking rules', () => {
  test('accepted as given', () => expect(parsed(BookingRules, rules)).toEqual(rules));
  test('a rule left out takes its default (30-minute slots, no buffer, 90 days)', () => {
    expect(parsed(BookingRules, {})).toEqual(DEFAULT_BOOKING_RULES);
    expect(DEFAULT_BOOKING_RULES).toEqual({ slotMinutes: 30, bufferMinutes: 0, maxDaysAhead: 90 });
    expect(parsed(BookingRules, { slotMinutes: 60 })).toEqual({ slotMinutes: 60, bufferMinutes: 0, maxDaysAhead: 90 });
  });
  test.each([
    [{ slotMinutes: 10 }], [{ slotMinutes: 240 }], [{ bufferMinutes: 0 }], [{ bufferMinutes: 120 }], [{ maxDaysAhead: 1 }], [{ maxDaysAhead: 365 }],
  ])('the bound %j is accepted', (bound) => expect(messageOf(BookingRules, { ...rules, ...bound })).toBeNull());
  test.each([
    ['slotMinutes', 5, 'Slot length must be between 10 and 240 minutes'],
    ['slotMinutes', 245, 'Slot length must be between 10 and 240 minutes'],
    ['slotMinutes', 42, 'Slot length must be a multiple of 5 minutes'],
    ['slotMinutes', 30.5, 'Slot length must be whole minutes'],
    ['slotMinutes', '30', 'Slot length must be a number'],
    ['bufferMinutes', -1, 'Buffer between appointments must be between 0 and 120 minutes'],
    ['bufferMinutes', 121, 'Buffer between appointments must be between 0 and 120 minutes'],
    ['maxDaysAhead', 0, 'Days ahead must be between 1 and 365 days'],
    ['maxDaysAhead', 366, 'Days ahead must be between 1 and 365 days'],
  ])('%s %j is refused under its field', (key, value, message) =>
    expect(firstIssue(BookingRules, { ...rules, [key]: value })).toEqual({ message, path: key }));
});

describe('an agent with booking rules', () => {
  const minimal = { name: 'Front desk', handleCallType: 'inbound', greeting: 'Thanks for calling!', prompt: 'Book viewings.', voiceId: 'v1' };
  test('create keeps them, or stores none (the defaults) when left out', () => {
    expect(parsed(CreateAgentBody, { ...minimal, bookingRules: rules }).bookingRules).toEqual(rules);
    expect(parsed(CreateAgentBody, minimal).bookingRules).toBeNull();
  });
  test('an update may change them alone, with the path of a bad one', () => {
    expect(parsed(UpdateAgentBody, { bookingRules: rules })).toEqual({ bookingRules: rules });
    expect(firstIssue(UpdateAgentBody, { bookingRules: { ...rules, maxDaysAhead: 400 } }))
      .toEqual({ message: 'Days ahead must be between 1 and 365 days', path: 'bookingRules.maxDaysAhead' });
  });
});
