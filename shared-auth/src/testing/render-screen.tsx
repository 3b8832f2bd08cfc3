// Screens as they run inside the host: a signed-in user, the API provider with a fresh
// cache, a router.
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { SessionUser } from 'shared-contracts';
import { ApiProvider, agentStatusesAtom, authStore, configureRuntime, setSessionUser } from '../index';
import { makeUser } from './make-user';

export const API_BASE = 'http://api.test';

/** `at` is the URL the screen opens on (its query string included). */
export function renderScreen(ui: ReactElement, user: SessionUser | null = makeUser(), at = '/') {
  configureRuntime({ apiBase: API_BASE, wsBase: 'ws://api.test' });
  setSessionUser(user);
  authStore.set(agentStatusesAtom, {});
  return render(
    <ApiProvider value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </ApiProvider>,
  );
}

/** Waits until no table is loading: the last response has been rendered. */
export const settled = () => waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
