import '../../../test/test-env';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, sessionUserAtom, tokenCheckedAtom } from 'shared-auth';
import { makeUser, ok, stubFetch } from 'shared-auth/src/testing';
import { freshPage, renderApp, serveRemotes } from '../../../test/render-app';
import { setPendingSignIn } from '../model/pending-sign-in';

async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

// Whole forms of antd inputs re-render on each change; on a shared 2-core machine a flow takes seconds.
jest.setTimeout(90_000);

beforeEach(() => {
  freshPage();
  setPendingSignIn(null);
  authStore.set(tokenCheckedAtom, true);
});

describe('register', () => {
  test('shows every field\'s message and sends nothing while the form is invalid', async () => {
    const { requests } = stubFetch(() => ({ body: {} }));
    renderApp('/auth/register');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Accept the terms to create an account')).toBeInTheDocument();
    await fill('Password', 'secret123');
    await fill('Confirm password', 'secret124');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await fill('Phone number (optional)', '+44 20 7946 0958');
    expect(await screen.findByText('Phone number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('creates the account, then says where the link went and can send it again', async () => {
    const { requests } = stubFetch((r) => (r.url.href.endsWith('/auth/register')
      ? ok({ email: 'ann@example.com', verificationSent: true })
      : ok({ message: 'If this address is waiting for confirmation, we sent a new link.' })));
    renderApp('/auth/register');
    await fill('First name', 'Ann');
    await fill('Last name', 'Lee');
    await fill('Company name', 'Lee Realty');
    await fill('Email', 'Ann@Example.com');
    await fill('Phone number (optional)', '(212) 555-0100');
    await fill('Password', 'secret123');
    await fill('Confirm password', 'secret123');
    // The browser's zone is chosen already; the list offers the others by their names.
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await userEvent.selectOptions(zone, 'America/New York');
    await userEvent.click(screen.getByText('I accept the terms of service'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    const [sent] = requests;
    expect(sent!.url.href).toBe('https://api.test/v1/auth/register');
    expect(sent!.body).toMatchObject({ email: 'ann@example.com', phoneNumber: '+12125550100', acceptTerms: true, firstName: 'Ann', timeZone: 'America/New_York' });

    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('If this address is waiting for confirmation, we sent a new link.')).toBeInTheDocument();
    expect(requests[1]!.body).toEqual({ email: 'ann@example.com' });
  });

  test('shows the server\'s refusal (e.g. too many attempts)', async () => {
    stubFetch(() => ({ status: 429, body: { type: 'TooManyRequests', message: 'Too many attempts. Try again in 15 minutes.' } }));
    renderApp('/auth/register');
    for (const [label, value] of [['First name', 'A'], ['Last name', 'B'], ['Company name', 'C'], ['Email', 'a@b.co'], ['Password', 'secret123'], ['Confirm password', 'secret123']]) {
      await fill(label!, value!);
    }
    await userEvent.click(screen.getByText('I accept the terms of service'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByText('Too many attempts. Try again in 15 minutes.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
  });
});

describe('verify email', () => {
  test('confirms the address from the link', async () => {
    const { requests } = stubFetch(() => ok({ email: 'ann@example.com', verified: true }));
    renderApp('/auth/verify-email?token=abc&email=ann%40example.com');
    expect(await screen.findByText('ann@example.com is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(requests[0]!.url.href).toBe('https://api.test/v1/auth/verify-email?token=abc&email=ann%40example.com');
  });

  test('a used or expired link shows why and offers a new one', async () => {
    stubFetch(() => ({ status: 400, body: { type: 'BadRequest', message: 'This verification link has expired. Ask for a new one.' } }));
    renderApp('/auth/verify-email?token=abc&email=ann%40example.com');
    expect(await screen.findByText('This verification link has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });

  test('an incomplete link calls nothing', async () => {
    const { requests } = stubFetch(() => ({ body: {} }));
    renderApp('/auth/verify-email?token=abc');
    expect(await screen.findByText(/This verification link is incomplete/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('two-step sign-in', () => {
  test('a password sign-in that needs a code goes on to the code screen and finishes there', async () => {
    const user = makeUser({ role: 'USER', email: 'ann@example.com' });
    let codeTries = 0;
    const { requests } = stubFetch((r) => {
      if (r.url.href.endsWith('/auth/login')) return { status: 403, body: { type: 'Forbidden', message: 'Two-step verification required' } };
      if (r.url.href.endsWith('/auth/send2FACode')) return ok({ channel: 'email', sentTo: 'a***@example.com', expiresInSeconds: 600 });
      codeTries += 1;
      return codeTries === 1
        ? ({ status: 401, body: { type: 'InvalidCredentials', message: 'The code is incorrect' } })
        : ok({ token: 'two-step-token', user });
    });
    serveRemotes({ 'userDashboard/Overview': () => <p>overview screen</p> });
    const { pathname } = renderApp('/auth/login');
    await fill('Email', 'ann@example.com');
    await fill('Password', 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('a***@example.com')).toBeInTheDocument();
    expect(pathname()).toBe('/auth/two-step');
    expect(requests[1]!.body).toEqual({ email: 'ann@example.com', password: 'secret123' });

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the verification code')).toBeInTheDocument();
    await fill('Verification code', '12345');
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    await fill('Verification code', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is incorrect')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('overview screen')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('two-step-token');
    expect(authStore.get(sessionUserAtom)).toEqual(user);
  });

  test('opened directly, it asks to sign in first and sends nothing', async () => {
    const { requests } = stubFetch(() => ({ body: {} }));
    renderApp('/auth/two-step');
    expect(await screen.findByText(/Sign in with your email and password first/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  test('an unconfirmed address is told so, with a way to get a new link', async () => {
    stubFetch(() => ({ status: 403, body: { type: 'Forbidden', message: 'Verify your email address before signing in. Check your inbox for the link, or ask for a new one.' } }));
    renderApp('/auth/login');
    await fill('Email', 'ann@example.com');
    await fill('Password', 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Verify your email address before signing in/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });
});

describe('forgot and reset password', () => {
  test('asks for an email, then shows the same answer whatever the address', async () => {
    const { requests } = stubFetch(() => ok({ message: 'If an account uses this address, we sent it a link to reset the password.' }));
    renderApp('/auth/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await fill('Email', 'Ann@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account uses this address, we sent it a link to reset the password.')).toBeInTheDocument();
    expect(requests[0]!.body).toEqual({ userEmail: 'ann@example.com' });
  });

  test('sets the new password with the link\'s id, and shows a refused link', async () => {
    let attempt = 0;
    const { requests } = stubFetch(() => {
      attempt += 1;
      return attempt === 1
        ? ({ status: 400, body: { type: 'BadRequest', message: 'This reset link has expired. Ask for a new one.' } })
        : ok({ message: 'Your password was reset. Sign in with the new one.' });
    });
    renderApp('/auth/reset-password/link-id-123');
    await fill('New password', 'newpass12');
    await fill('Confirm password', 'newpass13');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await fill('Confirm password', 'newpass12');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(requests[0]!.body).toEqual({ id: 'link-id-123', password: 'newpass12', confirmPassword: 'newpass12' });
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password was reset. Sign in with the new one.')).toBeInTheDocument();
  });
});
