import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { authStore, configureRuntime, resetAuth, sessionUserAtom, tokenAtom, tokenCheckedAtom } from 'shared-auth';
import type { SessionUser } from 'shared-contracts';
import { resetAuthStore } from 'shared-auth/src/testing';
import { AppProviders } from '../app/app-providers';
import { AppRoutes } from '../app/app-routes';
import { renewRemoteScreens } from '../federation/remote-screens';
import { REMOTE_NAMES } from '../federation/remotes';

export const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** Remote modules by id (`admin/AiClients`); anything else fails to load, like a remote that is down. */
export function serveRemotes(screens: Record<string, ComponentType>) {
  loadRemoteMock.mockImplementation(async (id: string) => {
    const screen = screens[id];
    if (!screen) throw new Error(`remote module ${id} unreachable`);
    return { default: screen };
  });
}

/** A fresh page: nobody signed in, nothing stored, every remote screen not yet loaded. */
export function freshPage() {
  sessionStorage.clear();
  resetAuth();
  resetAuthStore();
  REMOTE_NAMES.forEach(renewRemoteScreens);
  loadRemoteMock.mockReset();
  serveRemotes({});
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
}

export function signIn(user: SessionUser) {
  authStore.set(tokenAtom, 'test-token');
  authStore.set(sessionUserAtom, user);
  authStore.set(tokenCheckedAtom, true);
}

let currentPath = '';
function PathProbe() {
  currentPath = useLocation().pathname;
  return null;
}

/** The app at `path`, under a memory router; `pathname()` tells where it has navigated to. */
export function renderApp(path: string) {
  const view = render(
    <AppProviders swr={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <PathProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, pathname: () => currentPath };
}
