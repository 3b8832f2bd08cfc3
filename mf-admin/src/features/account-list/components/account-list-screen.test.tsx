import { failure, makeUser, never, ok, renderScreen, settled, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountListScreen } from './account-list-screen';
import { makeAccount } from '../test-support/account-fixtures';

// antd tables and selects render slowly in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const admin = makeUser({ role: 'ADMINISTRATOR', timeZone: 'Asia/Tokyo' });
const lastBody = (requests: SentRequest[]) => requests.at(-1)?.body;

afterEach(() => jest.useRealTimers());

test('asks for the first page of every account and shows a loading table meanwhile', () => {
  const { requests } = stubFetch(never);
  renderScreen(<AccountListScreen />, admin);
  expect(screen.getByRole('heading', { name: 'Account List' })).toBeInTheDocument();
  // The host's layout draws the breadcrumbs; a second trail here would repeat them.
  expect(screen.queryByRole('navigation', { name: /breadcrumb/i })).toBeNull();
  expect(screen.getByRole('region', { name: 'Accounts' })).toHaveAttribute('aria-busy', 'true');
  expect(requests).toHaveLength(1);
  expect(requests[0]!.method).toBe('POST');
  expect(requests[0]!.url.href).toBe('http://api.test/v1/account/get-all-accounts');
  expect(requests[0]!.body).toEqual({ page: 1, limit: 10, search: '' });
});

test('shows each account with its plan, users\' roles and numbers, and an Edit link', async () => {
  const acme = makeAccount();
  const solo = makeAccount({ name: 'Solo Dental', ownerEmail: null, plan: 'free', userCount: 0, roles: [] });
  stubFetch(() => ok([acme, solo], 12));
  renderScreen(<AccountListScreen />, admin);
  const table = await screen.findByRole('region', { name: 'Accounts' });
  await within(table).findByText('Acme Realty');

  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Name', 'Owner', 'Plan', 'Roles', 'Users', 'Created', 'Action',
  ]);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Acme Realty', 'owner@acme.test', 'Efficiency Plus', 'USERNo numberAGENT+15551230010', '2', 'Jan 15, 2026', 'Edit',
  ]);
  expect(within(second!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Solo Dental', 'N/A', 'Free', 'No users', '0', 'Jan 15, 2026', 'Edit',
  ]);
  expect(within(first!).getByRole('link', { name: 'Edit Acme Realty' })).toHaveAttribute('href', `/admin/account/edit/${acme.id}`);
  expect(screen.getByText('12 accounts')).toBeInTheDocument();
  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pager).getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual(['1', '2']);
});

test('says there are no accounts yet', async () => {
  stubFetch(() => ok([], 0));
  renderScreen(<AccountListScreen />, admin);
  expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
  expect(screen.getByText('0 accounts')).toBeInTheDocument();
});

test('shows the server\'s error and loads again on Retry', async () => {
  let fail = true;
  const { requests } = stubFetch(() => (fail ? failure(500, 'Accounts are unavailable') : ok([makeAccount()], 1)));
  renderScreen(<AccountListScreen />, admin);
  expect(await screen.findByRole('alert')).toHaveTextContent('Accounts are unavailable');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('Acme Realty')).toBeInTheDocument();
  expect(screen.getByText('1 account')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(requests).toHaveLength(2);
});

test('searches once the typing stops, from the first page', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { requests } = stubFetch(() => ok([makeAccount()], 45));
  renderScreen(<AccountListScreen />, admin);
  await screen.findByText('Acme Realty');
  await user.click(screen.getByRole('button', { name: 'Page 5' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 5, limit: 10, search: '' }));

  await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'acme');
  expect(requests).toHaveLength(2);
  act(() => jest.advanceTimersByTime(300));
  await waitFor(() => expect(requests).toHaveLength(3));
  expect(lastBody(requests)).toEqual({ page: 1, limit: 10, search: 'acme' });
  await settled();
});

test('filters by plan, offering every plan and Free, and pages through the results', async () => {
  const { requests } = stubFetch(() => ok([makeAccount()], 45));
  renderScreen(<AccountListScreen />, admin);
  await screen.findByText('Acme Realty');

  await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 5, limit: 10, search: '' }));

  await userEvent.click(screen.getByRole('combobox', { name: 'Plan' }));
  await screen.findByTitle('Performance Suite');
  expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
    'Free', 'Time Saver Basic', 'Efficiency Plus', 'Performance Suite', 'Enterprise Edge',
  ]);
  await userEvent.click(screen.getByTitle('Performance Suite'));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 1, limit: 10, search: '', plan: 'performance-suite' }));

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(lastBody(requests)).toEqual({ page: 2, limit: 10, search: '', plan: 'performance-suite' }));
  await settled();
});
