import type { SessionUser } from 'shared-contracts';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from '../auth/auth-atoms';
import { authStore } from '../store';

let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

/** A session user of a fresh account; an AGENT has the number it calls from. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const role = overrides.role ?? 'USER';
  return {
    id: uuid(), accountId: uuid(), email: `user${seq}@example.com`, role,
    firstName: 'Ada', lastName: 'Lovelace', agentNumber: role === 'AGENT' ? '+15551239999' : null,
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
