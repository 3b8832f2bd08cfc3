import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { SupportRequest } from 'shared-contracts';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { SupportDeskScreen } from './support-desk-screen';

const user = makeUser({ timeZone: 'America/New_York' });
const request = (n: number, overrides: Partial<SupportRequest> = {}): SupportRequest => ({
  id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`, reference: `SR-${1000 + n}`, subject: `Subject ${n}`, category: 'billing',
  priority: 'normal', status: 'open', message: 'Help', callId: null, createdAt: '2026-03-10T14:00:00.000Z', updatedAt: '2026-03-10T14:00:00.000Z',
  ...overrides,
});
const ui = <SnackbarProvider><SupportDeskScreen /></SnackbarProvider>;
const api = (list: () => StubReply | Promise<StubReply>, create: (r: SentRequest) => StubReply = () => ok(request(9))) =>
  stubFetch((r) => (r.url.pathname.endsWith('create-request') ? create(r) : list()));

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('loading, then the account\'s requests with their status', async () => {
  const { requests } = api(() => ok([request(1, { status: 'in-progress', priority: 'high' })], 1));
  renderScreen(ui, user);
  expect(screen.getByRole('region', { name: 'Support requests' })).toHaveAttribute('aria-busy', 'true');
  const row = await screen.findByRole('row', { name: /SR-1001/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['SR-1001', 'Subject 1', 'Billing', 'High', 'In progress', 'Mar 10, 2026, 10:00 AM']);
  expect(requests[0]!.body).toEqual({ page: 1, limit: 10 });
});

test('empty and error states', async () => {
  let fail = true;
  api(() => (fail ? failure(500, 'Support is unavailable') : ok([], 0)));
  renderScreen(ui, user);
  expect(await screen.findByText('Support is unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('No support requests yet')).toBeInTheDocument();
});

test('checks the form, sends the request, confirms its reference and empties the form', async () => {
  const { requests } = api(() => ok([], 0));
  renderScreen(ui, user);
  await screen.findByText('No support requests yet');
  await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('Subject is required')).toBeInTheDocument();
  expect(screen.getByText('Choose a category')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Invoice question' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Why two charges?' } });
  await userEvent.click(screen.getByLabelText('Category'));
  await userEvent.click(await screen.findByText('Billing', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('Request SR-1009 sent; we will reply by email')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('create-request'))!.body).toEqual({
    subject: 'Invoice question', category: 'billing', priority: 'normal', message: 'Why two charges?',
  });
  await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
});

test('shows the server\'s refusal and keeps what was typed', async () => {
  api(() => ok([], 0), () => failure(400, 'Message: HTML is not allowed'));
  renderScreen(ui, user);
  await screen.findByText('No support requests yet');
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Text' } });
  await userEvent.click(screen.getByLabelText('Category'));
  await userEvent.click(await screen.findByText('Other', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Message: HTML is not allowed');
  expect(screen.getByLabelText('Subject')).toHaveValue('Hi');
});
