import { UpdateAccountBody, accountContract } from './account';
import { IntegrationConnections, emptyConnections } from '../schemas/integrations';
import { ID, ID2, NOW, firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('admin account edit', () => {
  test('name, plan, agent cap and roles', () => {
    const out = parsed(UpdateAccountBody, {
      name: 'Lee Realty', plan: 'efficiency-plus', agentCapOverride: 7,
      roles: [{ id: ID, title: 'AGENT', twilio_number: '(212) 555-0100' }, { id: ID2, title: 'USER', twilio_number: null }],
    });
    expect(out.roles?.[0]?.twilio_number).toBe('+12125550100');
  });
  test('null agent cap restores the default', () => expect(parsed(UpdateAccountBody, { agentCapOverride: null })).toEqual({ agentCapOverride: null }));
  test('agent cap range', () => {
    expect(messageOf(UpdateAccountBody, { agentCapOverride: -1 })).toBe('Agent cap must be from 0 to 100');
    expect(messageOf(UpdateAccountBody, { agentCapOverride: 2.5 })).toBe('Agent cap must be a whole number');
  });
  test('unknown plan', () => expect(messageOf(UpdateAccountBody, { plan: 'gold' })).toBe('Choose a plan'));
  test('a role row needs its fields', () =>
    expect(firstIssue(UpdateAccountBody, { roles: [{ id: ID, title: 'AGENT' }] })).toEqual({ message: 'Twilio number is required', path: 'roles.0.twilio_number' }));
  test('a user appears once', () =>
    expect(messageOf(UpdateAccountBody, { roles: [{ id: ID, title: 'AGENT', twilio_number: null }, { id: ID, title: 'USER', twilio_number: null }] }))
      .toBe('Each user may appear only once'));
  test('administrators only', () => {
    for (const e of [accountContract.getAccount, accountContract.updateAccount, accountContract.getAccountAudit, accountContract.getAllAccounts]) {
      expect(e.roles).toEqual(['ADMINISTRATOR']);
    }
  });
  test('the audit is paged through the query string', () =>
    expect(parsed(accountContract.getAccountAudit.query, { page: '2', limit: '20' })).toEqual({ page: 2, limit: 20 }));
});

describe('connections', () => {
  const connection = { id: ID, provider: 'cinc', category: 'crm', status: 'active', accountLabel: null, connectedAt: NOW };
  test('the response data holds data with the connection fields', () => {
    const data = {
      connectedCRMIntegration: { provider: 'cinc', id: ID },
      connectedCalendarIntegrations: [{ id: ID2, provider: 'google-calendar', accountLabel: 'ann@example.com' }],
      allConnections: [connection],
      connectionsByCategory: { crm: [connection] },
    };
    expect(messageOf(accountContract.getConnections.response, { data })).toBeNull();
  });
  test('an empty state is valid', () => expect(messageOf(IntegrationConnections, emptyConnections())).toBeNull());
  test('emptyConnections returns a fresh object each time', () => expect(emptyConnections()).not.toBe(emptyConnections()));
});

test('the preference path keeps the spec\'s spelling and is the user\'s own', () => {
  expect(accountContract.getAccountPreference.path).toBe('account/get-account-preferenece/{userId}');
  expect(accountContract.getAccountPreference.tenant).toEqual([{ in: 'params', key: 'userId', owns: 'self' }]);
});
