import { configure } from '@testing-library/react';
import { appLayout, hostScreens, notFoundPage } from '../app/host-screens';

// Import first in a host test that renders the shell.
// The MF runtime is this app's network boundary for remote code: tests decide what loads.
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  satisfy: jest.fn(() => true),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

// antd screens render slowly in jsdom on a shared, busy machine: the default 1 s wait for an
// element made shell tests fail at random. shared-auth's screen kit waits 4 s for the same reason.
configure({ asyncUtilTimeout: 10_000 });

// The bootstrap fetches a page's own host code before its first render (app/host-screens.ts);
// here every page's code is in before the tests, so a screen renders in the first pass.
beforeAll(() => Promise.all([...Object.values(hostScreens), appLayout, notFoundPage].map((code) => code.preload())));
