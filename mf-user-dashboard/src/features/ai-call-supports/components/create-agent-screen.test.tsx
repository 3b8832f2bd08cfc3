import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { authStore, tokenAtom } from 'shared-auth';
import { failure, FakeXhr, installFakeXhr, makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { CreateAgentScreen } from './create-agent-screen';
import { LOCAL_RESPONDER_LABEL, PIPELINE_SPEAKS_TEXT, TWILIO_SPEAKS_TEXT } from 'shared-contracts';
import { TEXT_CLIENTS, VOICES, agentId, aiClientId, aiClientOptions, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const ui = (
  <Routes>
    <Route path="/" element={<CreateAgentScreen />} />
    <Route path="/dashboard/ai-call-supports/create/success" element={<p>Success page</p>} />
  </Routes>
);

// The whole antd form renders slowly in jsdom while the machine's 2 cores are shared.
jest.setTimeout(60_000);

let restoreXhr: () => void;
beforeEach(() => {
  restoreXhr = installFakeXhr();
});
afterEach(() => {
  restoreXhr();
  jest.restoreAllMocks();
});

const api = (create: (r: SentRequest) => ReturnType<typeof ok>, locations: unknown[] = [], textClients = aiClientOptions()) =>
  stubFetch((r) => {
    if (r.url.pathname.endsWith('get-agent-voices')) return ok(VOICES);
    if (r.url.pathname.endsWith('ai-client/get-ai-clients')) return ok(textClients);
    if (r.url.pathname.includes('get-squareup-locations')) return ok({ locations });
    return create(r);
  });

// Typing key by key re-renders the whole antd form per key, which is slow in jsdom; a
// change event per field is what the form reacts to.
const fill = (label: string, text: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
};

async function fillRequired() {
  await screen.findByLabelText('Agent name');
  fill('Agent name', 'Night Desk');
  fill('Greeting', 'Hi, you reached Acme after hours.');
  fill('Instructions', 'Take a message and promise a call back.');
  await userEvent.click(await screen.findByRole('radio', { name: /Nova/ }));
  fill('Agent phone number', '(555) 201-3344');
}

test('shows the voices with their images and creates the agent, then opens the success page', async () => {
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })));
  renderScreen(ui, user);
  expect(screen.getByRole('heading', { name: 'Create AI Call Support' })).toBeInTheDocument();
  const nova = await screen.findByRole('radio', { name: /Nova/ });
  expect(nova.closest('label')!.querySelector('img')).toHaveAttribute('src', 'data:image/svg+xml;base64,openai-nova');
  // Who speaks on calls is said beside the voices, and read with them.
  expect(screen.getByRole('radiogroup', { name: 'Voice' })).toHaveAccessibleDescription(TWILIO_SPEAKS_TEXT);
  expect(screen.queryByLabelText('Square location')).toBeNull();

  await fillRequired();
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  const create = requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!;
  expect(create.body).toMatchObject({
    name: 'Night Desk', voiceId: 'openai-nova', phoneNumber: '+15552013344', transferNumber: null, maxCallMinutes: 10, recordCalls: true,
    temperature: null, maxReplyTokens: null,
  });
});

test('on our pipeline, the voice says whose keys speak, and the agent is saved with its speech-to-text client', async () => {
  const options = { ...aiClientOptions(), stt: [{ id: aiClientId(7), name: 'Deepgram' as const, model: 'nova-3', purpose: null }] };
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })), [], options);
  renderScreen(ui, user);
  await fillRequired();
  const path = screen.getByRole('radiogroup', { name: 'Speech path' });
  expect(within(path).getByRole('radio', { name: 'Twilio speaks' })).toBeChecked();
  await userEvent.click(within(path).getByRole('radio', { name: 'Our pipeline' }));
  expect(screen.getByRole('radiogroup', { name: 'Voice' })).toHaveAccessibleDescription(PIPELINE_SPEAKS_TEXT);
  await userEvent.click(screen.getByLabelText('Speech-to-text client'));
  await userEvent.click(await screen.findByText('Deepgram · nova-3'));
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!.body).toMatchObject({ speechPath: 'pipeline', sttClientId: aiClientId(7) });
});

test('beside the AI model, temperature and longest reply are sent as typed, and refused out of range', async () => {
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })));
  renderScreen(ui, user);
  await fillRequired();
  expect(screen.getByLabelText('Temperature')).toHaveAccessibleDescription(/empty = the provider's default/);
  expect(screen.getByLabelText('Longest reply (tokens)')).toHaveAccessibleDescription(/empty = default \(1024\)/);
  fill('Temperature', '3');
  fill('Longest reply (tokens)', '10');
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Temperature must be from 0 to 2')).toBeInTheDocument();
  expect(screen.getByText('Longest reply must be from 50 to 1024 tokens')).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname.endsWith('create-agent'))).toBe(false);

  fill('Temperature', '0.4');
  fill('Longest reply (tokens)', '300');
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!.body).toMatchObject({ temperature: 0.4, maxReplyTokens: 300 });
});

