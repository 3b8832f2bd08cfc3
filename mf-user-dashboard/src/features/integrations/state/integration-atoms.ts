import { atom } from 'jotai';
import { initialIntegrationState, integrationReducer, type IntegrationAction } from './integration-state';

/** The integration state of spec section 3, on the page's one jotai store (shared-auth's). */
export const integrationStateAtom = atom(initialIntegrationState());

/** Applies one section 4 transition to the state as it is when the action lands. */
export const integrationDispatchAtom = atom(null, (get, set, action: IntegrationAction) => {
  set(integrationStateAtom, integrationReducer(get(integrationStateAtom), action));
});
