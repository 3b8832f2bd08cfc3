import '../test/test-env';
import { screen } from '@testing-library/react';
import { freshPage, loadRemoteMock, makeUser, renderApp, serveRemotes, signIn } from '../test/render-app';
import { preloadScreensAt } from './remote-screens';

beforeEach(() => freshPage());

test('a deep link to a remote screen starts loading it (and the softphone for agent routes) before anything renders', () => {
  preloadScreensAt('/dashboard/agent-call-logs');
  expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual(['agentSoftphone/AgentCallLogs', 'agentSoftphone/Softphone']);

  loadRemoteMock.mockClear();
  preloadScreensAt('/admin/ai-client/edit/0b8f8a52-6f1c-4d83-9a51-3b1f0e8c2a10');
  expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual(['admin/AiClientEdit']);
});

test('host screens and unknown paths load no remote', () => {
  preloadScreensAt('/auth/login');
  preloadScreensAt('/dashboard/account/profile');
  preloadScreensAt('/no/such/page');
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

test('the screen renders from the preloaded module without loading it again', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  preloadScreensAt('/admin/ai-clients');
  renderApp('/admin/ai-clients');
  expect(await screen.findByText('ai clients screen')).toBeInTheDocument();
  expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'admin/AiClients')).toHaveLength(1);
});

test('a preload that fails is reported by the screen, not thrown at start-up', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => preloadScreensAt('/admin/ai-clients')).not.toThrow();
  renderApp('/admin/ai-clients');
  expect(await screen.findByText('The admin console is unavailable right now')).toBeInTheDocument();
});
