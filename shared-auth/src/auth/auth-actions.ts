import type { SessionUser } from 'shared-contracts';
import { authStore } from '../store';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from './auth-atoms';

/** Sets (or clears) the session user; either way the token counts as checked. */
export function setSessionUser(user: SessionUser | null): void {
  authStore.set(sessionUserAtom, user);
  authStore.set(tokenCheckedAtom, true);
}

/** Keeps the token in memory and in local storage under `token`. */
export function setToken(token: string): void {
  authStore.set(tokenAtom, token);
}

/** Marks the token as checked without touching the user (no token to check). */
export function markTokenChecked(): void {
  authStore.set(tokenCheckedAtom, true);
}

/** Signs out on this browser: clears the user and the stored token. Logout is client-side only. */
export function resetAuth(): void {
  authStore.set(sessionUserAtom, null);
  authStore.set(tokenCheckedAtom, true);
  authStore.set(tokenAtom, null);
}

/** Updates the session user's time zone; does nothing while nobody is signed in. */
export function setTimeZone(timeZone: string): void {
  const user = authStore.get(sessionUserAtom);
  if (user) authStore.set(sessionUserAtom, { ...user, timeZone });
}
