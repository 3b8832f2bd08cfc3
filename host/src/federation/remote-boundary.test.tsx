import '../test/test-env';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { makeUser } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes, signIn } from '../test/render-app';
import { initFederation } from './init-federation';

const registerMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  freshPage();
  registerMock.mockClear();
  initFederation('host', {
    userDashboard: 'https://user.test/mf-manifest.json',
    agentSoftphone: 'https://agent.test/mf-manifest.json',
    admin: 'https://admin.test/mf-manifest.json',
  });
  // React reports errors its boundaries caught; here they are the point of the test.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

test('a remote that fails shows the fallback inside the layout, and Retry recovers it', async () => {
  signIn(makeUser({ role: 'ADMINISTRATOR' }));
  serveRemotes({});
  renderApp('/admin/ai-clients');

  expect(await screen.findByText('The admin console is unavailable right now')).toBeInTheDocument();
  // The shell goes on: menu and header are still there.
  expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Accounts');
  expect(screen.getByRole('button', { name: /Logout/ })).toBeInTheDocument();

  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByText('ai clients screen')).toBeInTheDocument();
  expect(registerMock).toHaveBeenLastCalledWith([{ name: 'admin', entry: 'https://admin.test/mf-manifest.json' }], { force: true });
});

test('a failing remote does not stop another remote from working', async () => {
  signIn(makeUser({ role: 'USER' }));
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
  renderApp('/dashboard/overview');
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
});

test('a missing softphone remote renders nothing and breaks nothing', async () => {
  signIn(makeUser({ role: 'AGENT' }));
  serveRemotes({ 'agentSoftphone/Messages': () => <p>messages screen</p> });
  renderApp('/dashboard/messages');
  expect(await screen.findByText('messages screen')).toBeInTheDocument();
  expect(screen.queryByText(/unavailable right now/)).not.toBeInTheDocument();
});
