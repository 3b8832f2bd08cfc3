import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setToken } from '../auth/auth-actions';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from '../auth/auth-atoms';
import { configureRuntime } from '../runtime-config';
import { authStore } from '../store';
import { inTurn, makeUser, ok, resetAuthStore, stubFetch } from '../testing';
import { useTokenCheck } from './use-token-check';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

beforeEach(() => {
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
});

test('with no token it only marks the token checked', () => {
  const { requests } = stubFetch();
  renderHook(() => useTokenCheck(), { wrapper });
  expect(authStore.get(tokenCheckedAtom)).toBe(true);
  expect(requests).toHaveLength(0);
});

test('with a token it loads the session user from auth/session-user', async () => {
  const user = makeUser();
  setToken('tok');
  const { requests } = stubFetch(() => ok(user));
  renderHook(() => useTokenCheck(), { wrapper });
  await waitFor(() => expect(authStore.get(sessionUserAtom)).toEqual(user));
  expect(authStore.get(tokenCheckedAtom)).toBe(true);
  expect(requests[0]!.url.href).toBe('https://api.test/v1/auth/session-user');
});

test('a null session user clears the session', async () => {
  setToken('stale');
  stubFetch(() => ok(null));
  renderHook(() => useTokenCheck(), { wrapper });
  await waitFor(() => expect(authStore.get(tokenCheckedAtom)).toBe(true));
  expect(authStore.get(tokenAtom)).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});

test('a failed token check clears the session', async () => {
  setToken('tok');
  stubFetch(inTurn(new TypeError('Failed to fetch')));
  renderHook(() => useTokenCheck(), { wrapper });
  await waitFor(() => expect(authStore.get(tokenCheckedAtom)).toBe(true));
  expect(authStore.get(sessionUserAtom)).toBeNull();
  expect(authStore.get(tokenAtom)).toBeNull();
});
