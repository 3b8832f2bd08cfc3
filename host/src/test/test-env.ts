// Import first in a host test that renders the shell.
// The MF runtime is this app's network boundary for remote code: tests decide what loads.
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
