import { GOOGLE_DEFAULT_SCOPES } from 'shared-contracts';
import type { GoogleSignInConfig } from './google-config';

/** Where the code flow returns, and the key the anti-forgery state waits under meanwhile. */
export const googleRedirectUri = () => `${window.location.origin}/auth/login`;
export const GOOGLE_STATE_KEY = 'google-sign-in-state';

export const googleScopes = (config: GoogleSignInConfig) =>
  [...new Set([...GOOGLE_DEFAULT_SCOPES, ...config.extraScopes])].join(' ');

export function newGoogleState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(GOOGLE_STATE_KEY, state);
  return state;
}

/** True once for the state this tab sent; a forged or replayed redirect fails. */
export function takeGoogleState(state: string | null): boolean {
  const expected = sessionStorage.getItem(GOOGLE_STATE_KEY);
  sessionStorage.removeItem(GOOGLE_STATE_KEY);
  return expected !== null && state === expected;
}