test('says what is missing before sending anything', async () => {
  const { requests } = api(() => ok(makeAgent()));
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  fill('Agent phone number', '123');
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Agent name is required')).toBeInTheDocument();
  expect(screen.getByText('Greeting is required')).toBeInTheDocument();
  expect(screen.getByText('Voice is required')).toBeInTheDocument();
  expect(screen.getByText('Agent phone number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname.endsWith('create-agent'))).toBe(false);
});

test('a transfer number typed and deleted again is empty, not wrong', async () => {
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })));
  renderScreen(ui, user);
  await fillRequired();
  fill('Transfer number', '5');
  expect(await screen.findByText('Transfer number must be a US number: +1 followed by ten digits')).toBeInTheDocument();
  fill('Transfer number', '');
  await waitFor(() => expect(screen.queryByText('Transfer number must be a US number: +1 followed by ten digits')).toBeNull());
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!.body).toMatchObject({ transferNumber: null });
});

test('shows the free-plan refusal from the server and stays on the form', async () => {
  api(() => failure(400, 'You can only have 3 agents in the free plan'));
  renderScreen(ui, user);
  await fillRequired();
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You can only have 3 agents in the free plan');
  expect(screen.queryByText('Success page')).toBeNull();
});

test('offers the Square locations when Square is connected', async () => {
  api(() => ok(makeAgent()), [{ id: 'LMAIN', name: 'Main Street', address: '100 Main St', timezone: null }]);
  renderScreen(ui, user);
  expect(await screen.findByLabelText('Square location')).toBeInTheDocument();
});

test('uploads a knowledge document with progress and puts its text in the knowledge field', async () => {
  authStore.set(tokenAtom, 'token-123');
  api(() => ok(makeAgent()));
  renderScreen(ui, user);
  const file = new File(['Parking is free.'], 'faq.txt', { type: 'text/plain' });
  fireEvent.change(await screen.findByLabelText('Knowledge document'), { target: { files: [file] } });

  const xhr = FakeXhr.last!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe('http://api.test/v1/knowledge/generate-text?type=knowledge');
  expect(xhr.headers.Authorization).toBe('Bearer token-123');
  expect((xhr.body!.get('file') as File).name).toBe('faq.txt');
  expect(await screen.findByText('Uploading faq.txt…')).toBeInTheDocument();

  act(() => xhr.progress(40, 100));
  const bar = within(screen.getByRole('group', { name: 'Uploading faq.txt' })).getByRole('progressbar');
  expect(bar).toHaveAttribute('aria-valuenow', '40');

  act(() => xhr.reply(200, { data: { type: 'knowledge', text: 'Parking is free.', fileName: 'faq.txt', characters: 16 } }));
  expect(await screen.findByText('Added 16 characters from faq.txt')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Knowledge text')).toHaveValue('Parking is free.'));
});

test('shows why an upload was refused and keeps the knowledge text', async () => {
  api(() => ok(makeAgent()));
  renderScreen(ui, user);
  await screen.findByLabelText('Knowledge text');
  fill('Knowledge text', 'Kept');
  fireEvent.change(screen.getByLabelText('Knowledge document'), { target: { files: [new File(['x'], 'cat.gif', { type: 'image/gif' })] } });
  act(() => FakeXhr.last!.reply(400, { type: 'BadRequest', message: 'Upload a PDF, Word, text, Markdown or CSV file' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('cat.gif: Upload a PDF, Word, text, Markdown or CSV file');
  expect(screen.getByLabelText('Knowledge text')).toHaveValue('Kept');
});

test('a knowledge text typed and cleared again takes an uploaded document\'s text', async () => {
  api(() => ok(makeAgent()));
  renderScreen(ui, user);
  await screen.findByLabelText('Knowledge text');
  fill('Knowledge text', 'Draft');
  fill('Knowledge text', '');
  fireEvent.change(screen.getByLabelText('Knowledge document'), { target: { files: [new File(['Parking is free.'], 'faq.txt', { type: 'text/plain' })] } });
  act(() => FakeXhr.last!.reply(200, { data: { type: 'knowledge', text: 'Parking is free.', fileName: 'faq.txt', characters: 16 } }));
  expect(await screen.findByText('Added 16 characters from faq.txt')).toBeInTheDocument();
  expect(screen.getByLabelText('Knowledge text')).toHaveValue('Parking is free.');
});

test('with no AI model offered, says the local responder answers and creates the agent with the default', async () => {
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })));
  renderScreen(ui, user);
  expect(await screen.findByText(LOCAL_RESPONDER_LABEL)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'AI model' })).toHaveTextContent(LOCAL_RESPONDER_LABEL);
  expect(screen.queryByRole('combobox', { name: 'AI model' })).toBeNull();
  await fillRequired();
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!.body).toMatchObject({ textClientId: null });
});

test('offers the enabled AI models and creates the agent with the one chosen', async () => {
  const { requests } = api(() => ok(makeAgent({ id: agentId(9), name: 'Night Desk' })), [], aiClientOptions(TEXT_CLIENTS));
  renderScreen(ui, user);
  const select = await screen.findByRole('combobox', { name: 'AI model' });
  expect(screen.queryByText(LOCAL_RESPONDER_LABEL)).toBeNull();
  await fillRequired();
  await userEvent.click(select);
  await userEvent.click(await screen.findByText('Claude · claude-sonnet (Bookings)', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(screen.getByRole('button', { name: 'Create AI Call Support' }));
  expect(await screen.findByText('Success page')).toBeInTheDocument();
  expect(requests.find((r) => r.url.pathname.endsWith('/agent/create-agent'))!.body).toMatchObject({ textClientId: aiClientId(2) });
});
