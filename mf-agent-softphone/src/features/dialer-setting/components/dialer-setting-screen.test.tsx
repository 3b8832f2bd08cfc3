import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { FakeXhr, installFakeXhr, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { DialerSettingScreen } from './dialer-setting-screen';

jest.setTimeout(60_000);
const agent = makeUser({ role: 'AGENT' });
let restoreXhr: () => void;
beforeEach(() => { restoreXhr = installFakeXhr(); });
afterEach(() => restoreXhr());

const setting = (url: string | null) => ({ accountId: agent.accountId, agentNumber: agent.agentNumber, defaultVoicemailUrl: url, ringTimeoutSeconds: 30, recordCalls: true });
const mount = () => renderScreen(<SnackbarProvider><DialerSettingScreen /></SnackbarProvider>, agent);
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Voicemail file'), { target: { files: [file] } });

test('shows the setting and uploads a voicemail with progress, then shows the new one', async () => {
  let current: string | null = null;
  const { requests } = stubFetch(() => ok(setting(current)));
  mount();
  expect(await screen.findByText('30 seconds')).toBeInTheDocument();
  expect(screen.getByText(agent.agentNumber!)).toBeInTheDocument();
  expect(screen.getByText('No default voicemail yet')).toBeInTheDocument();
  expect(requests[0]!.url.href).toBe(`http://api.test/v1/call/get-dialer-setting?accountId=${agent.accountId}`);

  choose(new File([new Uint8Array(2048)], 'greeting.mp3', { type: 'audio/mpeg' }));
  const xhr = FakeXhr.last!;
  expect(xhr.url).toBe(`http://api.test/v1/call/upload-default-voicemail?accountId=${agent.accountId}`);
  expect((xhr.body!.get('file') as File).name).toBe('greeting.mp3');
  act(() => xhr.progress(1024, 2048));
  expect(await screen.findByText('50%')).toBeInTheDocument();
  current = 'http://api.test/v1/telephony/voicemail/x?v=1';
  act(() => xhr.reply(200, { data: { defaultVoicemailUrl: current } }));
  expect(await screen.findByText('Default voicemail uploaded')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Default voicemail')).toHaveAttribute('src', current));
});

test('refuses another type or a file over 10 MB before uploading, and shows the server\'s refusal', async () => {
  stubFetch(() => ok(setting(null)));
  mount();
  await screen.findByText('30 seconds');
  choose(new File(['x'], 'photo.png', { type: 'image/png' }));
  expect(await screen.findByText('Upload an MP3 or WAV file')).toBeInTheDocument();
  choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'long.wav', { type: 'audio/wav' }));
  expect(await screen.findByText('The file must be at most 10 MB')).toBeInTheDocument();
  expect(FakeXhr.last).toBeNull();
  choose(new File([new Uint8Array(10)], 'ok.wav', { type: 'audio/wav' }));
  act(() => FakeXhr.last!.reply(400, { type: 'BadRequest', message: 'The file is empty' }));
  expect(await screen.findByText('The file is empty')).toBeInTheDocument();
});
