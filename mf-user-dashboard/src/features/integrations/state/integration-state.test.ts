import type { IntegrationConnection, IntegrationConnections } from 'shared-contracts';
import { initialIntegrationState, integrationReducer, type IntegrationAction, type IntegrationState } from './integration-state';

const A = 'a0000000-0000-4000-8000-000000000001';
const conn = (n: number, provider: IntegrationConnection['provider'], category: IntegrationConnection['category']): IntegrationConnection => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`, provider, category, status: 'active', accountLabel: null, connectedAt: '2026-03-01T00:00:00.000Z',
});
const cinc = conn(1, 'cinc', 'crm');
const google = conn(2, 'google-calendar', 'calendar');
const outlook = conn(3, 'outlook-calendar', 'calendar');
const fetchedWith = (...all: IntegrationConnection[]): IntegrationConnections => ({
  connectedCRMIntegration: all.find((c) => c.category === 'crm') ?? null,
  connectedCalendarIntegrations: all.filter((c) => c.category === 'calendar').map((c) => ({ id: c.id, provider: c.provider, accountLabel: c.accountLabel })),
  allConnections: all,
  connectionsByCategory: {},
});
const run = (...actions: IntegrationAction[]): IntegrationState => actions.reduce(integrationReducer, initialIntegrationState());

test('fetching: loading while pending, then the connections with CINC connected', () => {
  expect(run({ type: 'fetchStarted', accountId: A }).loading).toBe(true);
  const state = run({ type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith(cinc, google) });
  expect([state.loading, state.error, state.cincConnectionStatus]).toEqual([false, null, 'connected']);
  expect(state.connectedCalendarIntegrations.map((c) => c.id)).toEqual([google.id]);
});

test('a failed fetch stores "Failed to fetch connections" and the empty state', () => {
  const state = run(
    { type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith(cinc, google) },
    { type: 'fetchStarted', accountId: A }, { type: 'fetchFailed', accountId: A },
  );
  expect(state).toEqual({ ...initialIntegrationState(), accountId: A, error: 'Failed to fetch connections' });
});

test('a fetch with no CINC gives null; disconnecting CINC gives disconnected', () => {
  expect(run({ type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith(google) }).cincConnectionStatus).toBeNull();
  const state = run({ type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith() }, { type: 'connected', connection: cinc });
  expect([state.cincConnectionStatus, state.connectedCRMIntegration]).toEqual(['connected', { id: cinc.id, provider: 'cinc' }]);
  const after = integrationReducer(state, { type: 'disconnected', id: cinc.id });
  expect([after.cincConnectionStatus, after.connectedCRMIntegration, after.allConnections]).toEqual(['disconnected', null, []]);
});

test('calendars: added once per id, removed by id, lists and map in step', () => {
  let state = run({ type: 'connected', connection: google }, { type: 'connected', connection: google }, { type: 'connected', connection: outlook });
  expect(state.connectedCalendarIntegrations.map((c) => c.provider)).toEqual(['google-calendar', 'outlook-calendar']);
  expect(state.connectionsByCategory.calendar?.map((c) => c.id)).toEqual([google.id, outlook.id]);
  state = integrationReducer(state, { type: 'disconnected', id: google.id });
  expect(state.connectedCalendarIntegrations.map((c) => c.id)).toEqual([outlook.id]);
  expect(state.allConnections.map((c) => c.id)).toEqual([outlook.id]);
  expect(state.cincConnectionStatus).toBeNull();
});

test('cleared: CRM null, calendars empty, status null, lists and maps empty', () => {
  const state = run({ type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith(cinc, google) }, { type: 'cleared' });
  expect(state).toEqual({ ...initialIntegrationState(), accountId: A });
});

test('the status can be set explicitly', () =>
  expect(run({ type: 'cincStatusSet', status: 'disconnected' }).cincConnectionStatus).toBe('disconnected'));

test('another account\'s answer is ignored, and switching account starts empty', () => {
  const B = 'b0000000-0000-4000-8000-000000000002';
  const state = run({ type: 'fetchStarted', accountId: A }, { type: 'fetched', accountId: A, connections: fetchedWith(cinc) }, { type: 'fetchStarted', accountId: B });
  expect([state.accountId, state.connectedCRMIntegration, state.cincConnectionStatus]).toEqual([B, null, null]);
  expect(integrationReducer(state, { type: 'fetched', accountId: A, connections: fetchedWith(cinc) })).toBe(state);
});
