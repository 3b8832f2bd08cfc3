import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { contract } from 'shared-contracts';
import { markTokenChecked, resetAuth, setSessionUser } from '../auth/auth-actions';
import { sessionUserAtom, tokenAtom } from '../auth/auth-atoms';
import { callApi } from '../http/call-api';
import { authStore } from '../store';

// One check at a time: quick navigations must not each start their own request.
let inFlight: Promise<void> | null = null;

/** Loads the session user for the stored token, once, if none is loaded yet. */
export function checkToken(): Promise<void> {
  const token = authStore.get(tokenAtom);
  if (!token) {
    markTokenChecked();
    return Promise.resolve();
  }
  if (authStore.get(sessionUserAtom)) return Promise.resolve();
  if (inFlight) return inFlight;

  inFlight = callApi(contract.auth.sessionUser)
    .then(
      ({ data }) => {
        // A sign-in or sign-out while the check ran has the last word.
        if (authStore.get(tokenAtom) !== token) return;
        if (data) setSessionUser(data);
        else resetAuth();
      },
      () => {
        if (authStore.get(tokenAtom) === token) resetAuth();
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** On every path change, check the stored token and load the session user. */
export function useTokenCheck(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void checkToken();
  }, [pathname]);
}
