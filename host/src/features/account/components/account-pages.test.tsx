import '../../../test/test-env';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, sessionUserAtom, tokenAtom } from 'shared-auth';
import type { SessionUser } from 'shared-contracts';
import { makeUser, ok, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { freshPage, renderApp, signIn } from '../../../test/render-app';

// Whole forms of antd inputs re-render on each change; on a shared 2-core machine a flow takes seconds.
jest.setTimeout(90_000);

async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

const security = { twoStepEnabled: false, twoStepChannel: 'email', loginAlerts: false, sessionTimeoutMinutes: 720, passwordChangedAt: null };

const overviewOf = (user: SessionUser, changes: Record<string, unknown> = {}) => ({
  account: { id: user.accountId, name: 'Acme Dental', plan: 'free', createdAt: '2026-01-05T10:00:00.000Z' },
  usage: { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-11-30T23:59:59.999Z', timeZone: 'UTC', minutesUsed: 1250.5, minuteQuota: 100 },
  aiAgentCount: 2,
  aiAgentLimit: 3,
  humanAgentCount: 4,
  callsThisMonth: 37,
  ...changes,
});

/** A fake API for the account pages: records every call, answers from the handlers given. */
function accountApi(user: SessionUser, overrides: Record<string, (request: SentRequest) => StubReply | Promise<StubReply>> = {}) {
  return stubFetch((request) => {
    const path = request.url.href.replace('https://api.test/v1/', '');
    const key = `${request.method} ${path.split('/').slice(0, 2).join('/')}`;
    if (overrides[key]) return overrides[key](request);
    if (key === 'GET users/get-current-user') return ok({ user, phoneNumber: '+12125550100' });
    if (key === 'GET users/get-security-preference') return ok(security);
    if (key === 'GET account/get-account-overview') return ok(overviewOf(user));
    return { status: 404, body: { type: 'NotFound', message: 'Not found' } };
  });
}

const bodyOf = (request: SentRequest) => request.body as Record<string, unknown>;

beforeEach(() => freshPage());

test('profile: sends only what changed and updates the signed-in user', async () => {
  const user = makeUser({ role: 'AGENT', firstName: 'Grace', lastName: 'Hopper', timeZone: 'UTC' });
  signIn(user);
  const { requests } = accountApi(user, {
    'PATCH users/update-current-user': (request) => ok({ user: { ...user, ...bodyOf(request) }, phoneNumber: '+12125550100' }),
  });
  renderApp('/dashboard/account/profile');
  const first = await screen.findByLabelText('First name');
  expect(first).toHaveValue('Grace');
  expect(screen.getByLabelText('Phone number')).toHaveValue('+12125550100');
  expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await userEvent.clear(first);
  await userEvent.click(screen.getByLabelText('Last name'));
  expect(await screen.findByText('First name is required')).toBeInTheDocument();
  await fill('First name', 'Ada');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

  expect(await screen.findByText('Profile updated')).toBeInTheDocument();
  const patch = requests.find((r) => r.method === 'PATCH')!;
  expect(patch.url.href).toBe(`https://api.test/v1/users/update-current-user/${user.id}`);
  expect(bodyOf(patch)).toEqual({ firstName: 'Ada' });
  expect(authStore.get(sessionUserAtom)?.firstName).toBe('Ada');
});

test('profile: a server refusal is shown on the form', async () => {
  const user = makeUser();
  signIn(user);
  accountApi(user, {
    'PATCH users/update-current-user': () => ({ status: 400, body: { type: 'BadRequest', message: 'x', errors: ['Phone number must be a US number: +1 followed by ten digits'] } }),
  });
  renderApp('/dashboard/account/profile');
  await userEvent.clear(await screen.findByLabelText('Phone number'));
  await fill('Phone number', '2125550199');
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  const alert = await screen.findByText('Phone number must be a US number: +1 followed by ten digits');
  expect(alert.closest('[role="alert"]')).not.toBeNull();
});

test('overview: shows the profile and how the account is protected', async () => {
  const user = makeUser({ role: 'ADMINISTRATOR', email: 'boss@example.com' });
  signIn(user);
  accountApi(user);
  renderApp('/dashboard/account/overview');
  expect(await screen.findByText('boss@example.com')).toBeInTheDocument();
  expect(screen.getByText('Administrator')).toBeInTheDocument();
  expect(screen.getByText('+12125550100')).toBeInTheDocument();
  expect(screen.getAllByText('Off')).toHaveLength(2);
  expect(screen.getByText('Never')).toBeInTheDocument();
});

test('overview: shows the account holder its plan, this month\'s minutes and calls, and its agents against the free plan\'s cap', async () => {
  const user = makeUser({ role: 'USER', timeZone: 'UTC' });
  signIn(user);
  const { requests } = accountApi(user);
  renderApp('/dashboard/account/overview');
  expect(await screen.findByText('Acme Dental')).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'GET' && r.url.href.endsWith(`account/get-account-overview/${user.accountId}`))).toBe(true);
  expect(screen.getByText('Free')).toBeInTheDocument();
  expect(screen.getByText('1,250.5 min of 100 min (Nov 1, 2026 – Nov 30, 2026)')).toBeInTheDocument();
  expect(screen.getByText('37')).toBeInTheDocument();
  expect(screen.getByText('2 of 3')).toBeInTheDocument();
  expect(screen.getByText('4')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage plan' })).toHaveAttribute('href', '/dashboard/subscription-plans');
});

test('overview: a paid plan shows its agents with no cap, and an agent elsewhere sees the account\'s month on the account\'s clock, without the plan link', async () => {
  const user = makeUser({ role: 'AGENT', timeZone: 'Asia/Tokyo' });
  signIn(user);
  accountApi(user, { 'GET account/get-account-overview': () => ok(overviewOf(user, { account: { id: user.accountId, name: 'Acme Dental', plan: 'efficiency-plus', createdAt: '2026-01-05T10:00:00.000Z' }, aiAgentLimit: null, aiAgentCount: 9 })) });
  renderApp('/dashboard/account/overview');
  expect(await screen.findByText('Efficiency Plus')).toBeInTheDocument();
  expect(screen.getByText('9')).toBeInTheDocument();
  // Tokyo's clock would read Nov 1 09:00 – Dec 1 08:59: the month is the account's (UTC) November.
  expect(screen.getByText("1,250.5 min of 100 min (Nov 1, 2026 – Nov 30, 2026, in the account's time zone (UTC))")).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Manage plan' })).not.toBeInTheDocument();
});

test('security: validates the change-password form, shows a wrong current password without signing out, then succeeds', async () => {
  const user = makeUser({ role: 'USER' });
  signIn(user);
  let attempt = 0;
  const { requests } = accountApi(user, {
    'POST auth/change-password': () => {
      attempt += 1;
      return attempt === 1
        ? ({ status: 400, body: { type: 'BadRequest', message: 'Current password is incorrect' } })
        : ok({ message: 'Password changed. Your other sessions were signed out.' });
    },
  });
  renderApp('/dashboard/account/security');
  await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Password is required')).toBeInTheDocument();
  expect(screen.getByText('New password is required')).toBeInTheDocument();
  expect(screen.getByText('Confirm your password')).toBeInTheDocument();

  await fill('Current password', 'old-pass-1');
  await fill('New password', 'old-pass-1');
  await fill('Confirm new password', 'old-pass-2');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  expect(screen.getByText('New password must differ from the current password')).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.clear(screen.getByLabelText('New password'));
  await fill('New password', 'new-pass-1');
  await userEvent.clear(screen.getByLabelText('Confirm new password'));
  await fill('Confirm new password', 'new-pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  expect(authStore.get(tokenAtom)).toBe('test-token');

  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
  const post = requests.filter((r) => r.method === 'POST').at(-1)!;
  expect(bodyOf(post)).toEqual({ password: 'old-pass-1', passwordNew: 'new-pass-1', passwordConfirm: 'new-pass-1' });
});

test('security: turning two-step on saves at once with the preference toast; a refusal says why, or that it failed', async () => {
  const user = makeUser({ role: 'AGENT' });
  signIn(user);
  const { requests } = accountApi(user, {
    'PATCH users/update-security-preference': (request) => ok({ ...security, ...bodyOf(request) }),
  });
  renderApp('/dashboard/account/security');
  const toggle = await screen.findByRole('switch', { name: 'Two-step verification' });
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  expect(await screen.findByText('Preference updated successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Two-step verification' })).toBeChecked());
  const patch = requests.find((r) => r.method === 'PATCH')!;
  expect(patch.url.href).toBe(`https://api.test/v1/users/update-security-preference/${user.id}`);
  expect(bodyOf(patch)).toEqual({ twoStepEnabled: true });

  // While a change is saved, the controls wait for it: a second change cannot overtake it.
  let answer: (reply: StubReply) => void = () => undefined;
  accountApi(user, { 'PATCH users/update-security-preference': () => new Promise<StubReply>((resolve) => { answer = resolve; }) });
  await userEvent.click(screen.getByRole('switch', { name: 'Sign-in alerts' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Two-step verification' })).toBeDisabled());
  expect(screen.getByRole('switch', { name: 'Sign-in alerts' })).toBeDisabled();
  answer({ status: 500, body: {} });
  expect(await screen.findByText('Failed to update preference')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Sign-in alerts' })).toBeEnabled());

  accountApi(user, { 'PATCH users/update-security-preference': () => ({ status: 400, body: { type: 'BadRequest', message: 'Choose a listed timeout' } }) });
  await userEvent.click(screen.getByRole('switch', { name: 'Sign-in alerts' }));
  expect(await screen.findByText('Choose a listed timeout')).toBeInTheDocument();
});

test('an Unauthorized answer on an account page ends the session with the toast', async () => {
  const user = makeUser();
  signIn(user);
  stubFetch(() => ({ status: 401, body: { type: 'Unauthorized', message: 'Session expired, Please login again.' } }));
  const { pathname } = renderApp('/dashboard/account/overview');
  expect(await screen.findByText('Session expired, Please login again.')).toBeInTheDocument();
  await waitFor(() => expect(pathname()).toBe('/auth/login/role'));
  expect(authStore.get(sessionUserAtom)).toBeNull();
});
