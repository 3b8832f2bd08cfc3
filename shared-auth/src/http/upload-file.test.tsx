import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { contract, contractFingerprint, extractErrorText } from 'shared-contracts';
import { setSessionUser, setToken } from '../auth/auth-actions';
import { sessionUserAtom, tokenAtom } from '../auth/auth-atoms';
import { configureRuntime } from '../runtime-config';
import { authStore } from '../store';
import { FakeXhr, installFakeXhr, makeUser, resetAuthStore } from '../testing';
import { ApiError } from './api-error';
import { uploadFile } from './upload-file';

const accountId = '00000000-0000-4000-8000-0000000000aa';
const recording = () => new File([new Uint8Array(2048)], 'greeting.mp3', { type: 'audio/mpeg' });
let restoreXhr: () => void;

beforeEach(() => {
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test/', wsBase: 'wss://api.test' });
  restoreXhr = installFakeXhr();
});
afterEach(() => restoreXhr());

test('posts the file as multipart `file` with the Bearer header, reports progress and resolves with { data }', async () => {
  setToken('tok-1');
  const percents: number[] = [];
  const upload = uploadFile(contract.call.uploadDefaultVoicemail, recording(), { query: { accountId } }, { onProgress: (p) => percents.push(p) });
  const xhr = FakeXhr.last!;
  expect(xhr.method).toBe('POST');
  expect(xhr.url).toBe(`https://api.test/v1/call/upload-default-voicemail?accountId=${accountId}`);
  expect(xhr.headers).toEqual({
    Accept: 'application/json', Authorization: 'Bearer tok-1', 'X-Contract': contractFingerprint(contract.call.uploadDefaultVoicemail),
  });
  expect((xhr.body!.get('file') as File).name).toBe('greeting.mp3');

  xhr.progress(512, 2048);
  xhr.progress(2048, 2048);
  xhr.reply(200, { data: { defaultVoicemailUrl: 'https://api.test/v1/voicemail/x' } });
  await expect(upload).resolves.toEqual({ data: { defaultVoicemailUrl: 'https://api.test/v1/voicemail/x' } });
  expect(percents).toEqual([25, 100]);
});

test('sends no Authorization header without a token', () => {
  void uploadFile(contract.knowledge.generateText, recording(), { query: { type: 'knowledge' } });
  expect(FakeXhr.last!.url).toBe('https://api.test/v1/knowledge/generate-text?type=knowledge');
  expect(FakeXhr.last!.headers.Authorization).toBeUndefined();
});

test('a refused upload rejects with an ApiError read in the spec\'s extraction order', async () => {
  const upload = uploadFile(contract.call.uploadDefaultVoicemail, recording(), {});
  FakeXhr.last!.reply(400, { type: 'BadRequest', message: 'Invalid upload', errors: ['The file is empty'] });
  const error = await upload.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  expect(extractErrorText(error)).toBe('The file is empty');
});

test('an Unauthorized answer shows the session-expired toast and resets auth', async () => {
  render(<SnackbarProvider />);
  setToken('expired');
  setSessionUser(makeUser({ role: 'AGENT' }));
  const upload = uploadFile(contract.call.uploadDefaultVoicemail, recording(), {});
  await act(async () => {
    FakeXhr.last!.reply(401, { type: 'Unauthorized', message: 'Token expired' });
    await expect(upload).rejects.toBeInstanceOf(ApiError);
  });
  expect(await screen.findByText('Session expired, Please login again.')).toBeInTheDocument();
  expect(authStore.get(sessionUserAtom)).toBeNull();
  expect(authStore.get(tokenAtom)).toBeNull();
});

test('a dropped connection is a FETCH_ERROR and an answer that is not JSON a PARSING_ERROR', async () => {
  const dropped = uploadFile(contract.call.uploadDefaultVoicemail, recording(), {});
  FakeXhr.last!.fail();
  await expect(dropped).rejects.toMatchObject({ status: 'FETCH_ERROR' });

  const garbled = uploadFile(contract.call.uploadDefaultVoicemail, recording(), {});
  FakeXhr.last!.reply(502, '<html>Bad gateway</html>');
  await expect(garbled).rejects.toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
});

test('the signal cancels the upload', async () => {
  const controller = new AbortController();
  const upload = uploadFile(contract.call.uploadDefaultVoicemail, recording(), {}, { signal: controller.signal });
  controller.abort();
  expect(FakeXhr.last!.aborted).toBe(true);
  await expect(upload).rejects.toMatchObject({ name: 'AbortError' });

  FakeXhr.last = null;
  await expect(uploadFile(contract.call.uploadDefaultVoicemail, recording(), {}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  expect(FakeXhr.last).toBeNull();
});
