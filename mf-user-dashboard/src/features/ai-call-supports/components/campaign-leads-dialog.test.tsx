import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { CampaignLead, LeadRecord } from 'shared-contracts';
import { FakeXhr, installFakeXhr, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { CampaignLeadsDialog } from './campaign-leads-dialog';
import { agentId } from '../test-support/agent-fixtures';

jest.setTimeout(60_000);
const user = makeUser({ timeZone: 'America/New_York' });
const leadId = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const agent = { id: agentId(2), name: 'Follow Up', campaignActive: false };
let restoreXhr: () => void;
beforeEach(() => { restoreXhr = installFakeXhr(); });
afterEach(() => restoreXhr());

const inCampaign: CampaignLead[] = [
  {
    leadId: leadId(1), fullName: 'Grace Hopper', phoneNumber: '+12125550100', timeZone: 'America/Chicago', state: 'no-answer', attempts: 1,
    lastAttemptAt: '2026-03-02T15:00:00.000Z', nextAttemptAt: '2026-03-02T15:30:00.000Z', addedAt: '2026-03-02T14:00:00.000Z',
  },
  {
    leadId: leadId(2), fullName: 'Alan Turing', phoneNumber: '+12125550102', timeZone: 'America/New_York', state: 'answered', attempts: 1,
    lastAttemptAt: '2026-03-02T15:00:00.000Z', nextAttemptAt: null, addedAt: '2026-03-02T14:00:00.000Z',
  },
];
const accountLeads: LeadRecord[] = [{ id: leadId(3), fullName: 'Ada Lovelace', phoneNumber: '+12125550103', email: null, timeZone: null, createdAt: '2026-03-01T10:00:00.000Z' }];
const progress = { total: 3, called: 2, answered: 1, remaining: 2 };

const routes = (r: SentRequest) => {
  if (r.url.pathname.includes('get-campaign-leads')) return ok(inCampaign, 2);
  if (r.url.pathname.includes('lead/get-leads')) return ok(accountLeads, 1);
  if (r.url.pathname.includes('campaign/add-leads')) return ok({ added: 1, alreadyInCampaign: 0, created: 0, refused: [], progress });
  if (r.url.pathname.includes('campaign/remove-lead')) return ok(progress);
  return ok([]);
};

const mount = () => renderScreen(<SnackbarProvider><CampaignLeadsDialog agent={agent} timeZone="America/New_York" onClose={() => {}} /></SnackbarProvider>, user);

test('lists the campaign\'s leads with their status and next call, and says when it calls', async () => {
  stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  expect(within(dialog).getByText(/between 09:00 and 20:00 in each lead's time zone/)).toBeInTheDocument();
  const row = await within(dialog).findByRole('row', { name: /Grace Hopper/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Grace Hopper', '+12125550100', 'No answer', '1', 'Mar 2, 2026, 10:30 AM', 'America/Chicago', 'Remove',
  ]);
  expect(within(within(dialog).getByRole('row', { name: /Alan Turing/ })).getAllByRole('cell')[4]).toHaveTextContent('—');
});

test('adds picked leads of the account and toasts how many', async () => {
  const { requests } = stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Leads to add' }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')]
      .find((o) => o.textContent === 'Ada Lovelace (+12125550103)');
    if (!found) throw new Error('no option yet');
    return found;
  });
  await userEvent.click(option);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add to campaign' }));
  expect(await screen.findByText('1 lead added to the campaign')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('campaign/add-leads')).map((r) => r.body)).toEqual([{ agentId: agent.id, leadIds: [leadId(3)] }]);
  // The list is read again with the new lead.
  await waitFor(() => expect(requests.filter((r) => r.url.pathname.includes('get-campaign-leads')).length).toBe(2));
});

test('uploads a CSV for this agent and lists the refused rows by line with their reason', async () => {
  stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  fireEvent.change(within(dialog).getByLabelText('Leads CSV'), { target: { files: [new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' })] } });
  const xhr = FakeXhr.last!;
  expect(xhr.url).toBe(`http://api.test/v1/campaign/upload-leads?agentId=${agent.id}`);
  expect((xhr.body!.get('file') as File).name).toBe('leads.csv');
  act(() => xhr.reply(200, {
    data: {
      added: 2, alreadyInCampaign: 1, created: 1, progress,
      refused: [{ line: 3, reason: 'Name is required' }, { line: 5, reason: 'Phone number must be a US number: +1 followed by ten digits' }],
    },
  }));
  expect(await within(dialog).findByText('leads.csv: 2 leads added · 1 new · 1 already in the campaign · 2 rows refused')).toBeInTheDocument();
  const refused = within(dialog).getByRole('list', { name: 'Refused rows' });
  expect(within(refused).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
    'Line 3: Name is required', 'Line 5: Phone number must be a US number: +1 followed by ten digits',
  ]);
});

test('the dialog cannot be closed while a CSV upload is under way, and can once it has answered', async () => {
  stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Leads CSV'), { target: { files: [new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' })] } });
  expect(await within(dialog).findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  act(() => FakeXhr.last!.reply(200, { data: { added: 0, alreadyInCampaign: 0, created: 0, progress, refused: [] } }));
  expect(await within(dialog).findByRole('button', { name: 'Close' })).toBeInTheDocument();
});

test('a failed lead search says why, with Retry, instead of "No leads match"', async () => {
  let failing = true;
  stubFetch((r) => (r.url.pathname.includes('lead/get-leads') && failing
    ? { status: 500, body: { type: 'InternalError', message: 'Leads are unavailable' } }
    : routes(r)));
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Leads to add' }));
  expect(await screen.findByText('Leads are unavailable')).toBeInTheDocument();
  expect(screen.queryByText('No leads match')).not.toBeInTheDocument();
  failing = false;
  await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
  expect(await screen.findByText('Ada Lovelace (+12125550103)')).toBeInTheDocument();
});

test('shows why a whole CSV was refused', async () => {
  stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  fireEvent.change(within(dialog).getByLabelText('Leads CSV'), { target: { files: [new File(['first,last\n'], 'people.csv', { type: 'text/csv' })] } });
  act(() => FakeXhr.last!.reply(400, { type: 'BadRequest', message: 'The first line must name the columns, with at least "name" and "phone"' }));
  expect(await within(dialog).findByText('people.csv: The first line must name the columns, with at least "name" and "phone"')).toBeInTheDocument();
});

test('removes a lead from the campaign after asking, and toasts it', async () => {
  const { requests } = stubFetch(routes);
  mount();
  const dialog = await screen.findByRole('dialog', { name: 'Campaign leads of Follow Up' });
  await within(dialog).findByRole('row', { name: /Grace Hopper/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Grace Hopper from the campaign' }));
  expect(await screen.findByText('Remove Grace Hopper from this campaign?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('Grace Hopper removed from the campaign')).toBeInTheDocument();
  const removal = requests.find((r) => r.url.pathname.includes('campaign/remove-lead'))!;
  expect(`${removal.method} ${removal.url.pathname}`).toBe(`DELETE /v1/campaign/remove-lead/${agentId(2)}/${leadId(1)}`);
});
