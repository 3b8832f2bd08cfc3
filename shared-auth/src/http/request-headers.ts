import { tokenAtom } from '../auth/auth-atoms';
import { authStore } from '../store';

/** What every API request carries: JSON wanted, and the stored token when there is one. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = authStore.get(tokenAtom);
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
