import type { AuthSession } from 'shared-contracts';

/** The password of every demo user (README's table) and of the users test factories make. */
export const DEMO_PASSWORD = 'Demo1234!';

export type SignedIn = AuthSession;

/**
 * Signs in over the API with email and password, as a script would (no browser).
 * `apiUrl` is the versioned API root, e.g. http://127.0.0.1:4000/v1.
 */
export async function signIn(apiUrl: string, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await fetch(`${apiUrl.replace(/\/$/, '')}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-in as ${email} was refused: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: SignedIn }).data;
}
