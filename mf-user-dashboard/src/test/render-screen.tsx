// Imported first by screen tests: polyfills before react-router and antd load.
import 'shared-ui/src/testing/test-env';
import { configure, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiProvider, authStore, agentStatusesAtom, configureRuntime, setSessionUser } from 'shared-auth';
import type { SessionUser } from 'shared-contracts';

export const API_BASE = 'http://api.test';

// antd screens render slowly in jsdom, and these machines run several suites at once:
// give waits and tests room so that load does not read as failure.
configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(20_000);

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: uuid(), accountId: uuid(), email: `user${seq}@example.com`, role: 'USER',
    firstName: 'Ada', lastName: 'Lovelace', agentNumber: null, timeZone: 'America/New_York',
    ...overrides,
  };
}

/** Renders a screen as the host would: a signed-in user, the API provider, a router; a fresh cache each time. */
export function renderScreen(ui: ReactElement, user: SessionUser | null = makeUser()) {
  configureRuntime({ apiBase: API_BASE, wsBase: 'ws://api.test' });
  setSessionUser(user);
  authStore.set(agentStatusesAtom, {});
  return render(
    <ApiProvider value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ApiProvider>,
  );
}

/** Waits until no table is loading: the last response has been rendered. */
export const settled = () => waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
