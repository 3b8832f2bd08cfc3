const KEY = 'returnPath';

/**
 * The page a signed-out visitor was sent away from (a session that expired, a link opened while
 * signed out), to go back to once signed in. Per tab, like the page itself.
 */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode, quota): signing in goes to the home page instead.
  }
}

/** The remembered page, forgotten as it is read. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path;
  } catch {
    return null;
  }
}
