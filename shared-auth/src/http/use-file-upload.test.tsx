import { act, renderHook, waitFor } from '@testing-library/react';
import { CAMPAIGN_CSV_MAX_BYTES, VOICEMAIL_MAX_BYTES, VOICEMAIL_MIME_TYPES, contract, fileTooLargeText } from 'shared-contracts';
import { configureRuntime } from '../runtime-config';
import { FakeXhr, installFakeXhr, resetAuthStore } from '../testing';
import { useFileUpload, type FileLimits } from './use-file-upload';

const accountId = '00000000-0000-4000-8000-0000000000aa';
const agentId = '00000000-0000-4000-8000-0000000000bb';
const voicemailLimits: FileLimits = {
  maxBytes: VOICEMAIL_MAX_BYTES,
  type: { mimeTypes: VOICEMAIL_MIME_TYPES, extensions: ['mp3', 'wav'], text: 'Upload an MP3 or WAV file' },
};
const added = { added: 2, created: 1, alreadyInCampaign: 1, refused: [], progress: { total: 2, called: 0, answered: 0, remaining: 2 } };

let restoreXhr: () => void;
beforeEach(() => {
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
  restoreXhr = installFakeXhr();
});
afterEach(() => restoreXhr());

const leadsUpload = (callbacks: { onSuccess?: jest.Mock; onError?: jest.Mock } = {}) =>
  renderHook(() => useFileUpload(contract.campaign.uploadCampaignLeads, {
    limits: { maxBytes: CAMPAIGN_CSV_MAX_BYTES },
    request: { query: { agentId } },
    ...callbacks,
  }));

const voicemailUpload = (onError?: jest.Mock) =>
  renderHook(() => useFileUpload(contract.call.uploadDefaultVoicemail, { limits: voicemailLimits, request: { query: { accountId } }, onError }));

test('refuses a file over the limit before sending, in the words of the shared limit', () => {
  const onError = jest.fn();
  const { result } = leadsUpload({ onError });
  const file = new File([new Uint8Array(CAMPAIGN_CSV_MAX_BYTES + 1)], 'big.csv', { type: 'text/csv' });
  act(() => result.current.pick(file));

  expect(fileTooLargeText(CAMPAIGN_CSV_MAX_BYTES)).toBe('The file must be at most 1 MB');
  expect(result.current.state).toEqual({ phase: 'failed', file, error: fileTooLargeText(CAMPAIGN_CSV_MAX_BYTES) });
  expect(onError).toHaveBeenCalledWith('The file must be at most 1 MB');
  expect(FakeXhr.last).toBeNull();
});

test('refuses another type before sending; a file with no type passes on its extension', () => {
  const onError = jest.fn();
  const { result } = voicemailUpload(onError);
  const photo = new File(['x'], 'photo.png', { type: 'image/png' });
  act(() => result.current.pick(photo));
  expect(result.current.state).toEqual({ phase: 'failed', file: photo, error: 'Upload an MP3 or WAV file' });
  expect(onError).toHaveBeenCalledWith('Upload an MP3 or WAV file');
  expect(FakeXhr.last).toBeNull();

  act(() => result.current.pick(new File(['x'], 'greeting.WAV', { type: '' })));
  expect(result.current.state).toMatchObject({ phase: 'uploading', percent: 0 });
  expect((FakeXhr.last!.body!.get('file') as File).name).toBe('greeting.WAV');
});

test('reports the progress of an upload, then its result', async () => {
  const onSuccess = jest.fn();
  const { result } = leadsUpload({ onSuccess });
  const file = new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' });
  act(() => result.current.pick(file));
  const xhr = FakeXhr.last!;
  expect(xhr.url).toBe(`https://api.test/v1/campaign/upload-leads?agentId=${agentId}`);
  expect(result.current.state).toEqual({ phase: 'uploading', file, percent: 0 });
  expect(result.current.uploading).toBe(true);

  act(() => xhr.progress(512, 1024));
  expect(result.current.state).toEqual({ phase: 'uploading', file, percent: 50 });
  act(() => xhr.progress(1024, 1024));
  expect(result.current.state).toEqual({ phase: 'uploading', file, percent: 100 });

  act(() => xhr.reply(200, { data: added }));
  await waitFor(() => expect(result.current.state).toEqual({ phase: 'done', file, result: added }));
  expect(result.current.uploading).toBe(false);
  expect(onSuccess).toHaveBeenCalledWith(added, file);
});

test('a server refusal shows its message and keeps the file, which can be sent again', async () => {
  const onError = jest.fn();
  const onSuccess = jest.fn();
  const { result } = leadsUpload({ onError, onSuccess });
  const file = new File(['first,last\n'], 'people.csv', { type: 'text/csv' });
  act(() => result.current.pick(file));
  const message = 'The first line must name the columns, with at least "name" and "phone"';
  act(() => FakeXhr.last!.reply(400, { type: 'BadRequest', message }));
  await waitFor(() => expect(result.current.state).toEqual({ phase: 'failed', file, error: message }));
  expect(onError).toHaveBeenCalledTimes(1);
  expect(onSuccess).not.toHaveBeenCalled();

  act(() => result.current.retry());
  const again = FakeXhr.last!;
  expect(again.body!.get('file')).toBe(file);
  expect(result.current.state).toEqual({ phase: 'uploading', file, percent: 0 });
  act(() => again.reply(200, { data: added }));
  await waitFor(() => expect(result.current.state).toEqual({ phase: 'done', file, result: added }));
  expect(onSuccess).toHaveBeenCalledWith(added, file);
});

test('leaving cancels an upload on its way, and nobody is told of it', async () => {
  const onError = jest.fn();
  const { result, unmount } = leadsUpload({ onError });
  act(() => result.current.pick(new File(['name,phone\n'], 'leads.csv', { type: 'text/csv' })));
  const xhr = FakeXhr.last!;
  unmount();
  expect(xhr.aborted).toBe(true);
  await act(async () => {});
  expect(onError).not.toHaveBeenCalled();
});
