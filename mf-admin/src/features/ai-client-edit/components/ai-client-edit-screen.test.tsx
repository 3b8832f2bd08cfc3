import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, never, ok, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import { SPEECH_CLIENT_ON_CALLS_TEXT, type AiClient } from 'shared-contracts';
import { renderAdmin } from '../../../test/render-admin';
import { makeAiClient } from '../../ai-clients/test-support/ai-client-fixtures';
import { AiClientEditScreen } from './ai-client-edit-screen';

// antd dialogs and forms render slowly in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const patches = (requests: SentRequest[]) => requests.filter((r) => r.method === 'PATCH');

/** A server holding one client: GET returns it, PATCH applies the body (credentials only as a flag). */
function serve(client: AiClient) {
  let current = client;
  return stubFetch((request) => {
    if (request.method === 'PATCH') {
      const { credentials, ...rest } = request.body as Partial<AiClient> & { credentials?: object };
      current = { ...current, ...rest, hasCredentials: current.hasCredentials || credentials !== undefined };
    }
    if (request.method === 'DELETE') return ok({ id: client.id });
    return ok(current);
  });
}

const field = (name: string) => screen.getByLabelText(name);

test('loads the client named in the route, with a loading view meanwhile', () => {
  const { requests } = stubFetch(never);
  const client = makeAiClient();
  renderAdmin(<AiClientEditScreen id={client.id} />);
  expect(screen.getByRole('heading', { name: 'Edit Ai Client' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect([requests[0]!.method, requests[0]!.url.href]).toEqual(['GET', `http://api.test/v1/ai-client/get-ai-client/${client.id}`]);
});

test('shows model, purpose and the enabled flag, with empty write-only credentials', async () => {
  serve(makeAiClient({ name: 'Claude', model: 'claude-sonnet', purpose: 'Sales', hasCredentials: true }));
  renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000999" />);
  expect(await screen.findByText('Claude · AI Client')).toBeInTheDocument();
  expect(field('Model')).toHaveValue('claude-sonnet');
  expect(field('Purpose')).toHaveValue('Sales');
  expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
  expect(field('API key')).toHaveValue('');
  expect(field('API key')).toHaveAttribute('placeholder', 'Stored: type a new value to replace it');
  expect(screen.getByText('Stored')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('saves every change, sends credentials only when typed, and clears them after', async () => {
  const client = makeAiClient({ purpose: 'Reception' });
  const { requests } = serve(client);
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.clear(await screen.findByLabelText('Model'));
  await userEvent.type(field('Model'), 'gpt-4.1');
  await userEvent.clear(field('Purpose'));
  await userEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.url.href).toBe(`http://api.test/v1/ai-client/update-ai-client/${client.id}`);
  expect(patches(requests)[0]!.body).toEqual({ model: 'gpt-4.1', purpose: null, enabled: false });
  expect(await screen.findByText('AI Client updated')).toBeInTheDocument();

  await userEvent.type(field('API key'), 'sk-live-123');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(2));
  expect(patches(requests)[1]!.body).toEqual({ model: 'gpt-4.1', purpose: null, enabled: false, credentials: { apiKey: 'sk-live-123' } });
  await waitFor(() => expect(field('API key')).toHaveValue(''));
  expect(await screen.findByText('Stored')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('refuses an empty model and incomplete or malformed AWS keys before sending', async () => {
  const polly = makeAiClient({ name: 'Amazon Polly', type: 'TTS Client', model: 'neural' });
  const { requests } = serve(polly);
  renderAdmin(<AiClientEditScreen id={polly.id} />);
  await userEvent.clear(await screen.findByLabelText('Model'));
  await userEvent.tab();
  expect(await screen.findByText('Ai Model is required')).toBeInTheDocument();
  await userEvent.type(field('Model'), 'standard');
  expect(screen.queryByLabelText('API key')).toBeNull();

  await userEvent.type(field('Access key id'), 'AKIA1');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter an API key, or an access key id, secret access key and region')).toBeInTheDocument();
  await userEvent.type(field('Secret access key'), 'secret');
  await userEvent.type(field('Region'), 'Virginia');
  expect(await screen.findByText('Enter an AWS region such as us-east-1')).toBeInTheDocument();
  expect(patches(requests)).toHaveLength(0);

  await userEvent.clear(field('Region'));
  await userEvent.type(field('Region'), 'us-east-1');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.body).toMatchObject({ credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret', region: 'us-east-1' } });
});

test('an AI client may be pointed at an OpenAI-compatible endpoint, saved with its key', async () => {
  const client = makeAiClient({ name: 'OpenAI', type: 'AI Client', model: 'llama3.1' });
  const { requests } = serve(client);
  renderAdmin(<AiClientEditScreen id={client.id} />);
  expect(await screen.findByText('For an OpenAI-compatible endpoint such as Ollama, vLLM or a company gateway')).toBeInTheDocument();
  await userEvent.type(field('Base URL'), 'localhost:11434');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Base URL must start with http:// or https://')).toBeInTheDocument();
  await userEvent.clear(field('Base URL'));
  await userEvent.type(field('Base URL'), 'http://localhost:11434/v1');
  expect(await screen.findByText('Enter an API key, or an access key id, secret access key and region')).toBeInTheDocument();
  expect(patches(requests)).toHaveLength(0);

  await userEvent.type(field('API key'), 'ollama');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.body).toMatchObject({ credentials: { apiKey: 'ollama', baseUrl: 'http://localhost:11434/v1' } });
  await waitFor(() => expect(field('Base URL')).toHaveValue(''));
});

test('a speech client takes a base URL too, with AWS keys as with an API key', async () => {
  serve(makeAiClient({ name: 'Deepgram', type: 'STT Client', model: 'nova-3' }));
  const { unmount } = renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000997" />);
  expect(await screen.findByLabelText('Base URL')).toBeInTheDocument();
  unmount();
  serve(makeAiClient({ name: 'Amazon Polly', type: 'TTS Client', model: '' }));
  renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000998" />);
  expect(await screen.findByLabelText('Region')).toBeInTheDocument();
  expect(screen.getByLabelText('Base URL')).toBeInTheDocument();
});

test('a PlayHT client takes its API key with the account\'s user ID, both or neither', async () => {
  const client = makeAiClient({ name: 'PlayHT', type: 'TTS Client', model: 'Play3.0-mini' });
  const { requests } = serve(client);
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.type(await screen.findByLabelText('API key'), 'pht-key');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('User ID is required')).toBeInTheDocument();
  expect(patches(requests)).toHaveLength(0);
  await userEvent.type(field('User ID'), 'user-7');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patches(requests)).toHaveLength(1));
  expect(patches(requests)[0]!.body).toMatchObject({ credentials: { apiKey: 'pht-key', userId: 'user-7' } });
});

test('a speech client says that calls do not use its key; a model client says nothing of it', async () => {
  serve(makeAiClient({ name: 'Elevenlabs', type: 'TTS Client', model: 'eleven_flash_v2_5' }));
  const { unmount } = renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000996" />);
  expect(await screen.findByText(SPEECH_CLIENT_ON_CALLS_TEXT)).toBeInTheDocument();
  unmount();
  serve(makeAiClient({ name: 'Claude', type: 'AI Client', model: 'claude-sonnet' }));
  renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000995" />);
  expect(await screen.findByText('Claude · AI Client')).toBeInTheDocument();
  expect(screen.queryByText(SPEECH_CLIENT_ON_CALLS_TEXT)).toBeNull();
});

test('a refused save shows the server\'s message and keeps what was typed', async () => {
  const client = makeAiClient();
  stubFetch((request) => (request.method === 'PATCH' ? failure(400, 'OpenAI needs an API key') : ok(client)));
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.type(await screen.findByLabelText('API key'), 'k');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('OpenAI needs an API key')).toBeInTheDocument();
  expect(field('API key')).toHaveValue('k');
  expect(screen.queryByText('AI Client updated')).toBeNull();
});

test('an unknown client shows the error with Retry', async () => {
  stubFetch(() => failure(404, 'Not found'));
  renderAdmin(<AiClientEditScreen id="00000000-0000-4000-a000-000000000998" />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Edit AI Client' })).toBeNull();
});

test('deletes after confirmation and returns to the list', async () => {
  const client = makeAiClient();
  const { requests } = serve(client);
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
  const confirm = await screen.findByRole('tooltip');
  expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  expect(await screen.findByText('AI Client deleted')).toBeInTheDocument();
  expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/admin/ai-clients');
});
