import { atom } from 'jotai';
import type { SessionUser } from 'shared-contracts';
import { readStoredToken, writeStoredToken } from './token-storage';

/** The signed-in user, or null. */
export const sessionUserAtom = atom<SessionUser | null>(null);

/** Whether the stored browser token has been checked against the server yet. */
export const tokenCheckedAtom = atom(false);

// `undefined` until first written: the stored token is then read lazily on first use,
// so importing this module never touches storage.
const tokenValueAtom = atom<string | null | undefined>(undefined);

/** The bearer token; its initial value is the one stored under the `token` key. */
export const tokenAtom = atom(
  (get) => {
    const value = get(tokenValueAtom);
    return value === undefined ? readStoredToken() : value;
  },
  (_get, set, token: string | null) => {
    writeStoredToken(token);
    set(tokenValueAtom, token);
  },
);
