import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { failure, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { AgentListScreen } from './agent-list-screen';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const account = makeUser();
const ui = <SnackbarProvider><AgentListScreen /></SnackbarProvider>;

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

// Front Desk places calls here; the inbound-only case says so.
const api = (testCall: (r: SentRequest) => ReturnType<typeof ok>, agent: ReturnType<typeof makeAgent> & { campaign?: unknown } = { ...makeAgent({ handleCallType: 'both' }), campaign: { total: 0, called: 0, answered: 0, remaining: 0 } }) =>
  stubFetch((r) => (r.url.pathname.endsWith('call/make-test-call') ? testCall(r) : ok([agent])));

// Typing is not what these cases check: no pause between keys.
const setupUser = () => userEvent.setup({ delay: null });

async function openDialog(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'Test call from Front Desk' }));
  return screen.findByRole('dialog', { name: 'Test call from Front Desk' });
}

test('checks the number like the server, places the call and toasts its status', async () => {
  const user = setupUser();
  const { requests } = api(() => ok({ callSid: 'CA123', status: 'queued' }));
  renderScreen(ui, account);
  const dialog = await openDialog(user);
  expect(within(dialog).getByText('Front Desk calls from +15551230001.')).toBeInTheDocument();
  const input = within(dialog).getByLabelText('Number to call');
  await user.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
  await user.type(input, '555-0100');
  expect(await within(dialog).findByText('Phone number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('make-test-call'))).toHaveLength(0);

  await user.clear(input);
  await user.type(input, '(212) 555-0142');
  await user.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await screen.findByText('Test call from Front Desk: queued')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('make-test-call'))!.body).toEqual({ agentId: agentId(1), phoneNumber: '(212) 555-0142' });
  await screen.findByRole('button', { name: 'Test call from Front Desk' });
  expect(screen.queryByRole('dialog', { name: 'Test call from Front Desk' })).toBeNull();
});

test('shows the server\'s refusal in the dialog and keeps it open', async () => {
  const user = setupUser();
  api(() => failure(400, 'Give this agent a phone number before placing a test call'));
  renderScreen(ui, account);
  const dialog = await openDialog(user);
  await user.type(within(dialog).getByLabelText('Number to call'), '2125550142');
  await user.click(within(dialog).getByRole('button', { name: 'Place test call' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Give this agent a phone number before placing a test call');
  expect(screen.getByRole('dialog', { name: 'Test call from Front Desk' })).toBeInTheDocument();
});

test('an agent that only answers calls offers the browser call and its number, not a number to call', async () => {
  const user = setupUser();
  api(() => ok({ callSid: 'CA123', status: 'queued' }), makeAgent({ handleCallType: 'inbound' }));
  renderScreen(ui, account);
  const dialog = await openDialog(user);
  expect(within(dialog).getByText('Front Desk answers calls only: call +15551230001 to try it, or talk to it here in the browser.')).toBeInTheDocument();
  expect(within(dialog).queryByLabelText('Number to call')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Place test call' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Talk in the browser' })).toBeInTheDocument();
});
