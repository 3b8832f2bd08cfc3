import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, ok, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import type { AiClient } from 'shared-contracts';
import { renderAdmin } from '../../../test/render-admin';
import { makeAiClient } from '../../ai-clients/test-support/ai-client-fixtures';
import { AiClientEditScreen } from './ai-client-edit-screen';

jest.setTimeout(60_000);

function serve(client: AiClient, test: (r: SentRequest) => ReturnType<typeof ok>) {
  return stubFetch((r) => (r.url.pathname.includes('test-ai-client') ? test(r) : ok(client)));
}

test('tests the saved credentials and shows the model\'s answer', async () => {
  const client = makeAiClient({ name: 'Claude', model: 'claude-sonnet', hasCredentials: true });
  const { requests } = serve(client, () => ok({ ok: true, message: 'ready', millis: 240 }));
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('Connected in 240 ms')).toBeInTheDocument();
  expect(screen.getByText('The model answered: ready')).toBeInTheDocument();
  const sent = requests.find((r) => r.url.pathname.includes('test-ai-client'))!;
  expect([sent.method, sent.url.pathname]).toEqual(['POST', `/v1/ai-client/test-ai-client/${client.id}`]);
});

test('shows the provider\'s error, and the server\'s refusal', async () => {
  const client = makeAiClient({ hasCredentials: true });
  let refuse = false;
  serve(client, () => (refuse
    ? failure(400, 'Enter this client\'s credentials and save them before testing it')
    : ok({ ok: false, message: 'HTTP 401: Incorrect API key provided: [key]', millis: 80 })));
  renderAdmin(<AiClientEditScreen id={client.id} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('The provider did not answer')).toBeInTheDocument();
  expect(screen.getByText('HTTP 401: Incorrect API key provided: [key]')).toBeInTheDocument();
  refuse = true;
  await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('Enter this client\'s credentials and save them before testing it')).toBeInTheDocument();
  expect(screen.queryByText('The provider did not answer')).not.toBeInTheDocument();
});

test('waits for saved credentials before it can test', async () => {
  const keyless = makeAiClient({ hasCredentials: false });
  serve(keyless, () => ok({ ok: true, message: 'ready', millis: 1 }));
  renderAdmin(<AiClientEditScreen id={keyless.id} />);
  expect(await screen.findByRole('button', { name: 'Test connection' })).toBeDisabled();
  expect(screen.getByText('Save credentials first to test them')).toBeInTheDocument();
});

test('an STT client shows what it heard the sample caller say', async () => {
  const stt = makeAiClient({ name: 'Deepgram', type: 'STT Client', hasCredentials: true });
  serve(stt, () => ok({ ok: true, message: 'I would like to book an appointment', millis: 310 }));
  renderAdmin(<AiClientEditScreen id={stt.id} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('It heard the sample caller say: I would like to book an appointment')).toBeInTheDocument();
  expect(screen.queryByLabelText('What the voice said')).toBeNull();
});

test('a TTS client\'s speech plays on the page', async () => {
  const tts = makeAiClient({ name: 'Elevenlabs', type: 'TTS Client', hasCredentials: true });
  serve(tts, () => ok({ ok: true, message: 'This is how your agent will sound.', millis: 420, audio: { contentType: 'audio/mpeg', base64: 'SUQz' } }));
  renderAdmin(<AiClientEditScreen id={tts.id} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
  expect(await screen.findByText('Connected in 420 ms')).toBeInTheDocument();
  expect(screen.getByLabelText('What the voice said')).toHaveAttribute('src', 'data:audio/mpeg;base64,SUQz');
});
