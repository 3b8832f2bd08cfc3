import { expect, type APIRequestContext } from '@playwright/test';
import { signIn } from 'shared-test-kit';
import { API_URL } from './ports';
import { DEMO, DEMO_PASSWORD } from './session';

/**
 * Signs in over the API (no browser) and returns the bearer token. The fixtures' request context
 * is taken so every API step of a spec reads alike; the sign-in itself is the kit's.
 */
export async function apiToken(_request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  return (await signIn(API_URL, email, password)).token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The account of the user a token belongs to. */
export async function accountIdOf(request: APIRequestContext, token: string): Promise<string> {
  const session = await request.get(`${API_URL}/auth/session-user`, { headers: bearer(token) });
  expect(session.ok(), 'session user').toBeTruthy();
  return ((await session.json()) as { data: { accountId: string } }).data.accountId;
}

/** Edits an account as the administrator does (the admin may edit any account: give it a test's own). */
export async function adminUpdateAccount(request: APIRequestContext, accountId: string, body: Record<string, unknown>): Promise<void> {
  const admin = await apiToken(request, DEMO.ADMINISTRATOR);
  const changed = await request.patch(`${API_URL}/account/update-account/${accountId}`, { headers: bearer(admin), data: body });
  expect(changed.ok(), await changed.text()).toBeTruthy();
}
