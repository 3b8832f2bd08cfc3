import type { SessionUser } from 'shared-contracts';
import { authStore } from '../store';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from '../auth/auth-atoms';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: uuid(),
    accountId: uuid(),
    email: `user${seq}@example.com`,
    role: 'USER',
    firstName: 'Ada',
    lastName: 'Lovelace',
    agentNumber: null,
    timeZone: 'America/New_York',
    ...overrides,
  };
}

/** Back to a fresh page: nobody signed in, token not checked, nothing stored. */
export function resetAuthStore(): void {
  localStorage.clear();
  authStore.set(sessionUserAtom, null);
  authStore.set(tokenAtom, null);
  authStore.set(tokenCheckedAtom, false);
}

/** A minimal fetch Response at the network boundary (jsdom has no fetch). */
export function jsonResponse(body: unknown, status = 200): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
}

export function stubFetch(...responses: Array<Response | Error>) {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
