import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { contract } from 'shared-contracts';
import { callApi, resetAuth } from 'shared-auth';
import { useSWRConfig } from 'swr';

/**
 * Logout: forget the session and its cached data, and also end the session on
 * the server so a copy of the token stops working. The server call is best effort: signing out
 * never waits for it or fails because of it.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    callApi(contract.auth.logout).catch(() => undefined);
    // One transition, like the router's own navigation: otherwise the signed-out render at
    // the old path comes first and its guard sends the user to /auth/login/role instead.
    startTransition(() => {
      resetAuth();
      navigate('/auth/login', { replace: true });
    });
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate, navigate]);
}
