import { useAtomValue } from 'jotai';
import type { SessionUser } from 'shared-contracts';
import { authStore } from '../store';
import { sessionUserAtom, tokenAtom, tokenCheckedAtom } from './auth-atoms';

export interface AuthState {
  sessionUser: SessionUser | null;
  tokenChecked: boolean;
  token: string | null;
}

// The store is passed explicitly so these hooks read the page's one store even in a tree
// (a test, a remote opened alone) that forgot the Provider.
const options = { store: authStore };

export function useSessionUser(): SessionUser | null {
  return useAtomValue(sessionUserAtom, options);
}

export function useAuthState(): AuthState {
  return {
    sessionUser: useAtomValue(sessionUserAtom, options),
    tokenChecked: useAtomValue(tokenCheckedAtom, options),
    token: useAtomValue(tokenAtom, options),
  };
}
