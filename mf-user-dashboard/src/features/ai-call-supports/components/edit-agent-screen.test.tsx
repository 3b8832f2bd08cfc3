import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Navigate, Route, Routes } from 'react-router-dom';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { PHONE_NUMBER_TAKEN_TEXT } from 'shared-contracts';
import { EditAgentScreen } from './edit-agent-screen';
import { TEXT_CLIENTS, VOICES, agentId, aiClientId, aiClientOptions, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const id = agentId(4);
const ui = (
  <SnackbarProvider>
    <Routes>
      <Route path="/" element={<Navigate to={`/dashboard/ai-call-supports/edit/${id}`} />} />
      <Route path="/dashboard/ai-call-supports/edit/:id" element={<EditAgentScreen />} />
    </Routes>
  </SnackbarProvider>
);

const api = (agent: (r: SentRequest) => StubReply | Promise<StubReply>, update: (r: SentRequest) => StubReply = (r) => ok(makeAgent({ id, ...(r.body as object) }))) =>
  stubFetch((r) => {
    if (r.url.pathname.endsWith('get-agent-voices')) return ok(VOICES);
    if (r.url.pathname.includes('get-squareup-locations')) return ok({ locations: [] });
    if (r.url.pathname.endsWith('ai-client/get-ai-clients')) return ok(aiClientOptions(TEXT_CLIENTS));
    if (r.url.pathname.includes('update-agent')) return update(r);
    return agent(r);
  });

afterEach(() => jest.restoreAllMocks());

test('loads the agent named in the path', () => {
  const { requests } = api(never);
  renderScreen(ui, user);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(requests.map((r) => r.url.pathname)).toContain(`/v1/agent/get-agent/${id}`);
});

test('fills the form with the stored settings and saves a change', async () => {
  const { requests } = api(() => ok(makeAgent({ id, name: 'Front Desk', knowledge: 'Open 9-5.', transferNumber: '+15559990000' })));
  renderScreen(ui, user);
  expect(await screen.findByRole('heading', { name: 'Edit Front Desk' })).toBeInTheDocument();
  expect(screen.getByLabelText('Agent name')).toHaveValue('Front Desk');
  expect(screen.getByLabelText('Knowledge text')).toHaveValue('Open 9-5.');
  expect(screen.getByLabelText('Transfer number')).toHaveValue('+15559990000');
  expect(await screen.findByRole('radio', { name: /Nova/ })).toBeChecked();

  fireEvent.change(screen.getByLabelText('Knowledge text'), { target: { value: 'Open 8-6.' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  const update = requests.find((r) => r.method === 'PATCH')!;
  expect(update.url.pathname).toBe(`/v1/agent/update-agent/${id}`);
  expect(update.body).toMatchObject({ name: 'Front Desk', knowledge: 'Open 8-6.', transferNumber: '+15559990000' });
});

test('shows the stored temperature and longest reply, and emptying one saves it as the default', async () => {
  const { requests } = api(() => ok(makeAgent({ id, temperature: 0.7, maxReplyTokens: 256 })));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  expect(screen.getByLabelText('Temperature')).toHaveValue('0.7');
  expect(screen.getByLabelText('Longest reply (tokens)')).toHaveValue('256');
  const temperature = screen.getByLabelText('Temperature');
  fireEvent.focus(temperature);
  fireEvent.change(temperature, { target: { value: '' } });
  fireEvent.blur(temperature);
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ temperature: null, maxReplyTokens: 256 });
});

test('an agent that is not found shows the error with Retry', async () => {
  api(() => failure(404, 'Not found'));
  renderScreen(ui, user);
  expect(await screen.findByText('Not found')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  expect(screen.queryByLabelText('Agent name')).toBeNull();
});

test('a refused save shows the server\'s message', async () => {
  api(() => ok(makeAgent({ id })), () => failure(400, 'Choose a voice from the list'));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose a voice from the list'));
});

test('a number another account has is refused with the server\'s message', async () => {
  api(() => ok(makeAgent({ id })), () => failure(409, PHONE_NUMBER_TAKEN_TEXT));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PHONE_NUMBER_TAKEN_TEXT));
  expect(screen.queryByText('AI call support saved')).toBeNull();
});

test('emptying the agent phone number unassigns it on save', async () => {
  const { requests } = api(() => ok(makeAgent({ id, phoneNumber: '+15551230001' })));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  expect(screen.getByLabelText('Agent phone number')).toHaveValue('+15551230001');
  fireEvent.change(screen.getByLabelText('Agent phone number'), { target: { value: '' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ phoneNumber: null });
});

test('shows the agent\'s AI model and keeps it when other settings are saved', async () => {
  const { requests } = api(() => ok(makeAgent({ id, textClientId: aiClientId(1) })));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  const field = await screen.findByRole('combobox', { name: 'AI model' });
  expect(field.closest('.ant-select')).toHaveTextContent('OpenAI · gpt-4o-mini');
  fireEvent.change(screen.getByLabelText('Knowledge text'), { target: { value: 'Open 8-6.' } });
  await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ textClientId: aiClientId(1) });
});

test('the agent\'s tabs open from the address, and switching one changes it', async () => {
  const { requests } = api((r) => {
    if (r.url.pathname.includes('get-test-scenarios')) return ok([]);
    if (r.url.pathname.includes('get-test-runs')) return ok([]);
    return ok(makeAgent({ id, name: 'Front Desk' }));
  });
  renderScreen(ui, user, `/dashboard/ai-call-supports/edit/${id}?tab=tests`);
  expect(await screen.findByRole('tab', { name: 'Tests', selected: true })).toBeInTheDocument();
  expect(await screen.findByText('No scenarios yet')).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname === `/v1/agent/get-test-scenarios/${id}`)).toBe(true);
  await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
  expect(await screen.findByLabelText('Agent name')).toHaveValue('Front Desk');
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Settings', 'Tools', 'Tests', 'Call analysis', 'Versions']);
});
