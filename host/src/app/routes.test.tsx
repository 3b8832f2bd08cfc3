import '../test/test-env';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, tokenAtom } from 'shared-auth';
import { makeUser, ok, stubFetch, type StubReply } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes, signIn } from '../test/render-app';

beforeEach(freshPage);

test('shows the full-screen loading view while the stored token is checked', async () => {
  authStore.set(tokenAtom, 'stored');
  let answer!: (reply: StubReply) => void;
  stubFetch(() => new Promise<StubReply>((resolve) => (answer = resolve)));
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });

  renderApp('/dashboard/overview');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByText('overview screen')).not.toBeInTheDocument();

  answer(ok(makeUser({ role: 'USER' })));
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
});

test('/ leads a visitor with no session to /auth/login/role', async () => {
  const { pathname } = renderApp('/');
  expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeInTheDocument();
  expect(pathname()).toBe('/auth/login/role');
});

test('/dashboard redirects to /dashboard/overview', async () => {
  signIn(makeUser({ role: 'USER' }));
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
  const { pathname } = renderApp('/dashboard');
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
  expect(pathname()).toBe('/dashboard/overview');
});

test('a role that may not open a route is sent to /restricted', async () => {
  signIn(makeUser({ role: 'AGENT' }));
  serveRemotes({ 'agentSoftphone/Softphone': () => <p>softphone</p> });
  const { pathname } = renderApp('/admin/ai-clients');
  expect(await screen.findByText('Your account cannot open that page. It is available to other roles only.')).toBeInTheDocument();
  expect(pathname()).toBe('/restricted');
});

test('an allowed role sees the remote screen inside the layout with its menu and breadcrumbs', async () => {
  const admin = makeUser({ role: 'ADMINISTRATOR', email: 'root@example.com' });
  signIn(admin);
  serveRemotes({ 'admin/AiClients': () => <p>ai clients screen</p> });
  const marks = jest.fn();
  Object.defineProperty(performance, 'mark', { value: marks, configurable: true });

  renderApp('/admin/ai-clients');

  expect(await screen.findByText('ai clients screen')).toBeInTheDocument();
  expect(screen.getByText('root@example.com')).toBeInTheDocument();
  const menu = screen.getByRole('navigation', { name: 'Main' });
  expect(menu).toHaveTextContent('Accounts');
  expect(menu).toHaveTextContent('Ai Clients');
  expect(menu).not.toHaveTextContent('Edit');
  const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(crumbs.querySelector('a')).toHaveAttribute('href', '/admin/account-list');
  expect(crumbs).toHaveTextContent('Ai Clients');
  expect(marks).toHaveBeenCalledWith('route-ready', { detail: { path: '/admin/ai-clients' } });
});

test('an unknown path shows the 404 page', async () => {
  renderApp('/no/such/page');
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
});

test('every host screen of the route table is routed; unknown paths are not', async () => {
  renderApp('/auth/register');
  expect(await screen.findByRole('heading', { name: 'Create account' })).toBeInTheDocument();
  renderApp('/auth/no-such-screen');
  expect(await screen.findByText('Page not found')).toBeInTheDocument();
});

test('Logout clears the session and goes to /auth/login', async () => {
  signIn(makeUser({ role: 'USER' }));
  localStorage.setItem('token', 'test-token');
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
  const { pathname } = renderApp('/dashboard/overview');
  await userEvent.click(await screen.findByRole('button', { name: /Logout/ }));
  await waitFor(() => expect(pathname()).toBe('/auth/login'));
  expect(localStorage.getItem('token')).toBeNull();
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
});
