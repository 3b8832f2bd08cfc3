import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { Business } from 'shared-contracts';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { BusinessScreen } from './business-screen';

const user = makeUser();
const dental = { id: '50000000-0000-4000-8000-000000000001', name: 'Dental' };
const business: Business = {
  accountId: user.accountId, name: 'Acme Dental', industryId: null, website: null, email: null, phoneNumber: null,
  addressLine1: null, addressLine2: null, city: 'Springfield', stateCode: 'IL', postalCode: null, description: null, updatedAt: '2026-03-01T00:00:00.000Z',
};
const ui = <SnackbarProvider><BusinessScreen /></SnackbarProvider>;
const api = (update: (r: SentRequest) => StubReply, read: () => StubReply | Promise<StubReply> = () => ok(business)) => stubFetch((r) => {
  if (r.url.pathname.endsWith('get-business-industries')) return ok([dental]);
  if (r.url.pathname.endsWith('update-business')) return update(r);
  return read();
});

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loads the account\'s business and the industries', () => {
  const { requests } = api(() => ok(business), never);
  renderScreen(ui, user);
  expect(screen.getByText('Loading business profile…')).toBeInTheDocument();
  expect(requests.map((r) => r.url.pathname).sort()).toEqual([`/v1/company/get-account-business/${user.accountId}`, '/v1/company/get-business-industries']);
});

test('shows the profile and saves only what changed, clearing an emptied field', async () => {
  const { requests } = api((r) => ok({ ...business, ...(r.body as object), updatedAt: '2026-03-02T00:00:00.000Z' }));
  renderScreen(ui, user);
  expect(await screen.findByLabelText('Business name')).toHaveValue('Acme Dental');
  expect(screen.getByLabelText('City')).toHaveValue('Springfield');
  fireEvent.change(screen.getByLabelText('City'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Business phone'), { target: { value: '(555) 201-3344' } });
  await userEvent.click(screen.getByLabelText('Industry'));
  await userEvent.click(await screen.findByText('Dental', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
  expect(await screen.findByText('Business profile saved')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('update-business'))!.body).toEqual({ city: null, phoneNumber: '(555) 201-3344', industryId: dental.id });
});

test('shows the server\'s refusal, and a failed load with Retry', async () => {
  let fail = true;
  api(() => failure(400, 'Enter a 5-digit ZIP code (or ZIP+4)'), () => (fail ? failure(500, 'Profile unavailable') : ok(business)));
  renderScreen(ui, user);
  expect(await screen.findByText('Profile unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  fireEvent.change(await screen.findByLabelText('ZIP code'), { target: { value: '12' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
  expect(await screen.findByText('Enter a 5-digit ZIP code (or ZIP+4)')).toBeInTheDocument();
});

test('each wrong field says why under itself, and nothing is sent until they are right', async () => {
  const { requests } = api((r) => ok({ ...business, ...(r.body as object), updatedAt: '2026-03-02T00:00:00.000Z' }));
  renderScreen(ui, user);
  fireEvent.change(await screen.findByLabelText('Business email'), { target: { value: 'bad' } });
  fireEvent.blur(screen.getByLabelText('Business email'));
  expect(screen.getByLabelText('Business email')).toHaveAccessibleDescription('Enter a valid email address');
  fireEvent.change(screen.getByLabelText('Business phone'), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: 'abc' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save business profile' }));

  expect(screen.getByLabelText('Business phone')).toHaveAccessibleDescription('Business phone must be a US number: +1 followed by ten digits');
  expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code (or ZIP+4)');
  expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  expect(requests.some((r) => r.url.pathname.endsWith('update-business'))).toBe(false);

  fireEvent.change(screen.getByLabelText('Business email'), { target: { value: 'desk@acme.test' } });
  fireEvent.change(screen.getByLabelText('Business phone'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '62704' } });
  expect(screen.getByLabelText('ZIP code')).not.toHaveAccessibleDescription();
  await userEvent.click(screen.getByRole('button', { name: 'Save business profile' }));
  expect(await screen.findByText('Business profile saved')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('update-business'))!.body).toEqual({ email: 'desk@acme.test', postalCode: '62704' });
});

test('a refresh that fails leaves the form as typed, with the error and Retry above it', async () => {
  let fail = false;
  api(() => ok(business), () => (fail ? failure(500, 'Profile unavailable') : ok(business)));
  renderScreen(ui, user);
  fireEvent.change(await screen.findByLabelText('City'), { target: { value: 'Shelbyville' } });
  fail = true;
  // The browser comes back online: the profile is read again, and that read fails.
  act(() => { window.dispatchEvent(new Event('online')); });
  expect(await screen.findByText('Profile unavailable')).toBeInTheDocument();
  expect(screen.getByLabelText('City')).toHaveValue('Shelbyville');
});
