import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { answerOutOfDateText, contract, contractFingerprint, extractErrorText } from 'shared-contracts';
import { setSessionUser, setToken } from '../auth/auth-actions';
import { sessionUserAtom, tokenAtom } from '../auth/auth-atoms';
import { configureRuntime } from '../runtime-config';
import { authStore } from '../store';
import { inTurn, makeUser, ok, resetAuthStore, stubFetch } from '../testing';
import { ApiError } from './api-error';
import { REQUEST_TIMEOUT_MS, callApi } from './call-api';

const accountId = '00000000-0000-4000-8000-0000000000aa';

beforeEach(() => {
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test/', wsBase: 'wss://api.test' });
});
afterEach(() => jest.useRealTimers());

test('calls <apiBase>/v1/<path> with the query and a Bearer header, and returns { data }', async () => {
  setToken('tok-1');
  const stats = { total: 1, inbound: 1, outbound: 0, answered: 1, missed: 0, averageDurationSeconds: 30, byDay: [] };
  const { requests } = stubFetch(() => ok(stats));

  const result = await callApi(contract.call.getCallStats, { params: { accountId }, query: { direction: 'inbound' } });

  expect(result).toEqual({ data: stats });
  const [sent] = requests;
  expect(sent!.url.href).toBe(`https://api.test/v1/call/get-call-stats/${accountId}?direction=inbound`);
  expect(sent!.method).toBe('GET');
  expect(sent!.headers.authorization).toBe('Bearer tok-1');
  expect(sent!.body).toBeUndefined();
});

test('sends no Authorization header without a token, and a JSON body for POST', async () => {
  const { requests } = stubFetch(() => ok({ token: 't', user: makeUser() }));
  await callApi(contract.auth.login, { body: { email: 'a@b.co', password: 'pw' } });
  const [sent] = requests;
  expect(sent!.url.href).toBe('https://api.test/v1/auth/login');
  expect(sent!.headers.authorization).toBeUndefined();
  expect(sent!.headers['content-type']).toBe('application/json');
  expect(sent!.body).toEqual({ email: 'a@b.co', password: 'pw' });
});

test('returns data and total for a paged list', async () => {
  stubFetch(() => ok([], 42));
  const result = await callApi(contract.account.getAllAccounts, { body: {} });
  expect(result).toEqual({ data: [], total: 42 });
});

test('a failed response throws an ApiError whose body extractErrorText reads', async () => {
  stubFetch(() => ({ status: 401, body: { type: 'InvalidCredentials', message: 'Wrong email or password', errors: ['Wrong email or password'] } }));
  const error = await callApi(contract.auth.login, { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).data).toMatchObject({ type: 'InvalidCredentials' });
  expect(extractErrorText(error)).toBe('Wrong email or password');
});

test('an Unauthorized body shows the session-expired toast and resets auth', async () => {
  render(<SnackbarProvider />);
  setToken('expired');
  setSessionUser(makeUser());
  stubFetch(() => ({ status: 401, body: { type: 'Unauthorized', message: 'Token expired' } }));

  await act(async () => {
    await expect(callApi(contract.agent.getAgents, { params: { accountId } })).rejects.toBeInstanceOf(ApiError);
  });

  expect(await screen.findByText('Session expired, Please login again.')).toBeInTheDocument();
  expect(authStore.get(sessionUserAtom)).toBeNull();
  expect(authStore.get(tokenAtom)).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});

test('a network failure is a FETCH_ERROR', async () => {
  stubFetch(inTurn(new TypeError('Failed to fetch')));
  await expect(callApi(contract.auth.sessionUser)).rejects.toMatchObject({ status: 'FETCH_ERROR' });
});

test('a body that is not JSON is a PARSING_ERROR carrying the HTTP status', async () => {
  stubFetch(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
  await expect(callApi(contract.auth.sessionUser)).rejects.toMatchObject({ status: 'PARSING_ERROR', originalStatus: 502 });
});

test('no answer within 30 s is a TIMEOUT_ERROR', async () => {
  jest.useFakeTimers();
  globalThis.fetch = jest.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
  ) as unknown as typeof fetch;

  const pending = callApi(contract.auth.sessionUser).catch((e: unknown) => e);
  jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
  expect(await pending).toMatchObject({ status: 'TIMEOUT_ERROR' });
});

test('multipart bodies pass through untouched', async () => {
  const { requests } = stubFetch(() => ok(null));
  const form = new FormData();
  form.append('file', new Blob(['x']), 'voicemail.mp3');
  const upload = { method: 'POST', path: '/call/upload-default-voicemail', summary: '', response: contract.auth.sessionUser.response, roles: 'public', tenant: [], multipart: true, body: contract.auth.login.body } as const;
  await callApi(upload, { body: form });
  expect(requests[0]!.body).toBe(form);
  expect(requests[0]!.headers['content-type']).toBeUndefined();
});

describe('contracts built apart', () => {
  const stats = { total: 1, inbound: 1, outbound: 0, answered: 1, missed: 0, averageDurationSeconds: 30, byDay: [] };
  const statsCall = () => callApi(contract.call.getCallStats, { params: { accountId } });

  test('every request names the contract its endpoint was built with', async () => {
    const { requests } = stubFetch(() => ok(stats));
    await statsCall();
    expect(requests[0]!.headers['x-contract']).toBe(contractFingerprint(contract.call.getCallStats));
  });

  test('an answer from a server on the same contract is taken as it is', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => ({ ...ok(stats), headers: { 'X-Contract': contractFingerprint(contract.call.getCallStats) } }));
    await expect(statsCall()).resolves.toEqual({ data: stats });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  test('a renamed field from a server on another contract is an out-of-date error naming the field, with a console line naming both fingerprints', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { inbound, ...renamed } = stats;
    stubFetch(() => ({ ...ok({ ...renamed, inboundCalls: inbound }), headers: { 'X-Contract': 'server0print' } }));
    const error = await statsCall().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(extractErrorText(error)).toBe(answerOutOfDateText('inbound'));
    expect(extractErrorText(error)).toMatch(/^This screen is out of date: reload the page/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(contractFingerprint(contract.call.getCallStats)));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('server0print'));
    warn.mockRestore();
  });

  test('an answer that still fits from a server on another contract is taken', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubFetch(() => ({ ...ok({ ...stats, addedLater: true }), headers: { 'X-Contract': 'server0print' } }));
    await expect(statsCall()).resolves.toMatchObject({ data: { inbound: 1 } });
    warn.mockRestore();
  });
});
