import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { RequireRole } from 'shared-auth';
import type { AppRoute } from 'shared-contracts';
import { AccountOverviewPage } from '../features/account/components/account-overview-page';
import { AccountProfilePage } from '../features/account/components/account-profile-page';
import { AccountSecurityPage } from '../features/account/components/account-security-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { LoginRolePage } from '../features/auth/components/login-role-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { TwoStepPage } from '../features/auth/components/two-step-page';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { RestrictedPage } from '../features/restricted/components/restricted-page';
import { RemoteScreen } from '../federation/remote-screen';
import { AppLayout } from '../layout/app-layout';
import { RootShell } from './root-shell';
import { RouteReady } from './route-ready';
import { ROUTED, isBuiltHostScreen } from './route-table';
import type { HostScreen } from './route-table';

const HOST_ELEMENTS: Record<HostScreen, () => ReactNode> = {
  Login: () => <LoginPage />,
  LoginRole: () => <LoginRolePage />,
  Register: () => <RegisterPage />,
  TwoStep: () => <TwoStepPage />,
  ForgotPassword: () => <ForgotPasswordPage />,
  ResetPassword: () => <ResetPasswordPage />,
  VerifyEmail: () => <VerifyEmailPage />,
  Restricted: () => <RestrictedPage />,
  AccountProfile: () => <AccountProfilePage />,
  AccountOverview: () => <AccountOverviewPage />,
  AccountSecurity: () => <AccountSecurityPage />,
};

function screenOf(route: AppRoute): ReactNode {
  if (route.owner === 'host') {
    if (!isBuiltHostScreen(route.screen)) throw new Error(`No host screen ${route.screen}`);
    return (
      <>
        {HOST_ELEMENTS[route.screen]()}
        <RouteReady />
      </>
    );
  }
  // Keyed by path: two routes of one remote must not share a boundary (and its error).
  return <RemoteScreen key={route.path} remote={route.owner} screen={route.screen} />;
}

function toRoute(route: AppRoute): RouteObject {
  const screen = screenOf(route);
  return {
    path: route.path,
    element: route.roles ? <RequireRole roles={route.roles}>{screen}</RequireRole> : screen,
  };
}

const toOverview = <Navigate to="/dashboard/overview" replace />;

/** The whole route tree, built from the route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { index: true, element: toOverview },
      ...ROUTED.filter((route) => route.roles === null).map(toRoute),
      {
        element: <AppLayout />,
        children: [
          { path: 'dashboard', element: toOverview },
          ...ROUTED.filter((route) => route.roles !== null).map(toRoute),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
