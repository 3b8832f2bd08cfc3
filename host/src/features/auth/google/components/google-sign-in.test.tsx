import '../../../../test/test-env';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, tokenCheckedAtom } from 'shared-auth';
import { makeUser, ok, stubFetch } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes } from '../../../../test/render-app';
import type { GoogleOAuth2, TokenResponse } from '../api/google-identity';
import { configureGoogleSignIn } from '../model/google-config';
import { GOOGLE_STATE_KEY } from '../model/google-flow';

jest.setTimeout(60_000);

const EXTRA = 'https://www.googleapis.com/auth/calendar.readonly';
const user = makeUser({ role: 'USER', email: 'gina@example.com' });

/** Google's script, as far as the page can tell: records what it was asked and answers as told. */
function fakeGoogle() {
  const asked: { scope?: string; clientId?: string; redirect?: string; state?: string } = {};
  let tokenCallback: ((response: TokenResponse) => void) | undefined;
  const oauth2: GoogleOAuth2 = {
    initTokenClient: (config) => {
      Object.assign(asked, { scope: config.scope, clientId: config.client_id });
      tokenCallback = config.callback;
      return { requestAccessToken: () => tokenCallback?.({ access_token: 'ya29.granted' }) };
    },
    initCodeClient: (config) => {
      Object.assign(asked, { scope: config.scope, redirect: config.redirect_uri, state: config.state });
      return { requestCode: () => undefined };
    },
  };
  window.google = { accounts: { oauth2 } };
  return asked;
}

beforeEach(() => {
  freshPage();
  authStore.set(tokenCheckedAtom, true);
  sessionStorage.clear();
  serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
});
afterEach(() => {
  configureGoogleSignIn(null);
  delete window.google;
});

test('without a configured client there is no Google button', async () => {
  stubFetch(() => ({ body: {} }));
  renderApp('/auth/login');
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Continue with Google/ })).toBeNull();
});

test('implicit flow: the access token Google grants is sent to the server, which signs the user in', async () => {
  configureGoogleSignIn({ clientId: 'client-1', flow: 'implicit', extraScopes: [EXTRA] });
  const asked = fakeGoogle();
  const { requests } = stubFetch(() => ok({ token: 'google-session', user }));
  renderApp('/auth/login');
  await userEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
  expect(asked).toMatchObject({ clientId: 'client-1', scope: `openid profile email ${EXTRA}` });
  const [sent] = requests;
  expect(sent!.url.href).toBe('https://api.test/v1/auth/login/google');
  expect(sent!.body).toEqual({ flow: 'implicit', accessToken: 'ya29.granted' });
  expect(localStorage.getItem('token')).toBe('google-session');
});

test('implicit flow: a token the server rejects shows its message', async () => {
  configureGoogleSignIn({ clientId: 'client-1', flow: 'implicit', extraScopes: [] });
  fakeGoogle();
  stubFetch(() => ({ status: 401, body: { type: 'InvalidCredentials', message: 'Google sign-in failed. Please try again.' } }));
  renderApp('/auth/login');
  await userEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
  expect(await screen.findByText('Google sign-in failed. Please try again.')).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});

test('code flow: leaves for Google with a state, and on return exchanges the code through the server', async () => {
  configureGoogleSignIn({ clientId: 'client-1', flow: 'code', extraScopes: [] });
  const asked = fakeGoogle();
  const { requests } = stubFetch(() => ok({ token: 'code-session', user }));
  const first = renderApp('/auth/login');
  await userEvent.click(await screen.findByRole('button', { name: /Continue with Google/ }));
  expect(asked.redirect).toBe('http://localhost/auth/login');
  expect(asked.scope).toBe('openid profile email');
  expect(sessionStorage.getItem(GOOGLE_STATE_KEY)).toBe(asked.state);
  first.unmount();

  renderApp(`/auth/login?code=4%2F0Acode&state=${asked.state}`);
  expect(await screen.findByText('overview screen')).toBeInTheDocument();
  expect(requests[0]!.body).toEqual({
    flow: 'code', code: '4/0Acode', redirectUri: 'http://localhost/auth/login',
  });
});

test('code flow: a return whose state this tab did not send is refused without calling the server', async () => {
  configureGoogleSignIn({ clientId: 'client-1', flow: 'code', extraScopes: [] });
  sessionStorage.setItem(GOOGLE_STATE_KEY, 'expected-state');
  const { requests } = stubFetch(() => ({ body: {} }));
  renderApp('/auth/login?code=stolen&state=forged');
  expect(await screen.findByText('Google sign-in could not be confirmed. Please try again.')).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});
