import {
  FETCH_CONNECTIONS_FAILED_TEXT, addCalendarIntegration, emptyConnections, nextCincStatus, removeCalendarIntegration,
  type CincConnectionStatus, type IntegrationConnection, type IntegrationConnections,
} from 'shared-contracts';

/** Spec section 3's integration state: the connections, the derived CINC status, loading and error. */
export interface IntegrationState extends IntegrationConnections {
  cincConnectionStatus: CincConnectionStatus;
  loading: boolean;
  error: string | null;
  /** Whose connections these are, so another account's never show. */
  accountId: string | null;
}

export const initialIntegrationState = (): IntegrationState => ({
  ...emptyConnections(), cincConnectionStatus: null, loading: false, error: null, accountId: null,
});

export type IntegrationAction =
  | { type: 'fetchStarted'; accountId: string }
  | { type: 'fetched'; accountId: string; connections: IntegrationConnections }
  | { type: 'fetchFailed'; accountId: string }
  | { type: 'connected'; connection: IntegrationConnection }
  | { type: 'disconnected'; id: string }
  | { type: 'cincStatusSet'; status: CincConnectionStatus }
  | { type: 'cleared' };

const byCategory = (all: readonly IntegrationConnection[]) => {
  const map: Record<string, IntegrationConnection[]> = {};
  for (const c of all) (map[c.category] ??= []).push(c);
  return map;
};

/** The list and the map of connections, kept in step. */
const withConnections = (all: IntegrationConnection[]) => ({
  allConnections: all,
  connectionsByCategory: byCategory(all),
});

/** Spec section 4's rules, as one pure transition. */
export function integrationReducer(state: IntegrationState, action: IntegrationAction): IntegrationState {
  switch (action.type) {
    case 'fetchStarted':
      return action.accountId === state.accountId
        ? { ...state, loading: true, error: null }
        : { ...initialIntegrationState(), accountId: action.accountId, loading: true };
    case 'fetched':
      if (action.accountId !== state.accountId) return state;
      return {
        ...state, ...action.connections, loading: false, error: null,
        cincConnectionStatus: nextCincStatus(state.cincConnectionStatus, { type: 'fetched', crm: action.connections.connectedCRMIntegration }),
      };
    case 'fetchFailed':
      if (action.accountId !== state.accountId) return state;
      // What the failed fetch returns is the empty state; the status follows "a fetch with no such CRM".
      return {
        ...state, ...emptyConnections(), loading: false, error: FETCH_CONNECTIONS_FAILED_TEXT,
        cincConnectionStatus: nextCincStatus(state.cincConnectionStatus, { type: 'fetched', crm: null }),
      };
    case 'connected': {
      const c = action.connection;
      const all = [...state.allConnections.filter((x) => x.id !== c.id && x.provider !== c.provider), c];
      if (c.category === 'crm') {
        const crm = { id: c.id, provider: c.provider };
        return {
          ...state, ...withConnections(all), connectedCRMIntegration: crm,
          cincConnectionStatus: nextCincStatus(state.cincConnectionStatus, { type: 'crmChanged', crm }),
        };
      }
      if (c.category === 'calendar') {
        return {
          ...state, ...withConnections(all),
          connectedCalendarIntegrations: addCalendarIntegration(state.connectedCalendarIntegrations, { id: c.id, provider: c.provider, accountLabel: c.accountLabel }),
        };
      }
      return { ...state, ...withConnections(all) };
    }
    case 'disconnected': {
      const all = state.allConnections.filter((x) => x.id !== action.id);
      const next = {
        ...state, ...withConnections(all),
        connectedCalendarIntegrations: removeCalendarIntegration(state.connectedCalendarIntegrations, action.id),
      };
      if (state.connectedCRMIntegration?.id !== action.id) return next;
      return {
        ...next, connectedCRMIntegration: null,
        cincConnectionStatus: nextCincStatus(state.cincConnectionStatus, { type: 'crmChanged', crm: null }),
      };
    }
    case 'cincStatusSet':
      return { ...state, cincConnectionStatus: nextCincStatus(state.cincConnectionStatus, { type: 'set', status: action.status }) };
    case 'cleared':
      return { ...initialIntegrationState(), accountId: state.accountId };
  }
}
