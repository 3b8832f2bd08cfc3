import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { authStore, sessionUserAtom } from 'shared-auth';
import { DEFAULT_DISPOSITIONS, WRAP_UP_TEXT, type UserPreference } from 'shared-contracts';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { PreferencesScreen } from './preferences-screen';

const user = makeUser({ timeZone: 'America/New_York' });
const prefs: UserPreference = {
  timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', emailNotifications: true, smsNotifications: false, weeklySummaryEmail: true,
};
const zones = [
  { value: 'America/New_York', label: '(UTC-05:00) America/New York', offsetMinutes: -300 },
  { value: 'Europe/Berlin', label: '(UTC+01:00) Europe/Berlin', offsetMinutes: 60 },
];
const ui = <SnackbarProvider><PreferencesScreen /></SnackbarProvider>;

const DESK = { dispositions: [...DEFAULT_DISPOSITIONS], wrapUpSeconds: 120 };
const api = (
  update: (r: SentRequest) => StubReply,
  read: () => StubReply | Promise<StubReply> = () => ok(prefs),
  desk: (r: SentRequest) => StubReply = (r) => ok(r.method === 'PATCH' ? r.body : DESK),
) => stubFetch((r) => {
  if (r.url.pathname.endsWith('get-timezones')) return ok(zones);
  if (r.url.pathname.includes('/desk/')) return desk(r);
  if (r.method === 'PATCH') return update(r);
  return read();
});

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loads the user\'s preferences and the time zones', () => {
  const { requests } = api(() => ok(prefs), never);
  renderScreen(ui, user);
  expect(screen.getByText('Loading preferences…')).toBeInTheDocument();
  expect(requests.map((r) => r.url.pathname).sort()).toEqual([`/v1/account/get-account-preferenece/${user.id}`, '/v1/account/get-timezones', '/v1/desk/get-setting']);
});

test('changes the time zone: saves only it, toasts success and updates the session user', async () => {
  const { requests } = api((r) => ok({ ...prefs, ...(r.body as object) }));
  renderScreen(ui, user);
  const save = await screen.findByRole('button', { name: 'Save preferences' });
  expect(save).toBeDisabled();
  await userEvent.click(screen.getByLabelText('Time zone'));
  await userEvent.click(await screen.findByText('(UTC+01:00) Europe/Berlin'));
  await userEvent.click(save);
  expect(await screen.findByText('Preference updated successfully')).toBeInTheDocument();
  const patch = requests.find((r) => r.method === 'PATCH')!;
  expect(patch.url.pathname).toBe(`/v1/users/update-user-preference/${user.id}`);
  expect(patch.body).toEqual({ timezone: 'Europe/Berlin' });
  await waitFor(() => expect(authStore.get(sessionUserAtom)?.timeZone).toBe('Europe/Berlin'));
});

test('a failed save says "Failed to update preference", or the server\'s reason', async () => {
  let reply: StubReply = { status: 500, body: {} };
  api(() => reply);
  renderScreen(ui, user);
  await userEvent.click(await screen.findByRole('switch', { name: 'SMS notifications' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(await screen.findByText('Failed to update preference')).toBeInTheDocument();
  reply = failure(400, 'Choose a valid time zone');
  await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(await screen.findByText('Choose a valid time zone')).toBeInTheDocument();
  expect(authStore.get(sessionUserAtom)?.timeZone).toBe('America/New_York');
});

test('a failed load shows the error with Retry', async () => {
  let fail = true;
  api(() => ok(prefs), () => (fail ? failure(500, 'Preferences are unavailable') : ok(prefs)));
  renderScreen(ui, user);
  expect(await screen.findByText('Preferences are unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('button', { name: 'Save preferences' })).toBeInTheDocument();
});

test('the account\'s wrap-up: a disposition is added, the time changed, and both are saved together', async () => {
  const { requests } = api(() => ok(prefs));
  renderScreen(ui, user);
  const form = await screen.findByRole('form', { name: 'Wrap-up settings' });
  for (const item of DEFAULT_DISPOSITIONS) expect(within(form).getByText(item)).toBeInTheDocument();
  const save = within(form).getByRole('button', { name: 'Save wrap-up settings' });
  expect(save).toBeDisabled();
  await userEvent.type(within(form).getByRole('combobox', { name: 'Dispositions' }), 'Refund{Enter}');
  const seconds = within(form).getByRole('spinbutton', { name: 'Time to wrap up (seconds)' });
  await userEvent.clear(seconds);
  await userEvent.type(seconds, '60');
  await userEvent.click(save);
  expect(await screen.findByText(WRAP_UP_TEXT.settingSaved)).toBeInTheDocument();
  const patch = requests.find((r) => r.url.pathname === '/v1/desk/update-setting')!;
  expect(patch.method).toBe('PATCH');
  expect(patch.body).toEqual({ dispositions: [...DEFAULT_DISPOSITIONS, 'Refund'], wrapUpSeconds: 60 });
});

test('a disposition twice is refused before anything is sent', async () => {
  const { requests } = api(() => ok(prefs));
  renderScreen(ui, user);
  const form = await screen.findByRole('form', { name: 'Wrap-up settings' });
  await userEvent.type(within(form).getByRole('combobox', { name: 'Dispositions' }), 'resolved{Enter}');
  await userEvent.click(within(form).getByRole('button', { name: 'Save wrap-up settings' }));
  expect(await within(form).findByText(WRAP_UP_TEXT.dispositionsRepeated)).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname === '/v1/desk/update-setting')).toBe(false);
});
