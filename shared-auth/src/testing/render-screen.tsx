// Test kit for screens that run inside the host: a signed-in user, the API provider with a
// fresh cache, a router. Not exported from the package index, so it never ships in a bundle.
import { configure, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { SessionUser } from 'shared-contracts';
import { ApiProvider, agentStatusesAtom, authStore, configureRuntime, setSessionUser } from '../index';

export const API_BASE = 'http://api.test';

// antd screens render slowly in jsdom while several suites share 2 cores.
configure({ asyncUtilTimeout: 4000 });

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const role = overrides.role ?? 'USER';
  return {
    id: uuid(), accountId: uuid(), email: `user${seq}@example.com`, role,
    firstName: 'Ada', lastName: 'Lovelace', agentNumber: role === 'AGENT' ? '+15551239999' : null,
    timeZone: 'America/New_York',
    ...overrides,
  };
}

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
