import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, never, ok, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { PHONE_NUMBER_TAKEN_TEXT, type AccountDetail } from 'shared-contracts';
import { renderAdmin } from '../../../test/render-admin';
import { makeAccountDetail, makeAuditEntry } from '../test-support/account-detail-fixtures';
import { AccountEditScreen } from './account-edit-screen';

// Several antd inputs typed into one by one: slow in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const patches = (requests: SentRequest[]) => requests.filter((r) => r.method === 'PATCH');
const audits = (requests: SentRequest[]) => requests.filter((r) => r.url.pathname.includes('get-account-audit'));

function serve(account: AccountDetail, options: { audit?: () => StubReply; patch?: (body: Partial<AccountDetail>) => StubReply } = {}) {
  return stubFetch((request) => {
    if (request.url.pathname.includes('get-account-audit')) return options.audit?.() ?? ok([], 0);
    if (request.method === 'PATCH') {
      return options.patch?.(request.body as Partial<AccountDetail>) ?? ok({ ...account, ...(request.body as object), roles: account.roles });
    }
    return ok(account);
  });
}

async function choosePlan(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Plan' }));
  await userEvent.click(await screen.findByTitle(name));
}

test('loads the account and its change history, with a loading view meanwhile', () => {
  const { requests } = stubFetch(never);
  const account = makeAccountDetail();
  renderAdmin(<AccountEditScreen id={account.id} />);
  expect(screen.getByRole('heading', { name: 'Edit Account' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(requests.map((r) => r.url.href)).toEqual([`http://api.test/v1/account/get-account/${account.id}`]);
});

test('shows the account, its plan, cap and every user\'s role and number', async () => {
  const account = makeAccountDetail({ agentCapOverride: 7 });
  serve(account);
  renderAdmin(<AccountEditScreen id={account.id} />);
  expect(await screen.findByLabelText('Account name')).toHaveValue('Acme Dental');
  expect(screen.getByRole('combobox', { name: 'Plan' }).closest('.ant-select-content')).toHaveAttribute('title', 'Free');
  expect(screen.getByLabelText('Free plan agent cap')).toHaveValue('7');
  expect(screen.getByText('Empty: the default of 3; a special account gets 7. The account has 2 AI agents.')).toBeInTheDocument();
  const users = screen.getByRole('table', { name: 'Users\' roles' });
  expect(within(users).getByText('Avery Agent <agent@acme.test>')).toBeInTheDocument();
  expect(within(users).getByLabelText('Twilio number of Avery Agent <agent@acme.test>')).toHaveValue('+15551230010');
  expect(within(users).getByLabelText('Twilio number of Olive Owner <owner@acme.test>')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect(await screen.findByText('No changes yet')).toBeInTheDocument();
});

test('sends only what changed, with the typed number, and refreshes the history', async () => {
  const account = makeAccountDetail();
  let saved = false;
  const { requests } = serve(account, {
    audit: () => (saved ? ok([makeAuditEntry()], 1) : ok([], 0)),
    patch: () => {
      saved = true;
      return ok({ ...account, plan: 'performance-suite', agentCapOverride: 7, roles: [account.roles[0]!, { ...account.roles[1]!, twilio_number: '+15559876543' }] });
    },
  });
  renderAdmin(<AccountEditScreen id={account.id} />);
  await screen.findByLabelText('Account name');
  await choosePlan('Performance Suite');
  await userEvent.type(screen.getByLabelText('Free plan agent cap'), '7');
  const number = screen.getByLabelText('Twilio number of Avery Agent <agent@acme.test>');
  await userEvent.clear(number);
  await userEvent.type(number, '(555) 987-6543');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.url.href).toBe(`http://api.test/v1/account/update-account/${account.id}`);
  expect(patches(requests)[0]!.body).toEqual({
    plan: 'performance-suite',
    agentCapOverride: 7,
    roles: [{ id: account.roles[1]!.id, title: 'AGENT', twilio_number: '(555) 987-6543' }],
  });
  expect(await screen.findByText('Account updated')).toBeInTheDocument();
  // The saved, normalised number replaces what was typed.
  await waitFor(() => expect(screen.getByLabelText('Twilio number of Avery Agent <agent@acme.test>')).toHaveValue('+15559876543'));
  const history = screen.getByRole('region', { name: 'Change history' });
  expect(await within(history).findByText('Plan: Free → Performance Suite')).toBeInTheDocument();
  expect(within(history).getByText('Free plan agent cap: default (3) → 7')).toBeInTheDocument();
  expect(within(history).getByText('admin@house.test')).toBeInTheDocument();
  expect(audits(requests).length).toBeGreaterThanOrEqual(2);
});

test('changes a user\'s role and clears the cap back to the default', async () => {
  const account = makeAccountDetail({ agentCapOverride: 5 });
  const { requests } = serve(account);
  renderAdmin(<AccountEditScreen id={account.id} />);
  await userEvent.clear(await screen.findByLabelText('Free plan agent cap'));
  await userEvent.click(screen.getByRole('combobox', { name: 'Role of Avery Agent <agent@acme.test>' }));
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    if (found.length === 0) throw new Error('no options');
    return found;
  });
  expect(options.map((o) => o.textContent)).toEqual(['USER', 'AGENT', 'ADMINISTRATOR']);
  await userEvent.click(options[0]!);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.body).toEqual({
    agentCapOverride: null,
    roles: [{ id: account.roles[1]!.id, title: 'USER', twilio_number: '+15551230010' }],
  });
});

test('refuses a bad number, a blank name and a cap out of range before sending', async () => {
  const account = makeAccountDetail();
  const { requests } = serve(account);
  renderAdmin(<AccountEditScreen id={account.id} />);
  await userEvent.clear(await screen.findByLabelText('Account name'));
  await userEvent.type(screen.getByLabelText('Free plan agent cap'), '101');
  const number = screen.getByLabelText('Twilio number of Avery Agent <agent@acme.test>');
  await userEvent.clear(number);
  await userEvent.type(number, '12');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Account name is required')).toBeInTheDocument();
  expect(screen.getByText('Agent cap must be from 0 to 100')).toBeInTheDocument();
  expect(screen.getByText('Twilio number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  expect(patches(requests)).toHaveLength(0);
});

test('a refused save shows the server\'s message', async () => {
  const account = makeAccountDetail();
  serve(account, { patch: () => ({ status: 409, body: { type: 'Conflict', message: '+15559876543 is already used by another user' } }) });
  renderAdmin(<AccountEditScreen id={account.id} />);
  await userEvent.type(await screen.findByLabelText('Twilio number of Olive Owner <owner@acme.test>'), '5559876543');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('+15559876543 is already used by another user')).toBeInTheDocument();
  expect(screen.queryByText('Account updated')).toBeNull();
});

test('a number another account has is refused with the server\'s message', async () => {
  const account = makeAccountDetail();
  serve(account, { patch: () => ({ status: 409, body: { type: 'Conflict', message: PHONE_NUMBER_TAKEN_TEXT } }) });
  renderAdmin(<AccountEditScreen id={account.id} />);
  await userEvent.type(await screen.findByLabelText('Twilio number of Olive Owner <owner@acme.test>'), '5559876543');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(PHONE_NUMBER_TAKEN_TEXT)).toBeInTheDocument();
  expect(screen.queryByText('Account updated')).toBeNull();
});

test('an unknown account shows the error with Retry', async () => {
  stubFetch(() => failure(404, 'Not found'));
  renderAdmin(<AccountEditScreen id="00000000-0000-4000-c000-000000000999" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
});
