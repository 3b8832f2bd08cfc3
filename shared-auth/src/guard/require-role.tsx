import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from 'shared-contracts';
import { useAuthState } from '../auth/use-auth-state';
import { rememberReturnPath } from './return-path';

export const LOGIN_ROLE_PATH = '/auth/login/role';
export const RESTRICTED_PATH = '/restricted';

export interface RequireRoleProps {
  roles: readonly Role[];
  children: ReactNode;
}

/** The route guard. It is UX only: the server checks every call itself. */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const { sessionUser, tokenChecked } = useAuthState();
  const location = useLocation();
  if (!tokenChecked) return null;
  if (!sessionUser) {
    // Signing in again comes back here (a deliberate logout leaves without passing this guard).
    rememberReturnPath(`${location.pathname}${location.search}`);
    return <Navigate to={LOGIN_ROLE_PATH} replace />;
  }
  if (!roles.includes(sessionUser.role)) return <Navigate to={RESTRICTED_PATH} replace />;
  return <>{children}</>;
}
