import { useNavigate } from 'react-router-dom';
import { setSessionUser, setToken } from 'shared-auth';
import { HOME_BY_ROLE } from 'shared-contracts';
import type { AuthSession } from 'shared-contracts';

/** Stores the new session and goes to the role's home: the end of every sign-in path. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (session: AuthSession) => {
    setToken(session.token);
    setSessionUser(session.user);
    navigate(HOME_BY_ROLE[session.user.role], { replace: true });
  };
}
