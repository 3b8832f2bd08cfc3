import {
  UpdateCurrentUserBody, UpdateSecurityPreferenceBody, UpdateUserPreferenceBody, usersContract,
} from './users';
import { NOTHING_TO_UPDATE_TEXT } from '../schemas/common';
import { messageOf, parsed } from '../schema-test-helpers';

describe('update-current-user: the body is the update object', () => {
  test('any one field is enough', () => {
    expect(parsed(UpdateCurrentUserBody, { firstName: ' Ann ' })).toEqual({ firstName: 'Ann' });
    expect(parsed(UpdateCurrentUserBody, { timeZone: 'America/Chicago' })).toEqual({ timeZone: 'America/Chicago' });
  });
  test('an empty update is refused', () => expect(messageOf(UpdateCurrentUserBody, {})).toBe(NOTHING_TO_UPDATE_TEXT));
  test('null clears the phone, and counts as a change', () =>
    expect(parsed(UpdateCurrentUserBody, { phoneNumber: null })).toEqual({ phoneNumber: null }));
  test('the phone is normalised', () =>
    expect(parsed(UpdateCurrentUserBody, { phoneNumber: '212 555 0100' })).toEqual({ phoneNumber: '+12125550100' }));
  test('fields keep their messages', () => {
    expect(messageOf(UpdateCurrentUserBody, { firstName: '  ' })).toBe('First name is required');
    expect(messageOf(UpdateCurrentUserBody, { timeZone: 'Nowhere/Else' })).toBe('Choose a valid time zone');
  });
  test('unknown fields are dropped, so an empty result is still refused', () =>
    expect(messageOf(UpdateCurrentUserBody, { role: 'ADMINISTRATOR' })).toBe(NOTHING_TO_UPDATE_TEXT));
});

describe('preferences', () => {
  test('the server spells it timezone', () =>
    expect(parsed(UpdateUserPreferenceBody, { timezone: 'Europe/London' })).toEqual({ timezone: 'Europe/London' }));
  test('choices are checked', () => {
    expect(messageOf(UpdateUserPreferenceBody, { timeFormat: '25h' })).toBe('Choose 12-hour or 24-hour time');
    expect(messageOf(UpdateUserPreferenceBody, { emailNotifications: 'yes' })).toBe('Email notifications must be on or off');
  });
  test('empty update refused', () => expect(messageOf(UpdateUserPreferenceBody, {})).toBe(NOTHING_TO_UPDATE_TEXT));
});

describe('security preferences', () => {
  test('accepted', () => expect(messageOf(UpdateSecurityPreferenceBody, { twoStepEnabled: true, twoStepChannel: 'sms' })).toBeNull());
  test('session timeout bounds', () => {
    expect(messageOf(UpdateSecurityPreferenceBody, { sessionTimeoutMinutes: 5 })).toBe('Session timeout must be at least 15 minutes');
    expect(messageOf(UpdateSecurityPreferenceBody, { sessionTimeoutMinutes: 2000 })).toBe('Session timeout must be at most 1440 minutes');
    expect(messageOf(UpdateSecurityPreferenceBody, { sessionTimeoutMinutes: 30.5 })).toBe('Session timeout must be a whole number of minutes');
  });
  test('open to all three roles, own user only', () => {
    expect(usersContract.updateSecurityPreference.roles).toEqual(['USER', 'AGENT', 'ADMINISTRATOR']);
    expect(usersContract.updateSecurityPreference.tenant).toEqual([{ in: 'params', key: 'userId', owns: 'self' }]);
  });
});
