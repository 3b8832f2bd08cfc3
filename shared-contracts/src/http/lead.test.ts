import { CreateLeadBody, UpdateLeadBody, leadContract } from './lead';
import { NOTHING_TO_UPDATE_TEXT, TIME_ZONE_UNKNOWN_TEXT, unknownFieldText } from '../schemas/common';
import { firstIssue, messageOf, parsed } from '../schema-test-helpers';

const ana = { fullName: ' Ana Ortiz ', phoneNumber: '(415) 555-0134' };

describe('create-lead', () => {
  test('keeps the lead\'s time zone; without one the account\'s zone applies', () => {
    expect(parsed(CreateLeadBody, { ...ana, timeZone: 'America/Chicago' }))
      .toEqual({ fullName: 'Ana Ortiz', phoneNumber: '+14155550134', timeZone: 'America/Chicago' });
    expect(parsed(CreateLeadBody, ana).timeZone).toBeNull();
  });
  test('refuses a field it does not declare, naming it', () => {
    expect(firstIssue(CreateLeadBody, { ...ana, nickname: 'Ana' })).toEqual({ message: unknownFieldText('nickname'), path: 'nickname' });
    expect(messageOf(CreateLeadBody, { ...ana, timezone: 'America/Chicago' })).toBe('Unknown field "timezone"');
  });
  test('missing fields and bad zones keep their own words', () => {
    expect(messageOf(CreateLeadBody, { phoneNumber: '4155550134' })).toBe('Full name is required');
    expect(messageOf(CreateLeadBody, { ...ana, timeZone: 'Mars/Olympus' })).toBe(TIME_ZONE_UNKNOWN_TEXT);
    expect(messageOf(CreateLeadBody, 'Ana Ortiz')).toBe('Expected an object');
  });
  test('is open to API keys', () => expect(leadContract.createLead.publicApi).toBe(true));
});

describe('update-lead', () => {
  test('changes or clears the time zone', () => {
    expect(parsed(UpdateLeadBody, { timeZone: 'America/Denver' })).toEqual({ timeZone: 'America/Denver' });
    expect(parsed(UpdateLeadBody, { timeZone: null })).toEqual({ timeZone: null });
  });
  test('refuses unknown fields and an empty change', () => {
    expect(messageOf(UpdateLeadBody, { fullName: 'Ana', status: 'hot' })).toBe(unknownFieldText('status'));
    expect(messageOf(UpdateLeadBody, {})).toBe(NOTHING_TO_UPDATE_TEXT);
  });
});
