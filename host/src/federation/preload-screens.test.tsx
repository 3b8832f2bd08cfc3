import '../test/test-env';
import { act, screen, waitFor } from '@testing-library/react';
import { makeUser } from 'shared-auth/src/testing';
import { freshPage, loadRemoteMock, renderApp, serveRemotes, signIn } from '../test/render-app';
import { preloadScreens, remoteScreensAt } from './remote-screens';

beforeEach(() => freshPage());

const loadedIds = () => loadRemoteMock.mock.calls.map(([id]) => id);

test('a deep link to a remote screen starts loading it (and the softphone for agent routes) before anything renders', async () => {
  preloadScreens(remoteScreensAt('/dashboard/agent-call-logs'));
  await waitFor(() => expect(loadedIds()).toEqual(['agentSoftphone/AgentCallLogs', 'agentSoftphone/Softphone']));

  loadRemoteMock.mockClear();
  preloadScreens(remoteScreensAt('/admin/ai-client/edit/0b8f8a52-6f1c-4d83-9a51-3b1f0e8c2a10'));
  await waitFor(() => expect(loadedIds()).toEqual(['admin/AiClientEdit']));
});

test('host screens and unknown paths load no remote', async () => {
  expect(remoteScreensAt('/auth/login')).toEqual([]);
  expect(remoteScreensAt('/dashboard/account/profile')).toEqual([]);
  preloadScreens(remoteScreensAt('/auth/login'));
  preloadScreens(remoteScreensAt('/dashboard/account/profile'));
  preloadScreens(remoteScreensAt('/no/such/page'));
  // Whatever a preload starts reaches the runtime within a few ticks.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(loadRemoteMock).not.toHaveBeenCalled();
});

test('the screen renders from the preloaded module without loading it again', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  preloadScreens(remoteScreensAt('/admin/ai-clients'));
  renderApp('/admin/ai-clients');
  expect(await screen.findByText('ai clients screen')).toBeInTheDocument();
  expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'admin/AiClients')).toHaveLength(1);
});

test('a preloaded screen is drawn in the first render, with no loading view before it', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  await preloadScreens(remoteScreensAt('/admin/ai-clients'));
  renderApp('/admin/ai-clients');
  // Read at once, with no wait: a screen that suspended would show the loading view here, and
  // React would then hold it back until 300 ms after that view was drawn.
  expect(screen.getByText('ai clients screen')).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  await act(async () => {}); // the menu's own follow-up render
});

test('a screen whose code is still on its way shows the loading view, then the screen', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  renderApp('/admin/ai-clients');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(await screen.findByText('ai clients screen')).toBeInTheDocument();
});

test('a preload that fails is reported by the screen, not thrown at start-up', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await expect(preloadScreens(remoteScreensAt('/admin/ai-clients'))).resolves.toBeUndefined();
  renderApp('/admin/ai-clients');
  expect(await screen.findByText('The admin console is unavailable right now')).toBeInTheDocument();
});
