import { INTEGRATION_AUTH_TYPE_BY_PROVIDER, INTEGRATION_CATEGORY_BY_PROVIDER, INTEGRATION_PROVIDERS, INTEGRATION_CATALOGUE, addCalendarIntegration, crmConflictText, integrationName, isCincCrm, nextCincStatus, removeCalendarIntegration } from './integrations';

test('every provider has a category and a way to connect', () => {
  for (const p of INTEGRATION_PROVIDERS) {
    expect(INTEGRATION_CATEGORY_BY_PROVIDER[p]).toBeDefined();
    expect(INTEGRATION_AUTH_TYPE_BY_PROVIDER[p]).toBeDefined();
  }
  expect(INTEGRATION_CATEGORY_BY_PROVIDER.cinc).toBe('crm');
});

describe('isCincCrm: provider or id equals cinc', () => {
  test('by provider', () => expect(isCincCrm({ provider: 'cinc', id: 'x1' })).toBe(true));
  test('by id', () => expect(isCincCrm({ provider: 'other', id: 'cinc' })).toBe(true));
  test('neither', () => expect(isCincCrm({ provider: 'hubspot', id: 'h1' })).toBe(false));
  test('exact match only', () => expect(isCincCrm({ provider: 'CINC', id: 'cinc-1' })).toBe(false));
  test('no CRM', () => {
    expect(isCincCrm(null)).toBe(false);
    expect(isCincCrm(undefined)).toBe(false);
  });
});

describe('nextCincStatus', () => {
  const cinc = { provider: 'cinc', id: '1' };
  const hubspot = { provider: 'hubspot', id: '2' };
  test('a fetch with CINC: connected', () => expect(nextCincStatus(null, { type: 'fetched', crm: cinc })).toBe('connected'));
  test('a fetch with no such CRM: null, whatever it was', () => {
    expect(nextCincStatus('connected', { type: 'fetched', crm: null })).toBeNull();
    expect(nextCincStatus('disconnected', { type: 'fetched', crm: hubspot })).toBeNull();
  });
  test('clearing the CRM when it was connected: disconnected', () =>
    expect(nextCincStatus('connected', { type: 'crmChanged', crm: null })).toBe('disconnected'));
  test('clearing the CRM when it was not connected: unchanged', () => {
    expect(nextCincStatus(null, { type: 'crmChanged', crm: null })).toBeNull();
    expect(nextCincStatus('disconnected', { type: 'crmChanged', crm: null })).toBe('disconnected');
  });
  test('setting the CRM to CINC: connected', () => expect(nextCincStatus(null, { type: 'crmChanged', crm: cinc })).toBe('connected'));
  test('replacing CINC with another CRM: disconnected', () => expect(nextCincStatus('connected', { type: 'crmChanged', crm: hubspot })).toBe('disconnected'));
  test('set explicitly', () => {
    expect(nextCincStatus(null, { type: 'set', status: 'disconnected' })).toBe('disconnected');
    expect(nextCincStatus('connected', { type: 'set', status: null })).toBeNull();
  });
  test('cleared: null', () => expect(nextCincStatus('connected', { type: 'cleared' })).toBeNull());
});

describe('calendar integrations', () => {
  const a = { id: 'a', provider: 'google-calendar' };
  const b = { id: 'b', provider: 'outlook-calendar' };
  test('added', () => expect(addCalendarIntegration([a], b)).toEqual([a, b]));
  test('ignored if the same id exists', () => expect(addCalendarIntegration([a], { ...a, provider: 'x' })).toEqual([a]));
  test('removed by id', () => expect(removeCalendarIntegration([a, b], 'a')).toEqual([b]));
  test('removing an unknown id keeps the list', () => expect(removeCalendarIntegration([a], 'z')).toEqual([a]));
  test('inputs are not changed', () => {
    const list = [a];
    addCalendarIntegration(list, b);
    removeCalendarIntegration(list, 'a');
    expect(list).toEqual([a]);
  });
});

describe('the catalogue', () => {
  test('offers every provider once, CINC first, with a name', () => {
    expect(INTEGRATION_CATALOGUE.map((i) => i.provider).sort()).toEqual([...INTEGRATION_PROVIDERS].sort());
    expect(INTEGRATION_CATALOGUE[0]!.provider).toBe('cinc');
    expect(integrationName('google-calendar')).toBe('Google Calendar');
    expect(integrationName('unknown')).toBe('unknown');
  });
  test('a second CRM is refused by name', () => {
    expect(crmConflictText('cinc')).toBe('Disconnect CINC before connecting another CRM');
  });
});
