import { emptyConnections, type IntegrationConnection, type IntegrationConnections } from 'shared-contracts';
import { cincStatusOf, withConnected, withDisconnected } from './connections';

const conn = (n: number, provider: IntegrationConnection['provider'], category: IntegrationConnection['category']): IntegrationConnection => ({
  id: `c0000000-0000-4000-8000-00000000000${n}`, provider, category, status: 'active', accountLabel: null, connectedAt: '2026-03-01T00:00:00.000Z',
});
const cinc = conn(1, 'cinc', 'crm');
const google = conn(2, 'google-calendar', 'calendar');
const outlook = conn(3, 'outlook-calendar', 'calendar');
const connectAll = (...all: IntegrationConnection[]): IntegrationConnections => all.reduce(withConnected, emptyConnections());

test('connecting CINC sets the CRM; disconnecting it clears the CRM and the list', () => {
  const state = connectAll(cinc);
  expect(state.connectedCRMIntegration).toEqual({ id: cinc.id, provider: 'cinc' });
  const after = withDisconnected(state, cinc.id);
  expect([after.connectedCRMIntegration, after.allConnections, after.connectionsByCategory]).toEqual([null, [], {}]);
});

test('calendars: added once per id, removed by id, lists and map in step', () => {
  let state = connectAll(google, google, outlook);
  expect(state.connectedCalendarIntegrations.map((c) => c.provider)).toEqual(['google-calendar', 'outlook-calendar']);
  expect(state.connectionsByCategory.calendar?.map((c) => c.id)).toEqual([google.id, outlook.id]);
  state = withDisconnected(state, google.id);
  expect(state.connectedCalendarIntegrations.map((c) => c.id)).toEqual([outlook.id]);
  expect(state.allConnections.map((c) => c.id)).toEqual([outlook.id]);
  expect(state.connectedCRMIntegration).toBeNull();
});

test('a new connection of a provider replaces its old one', () => {
  const again = { ...cinc, id: 'c0000000-0000-4000-8000-000000000009' };
  expect(connectAll(cinc, again).allConnections.map((c) => c.id)).toEqual([again.id]);
});

test('the CINC status: connected, "disconnected" once removed here, otherwise none', () => {
  const crm = { id: cinc.id, provider: 'cinc' };
  expect(cincStatusOf(crm, false)).toBe('connected');
  expect(cincStatusOf(crm, true)).toBe('connected');
  expect(cincStatusOf(null, true)).toBe('disconnected');
  expect(cincStatusOf(null, false)).toBeNull();
});
