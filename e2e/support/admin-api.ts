import { expect, type APIRequestContext } from '@playwright/test';
import { API_URL } from './ports';
import { DEMO_PASSWORD } from './session';

/** Signs in over the API (no browser) and returns the bearer token. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post(`${API_URL}/auth/login`, { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign-in of ${email}`).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
