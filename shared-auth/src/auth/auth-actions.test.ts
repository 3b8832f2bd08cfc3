import { authStore } from '../store';
import { makeUser, resetAuthStore } from '../testing';
import { resetAuth, setSessionUser, setTimeZone, setToken } from './auth-actions';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from './auth-atoms';

beforeEach(resetAuthStore);

test('setting the session user marks the token as checked', () => {
  const user = makeUser();
  setSessionUser(user);
  expect(authStore.get(sessionUserAtom)).toEqual(user);
  expect(authStore.get(tokenCheckedAtom)).toBe(true);
});

test('setting the token stores it in local storage under "token"', () => {
  setToken('abc.def');
  expect(authStore.get(tokenAtom)).toBe('abc.def');
  expect(localStorage.getItem('token')).toBe('abc.def');
});

test('resetting auth clears the user, marks the token checked and removes the stored token', () => {
  setToken('abc.def');
  setSessionUser(makeUser());
  authStore.set(tokenCheckedAtom, false);
  resetAuth();
  expect(authStore.get(sessionUserAtom)).toBeNull();
  expect(authStore.get(tokenCheckedAtom)).toBe(true);
  expect(authStore.get(tokenAtom)).toBeNull();
  expect(localStorage.getItem('token')).toBeNull();
});

test('the time zone changes only when a session user exists', () => {
  setTimeZone('Europe/Paris');
  expect(authStore.get(sessionUserAtom)).toBeNull();
  setSessionUser(makeUser({ timeZone: 'UTC' }));
  setTimeZone('Europe/Paris');
  expect(authStore.get(sessionUserAtom)?.timeZone).toBe('Europe/Paris');
});

test('the token atom starts from the stored token', async () => {
  localStorage.setItem('token', 'stored-token');
  // A fresh module graph is a fresh page load.
  await jest.isolateModulesAsync(async () => {
    const { authStore: freshStore } = await import('../store');
    const { tokenAtom: freshToken } = await import('./auth-atoms');
    expect(freshStore.get(freshToken)).toBe('stored-token');
  });
});
