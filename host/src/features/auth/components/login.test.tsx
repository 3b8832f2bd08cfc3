import '../../../test/test-env';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, sessionUserAtom, tokenCheckedAtom } from 'shared-auth';
import { makeUser, ok, stubFetch } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes } from '../../../test/render-app';
import { roleMayOpen } from '../hooks/complete-sign-in';

/** Types a whole value at once: per-key typing re-renders antd's inputs and slows the suite. */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

beforeEach(() => {
  freshPage();
  authStore.set(tokenCheckedAtom, true);
});

test('the role screen continues to /auth/login with the chosen role', async () => {
  const { pathname } = renderApp('/auth/login/role');
  const continueButton = screen.getByRole('button', { name: 'Continue' });
  expect(continueButton).toBeDisabled();
  await userEvent.click(screen.getByText('Agent'));
  await userEvent.click(continueButton);
  expect(pathname()).toBe('/auth/login');
  expect(await screen.findByText('Agent')).toBeInTheDocument();
  expect(screen.getByText(/Signing in as/)).toHaveTextContent('Signing in as Agent');
});

test('shows the validation messages under the fields', async () => {
  const { requests } = stubFetch(() => ({ body: {} }));
  renderApp('/auth/login');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

  await fill('Email', 'not-an-email');
  expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});

test('signs in, stores the token and user, and goes to the role home', async () => {
  const agent = makeUser({ role: 'AGENT', email: 'agent@example.com' });
  const { requests } = stubFetch(() => ok({ token: 'new-token', user: agent }));
  serveRemotes({
    'agentSoftphone/AgentCallLogs': () => <p>agent call logs</p>,
    'agentSoftphone/Softphone': () => <p>softphone</p>,
  });
  const { pathname } = renderApp('/auth/login?role=AGENT');

  await fill('Email', '  Agent@Example.com ');
  await fill('Password', 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByText('agent call logs')).toBeInTheDocument();
  expect(pathname()).toBe('/dashboard/agent-call-logs');
  expect(localStorage.getItem('token')).toBe('new-token');
  expect(authStore.get(sessionUserAtom)).toEqual(agent);
  expect(await screen.findByText('softphone')).toBeInTheDocument();
  const [sent] = requests;
  expect(sent!.url.href).toBe('https://api.test/v1/auth/login');
  expect(sent!.body).toEqual({ email: 'agent@example.com', password: 'correct horse' });
});

test('a page opened while signed out is where signing in lands, when the role may open it', async () => {
  const agent = makeUser({ role: 'AGENT', email: 'agent@example.com' });
  stubFetch(() => ok({ token: 'new-token', user: agent }));
  serveRemotes({
    'agentSoftphone/Messages': () => <p>agent messages</p>,
    'agentSoftphone/Softphone': () => <p>softphone</p>,
  });
  const { pathname } = renderApp('/dashboard/messages?thread=1');
  expect(pathname()).toBe('/auth/login/role');
  await userEvent.click(screen.getByText('Agent'));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await fill('Email', 'agent@example.com');
  await fill('Password', 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('agent messages')).toBeInTheDocument();
  expect(pathname()).toBe('/dashboard/messages');
  // Used once: the next sign-in goes home.
  expect(sessionStorage.length).toBe(0);
});

test('a remembered page the signed-in role may not open gives way to the role home', () => {
  expect(roleMayOpen('/dashboard/messages?thread=1', 'AGENT')).toBe(true);
  expect(roleMayOpen('/dashboard/messages', 'USER')).toBe(false);
  expect(roleMayOpen('/dashboard/calls/42/conversation', 'USER')).toBe(true);
  expect(roleMayOpen('/nowhere', 'USER')).toBe(false);
  expect(roleMayOpen('/auth/login', 'USER')).toBe(false);
});

test('shows the server error text when sign-in is refused', async () => {
  stubFetch(() => ({ status: 401, body: { type: 'InvalidCredentials', message: 'Wrong email or password' } }));
  renderApp('/auth/login');
  await fill('Email', 'user@example.com');
  await fill('Password', 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  const message = await screen.findByText('Wrong email or password');
  expect(message.closest('[role="alert"]')).not.toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});
