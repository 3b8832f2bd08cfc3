import {
  addCalendarIntegration, nextCincStatus, removeCalendarIntegration,
  type CincConnectionStatus, type CrmRef, type IntegrationConnection, type IntegrationConnections,
} from 'shared-contracts';

const byCategory = (all: readonly IntegrationConnection[]) => {
  const map: Record<string, IntegrationConnection[]> = {};
  for (const c of all) (map[c.category] ??= []).push(c);
  return map;
};

/** The list and the map of connections, kept in step. */
const withConnections = (all: IntegrationConnection[]) => ({ allConnections: all, connectionsByCategory: byCategory(all) });

/** The connections once the server has connected `c`: it replaces any connection of its provider. */
export function withConnected(state: IntegrationConnections, c: IntegrationConnection): IntegrationConnections {
  const next = { ...state, ...withConnections([...state.allConnections.filter((x) => x.id !== c.id && x.provider !== c.provider), c]) };
  if (c.category === 'crm') return { ...next, connectedCRMIntegration: { id: c.id, provider: c.provider } };
  if (c.category === 'calendar') {
    return { ...next, connectedCalendarIntegrations: addCalendarIntegration(state.connectedCalendarIntegrations, { id: c.id, provider: c.provider, accountLabel: c.accountLabel }) };
  }
  return next;
}

/** The connections once the server has disconnected the one with this id. */
export function withDisconnected(state: IntegrationConnections, id: string): IntegrationConnections {
  return {
    ...state, ...withConnections(state.allConnections.filter((x) => x.id !== id)),
    connectedCalendarIntegrations: removeCalendarIntegration(state.connectedCalendarIntegrations, id),
    connectedCRMIntegration: state.connectedCRMIntegration?.id === id ? null : state.connectedCRMIntegration,
  };
}

/**
 * The CINC status shown: connected while the CRM is CINC; "disconnected" once CINC was removed
 * on this page (the server only knows what is connected now, so that part is the page's own).
 */
export const cincStatusOf = (crm: CrmRef | null, cincRemovedHere: boolean): CincConnectionStatus =>
  nextCincStatus(cincRemovedHere ? 'connected' : null, { type: 'crmChanged', crm });
