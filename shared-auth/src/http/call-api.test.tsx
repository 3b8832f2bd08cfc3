import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { contract, extractErrorText } from 'shared-contracts';
import { setSessionUser, setToken } from '../auth/auth-actions';
import { sessionUserAtom, tokenAtom } from '../auth/auth-atoms';
import { configureRuntime } from '../runtime-config';
import { authStore } from '../store';
import { jsonResponse, makeUser, resetAuthStore, stubFetch } from '../test/fixtures';
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
  const fetchMock = stubFetch(jsonResponse({ data: stats }));

  const result = await callApi(contract.call.getCallStats, { params: { accountId }, query: { direction: 'inbound' } });

  expect(result).toEqual({ data: stats });
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe(`https://api.test/v1/call/get-call-stats/${accountId}?direction=inbound`);
  expect(init.method).toBe('GET');
  expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  expect(init.body).toBeUndefined();
});

test('sends no Authorization header without a token, and a JSON body for POST', async () => {
  const fetchMock = stubFetch(jsonResponse({ data: { token: 't', user: makeUser() } }));
  await callApi(contract.auth.login, { body: { email: 'a@b.co', password: 'pw' } });
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('https://api.test/v1/auth/login');
  const headers = init.headers as Record<string, string>;
  expect(headers.Authorization).toBeUndefined();
  expect(headers['Content-Type']).toBe('application/json');
  expect(JSON.parse(init.body as string)).toEqual({ email: 'a@b.co', password: 'pw' });
});

test('returns data and total for a paged list', async () => {
  stubFetch(jsonResponse({ data: [], total: 42 }));
  const result = await callApi(contract.account.getAllAccounts, { body: {} });
  expect(result).toEqual({ data: [], total: 42 });
});

test('a failed response throws an ApiError whose body extractErrorText reads', async () => {
  stubFetch(jsonResponse({ type: 'InvalidCredentials', message: 'Wrong email or password', errors: ['Wrong email or password'] }, 401));
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
  stubFetch(jsonResponse({ type: 'Unauthorized', message: 'Token expired' }, 401));

  await act(async () => {
    await expect(callApi(contract.agent.getAgents, { params: { accountId } })).rejects.toBeInstanceOf(ApiError);
  });

  expect(await screen.findByText('Session expired, Please login again.')).toBeInTheDocument();
  expect(authStore.get(sessionUserAtom)).toBeNull();
  expect(authStore.get(tokenAtom)).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});

test('a network failure is a FETCH_ERROR', async () => {
  stubFetch(new TypeError('Failed to fetch'));
  await expect(callApi(contract.auth.sessionUser)).rejects.toMatchObject({ status: 'FETCH_ERROR' });
});

test('a body that is not JSON is a PARSING_ERROR carrying the HTTP status', async () => {
  stubFetch(jsonResponse('<html>Bad gateway</html>', 502));
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
  const fetchMock = stubFetch(jsonResponse({ data: null }));
  const form = new FormData();
  form.append('file', new Blob(['x']), 'voicemail.mp3');
  const upload = { method: 'POST', path: '/call/upload-default-voicemail', summary: '', response: contract.auth.sessionUser.response, roles: 'public', tenant: [], multipart: true, body: contract.auth.login.body } as const;
  await callApi(upload, { body: form });
  const init = fetchMock.mock.calls[0]![1];
  expect(init.body).toBe(form);
  expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
});
