import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { resetAuth } from 'shared-auth';
import { useSWRConfig } from 'swr';

/** Client-side logout (spec section 4): forget the session and its cached data, then sign in again. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    // One transition, like the router's own navigation: otherwise the signed-out render at
    // the old path comes first and its guard sends the user to /auth/login/role instead.
    startTransition(() => {
      resetAuth();
      navigate('/auth/login', { replace: true });
    });
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate, navigate]);
}
