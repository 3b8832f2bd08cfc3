import { act, fireEvent, renderHook } from '@testing-library/react';
import { resetAuth, setSessionUser, setToken } from '../auth/auth-actions';
import { configureRuntime } from '../runtime-config';
import { makeUser, ok, resetAuthStore, stubFetch } from '../testing';
import { authStore } from '../store';
import { sessionUserAtom } from '../auth/auth-atoms';
import { ACTIVITY_REPORT_MS, useActivityKeepalive } from './activity-keepalive';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn() }));

beforeEach(() => {
  jest.useFakeTimers();
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
});
afterEach(() => jest.useRealTimers());

const sessionChecks = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/v1/auth/session-user').length;

test('while a signed-in person types, the session hears of it once a minute; with no keys or clicks it hears nothing', async () => {
  const user = makeUser();
  const { requests } = stubFetch(() => ok(user));
  setToken('tok');
  setSessionUser(user);
  renderHook(() => useActivityKeepalive());

  act(() => jest.advanceTimersByTime(ACTIVITY_REPORT_MS * 3));
  expect(sessionChecks(requests)).toBe(0);

  for (let i = 0; i < 20; i += 1) fireEvent.keyDown(window, { key: 'a' });
  await act(async () => { jest.advanceTimersByTime(ACTIVITY_REPORT_MS); });
  expect(sessionChecks(requests)).toBe(1);
  await act(async () => { jest.advanceTimersByTime(ACTIVITY_REPORT_MS); });
  expect(sessionChecks(requests)).toBe(1);

  fireEvent.pointerDown(window);
  await act(async () => { jest.advanceTimersByTime(ACTIVITY_REPORT_MS); });
  expect(sessionChecks(requests)).toBe(2);
});

test('a session that ended on the server meanwhile signs the page out', async () => {
  stubFetch(() => ok(null));
  setToken('tok');
  setSessionUser(makeUser());
  renderHook(() => useActivityKeepalive());
  fireEvent.keyDown(window, { key: 'a' });
  await act(async () => { jest.advanceTimersByTime(ACTIVITY_REPORT_MS); });
  expect(authStore.get(sessionUserAtom)).toBeNull();
});

test('signed out, nothing is reported', () => {
  const { requests } = stubFetch(() => ok(null));
  resetAuth();
  renderHook(() => useActivityKeepalive());
  fireEvent.keyDown(window, { key: 'a' });
  act(() => jest.advanceTimersByTime(ACTIVITY_REPORT_MS * 2));
  expect(sessionChecks(requests)).toBe(0);
});
