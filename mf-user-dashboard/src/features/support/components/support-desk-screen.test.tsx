import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
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

// jsdom's getComputedStyle re-reads every antd style sheet on each call, and a role query calls
// it for each candidate and each of its ancestors to leave hidden ones out. So these tests find
// what they click by its text or label, and run role queries inside the table row or the form
// with `hidden: true`. Typing speed and the pointer-events check (getComputedStyle again) do not
// matter here.
const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const table = () => screen.getByLabelText('Support requests', { selector: '[role="region"]' });
const form = () => within(screen.getByLabelText('New support request', { selector: 'form' }));
const chooseCategory = async (user: ReturnType<typeof setup>, label: string) => {
  await user.click(form().getByLabelText('Category'));
  await user.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
};

afterEach(() => jest.restoreAllMocks());

test('loading, the server\'s error with Retry, then the account\'s requests with their status', async () => {
  let fail = true;
  const { requests } = api(() => (fail ? failure(500, 'Support is unavailable') : ok([request(1, { status: 'in-progress', priority: 'high' })], 1)));
  renderScreen(ui, user);
  expect(table()).toHaveAttribute('aria-busy', 'true');
  const alert = (await screen.findByText('Support is unavailable')).closest<HTMLElement>('[role="alert"]')!;
  fail = false;
  await setup().click(within(alert).getByText('Retry'));
  const row = (await within(table()).findByText('SR-1001')).closest('tr')!;
  expect(within(row).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['SR-1001', 'Subject 1', 'Billing', 'High', 'In progress', 'Mar 10, 2026, 10:00 AM']);
  expect(requests.map((r) => r.body)).toEqual([{ page: 1, limit: 10 }, { page: 1, limit: 10 }]);
});

test('the empty list; the form is checked, the server\'s refusal keeps what was typed, and a sent request confirms its reference and empties the form', async () => {
  let refuse = true;
  const { requests } = api(() => ok([], 0), () => (refuse ? failure(400, 'Message: HTML is not allowed') : ok(request(9))));
  renderScreen(ui, user);
  const u = setup();
  expect(await screen.findByText('No support requests yet')).toBeInTheDocument();
  await u.click(form().getByText('Send request'));
  expect(await screen.findByText('Subject is required')).toBeInTheDocument();
  expect(screen.getByText('Choose a category')).toBeInTheDocument();

  fireEvent.change(form().getByLabelText('Subject'), { target: { value: 'Invoice question' } });
  fireEvent.change(form().getByLabelText('Message'), { target: { value: 'Why two charges?' } });
  await chooseCategory(u, 'Billing');
  await u.click(form().getByText('Send request'));
  expect(await form().findByRole('alert', { hidden: true })).toHaveTextContent('Message: HTML is not allowed');
  expect(form().getByLabelText('Subject')).toHaveValue('Invoice question');

  refuse = false;
  await u.click(form().getByText('Send request'));
  expect(await screen.findByText('Request SR-1009 sent; we will reply by email')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('create-request')).map((r) => r.body)).toEqual(Array(2).fill({
    subject: 'Invoice question', category: 'billing', priority: 'normal', message: 'Why two charges?',
  }));
  await waitFor(() => expect(form().getByLabelText('Subject')).toHaveValue(''));
});
