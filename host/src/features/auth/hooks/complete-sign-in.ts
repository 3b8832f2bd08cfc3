import { startTransition } from 'react';
import { matchPath, useNavigate } from 'react-router-dom';
import { setSessionUser, setToken, takeReturnPath } from 'shared-auth';
import { APP_ROUTES, HOME_BY_ROLE } from 'shared-contracts';
import type { AuthSession, Role } from 'shared-contracts';

/** Whether `path` is a page of the app that `role` may open. */
export function roleMayOpen(path: string, role: Role): boolean {
  const pathname = path.split('?')[0]!;
  return APP_ROUTES.some((route) => (route.roles as readonly Role[] | null)?.includes(role) && matchPath(`/${route.path}`, pathname) !== null);
}

/**
 * Stores the new session and goes back to the page the session was lost on, when this role may
 * open it, else to the role's home: the end of every sign-in path.
 */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return (session: AuthSession) => {
    const back = takeReturnPath();
    // One transition: otherwise the sign-in page renders signed in first and sends the user home.
    startTransition(() => {
      setToken(session.token);
      setSessionUser(session.user);
      navigate(back !== null && roleMayOpen(back, session.user.role) ? back : HOME_BY_ROLE[session.user.role], { replace: true });
    });
  };
}
