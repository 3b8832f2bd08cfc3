/** The browser key the bearer token is kept under. */
export const TOKEN_STORAGE_KEY = 'token';

// Storage can throw (privacy modes, quota); a missing token is then the safe answer.
export function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token === null) globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
    else globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Keep the in-memory token; the session simply won't survive a reload.
  }
}
