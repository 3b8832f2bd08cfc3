import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from './preloadable';
import type { AppRoute } from 'shared-contracts';
import { isBuiltHostScreen, type HostScreen } from './route-table';

// The host's screens are chunks of their own, so a page loads only its screen: the sign-in pages
// carry no dashboard frame, account screens or component they do not draw. The pages before
// signing in are each a chunk (host/webpack.config.js keeps them self-contained).
const account = () => import(/* webpackChunkName: "account" */ './host-screens-account');

const SCREEN_CODE: Record<HostScreen, () => Promise<ComponentType>> = {
  Login: () => import(/* webpackChunkName: "sign-in" */ '../features/auth/components/login-page').then((m) => m.LoginPage),
  LoginRole: () => import(/* webpackChunkName: "sign-in-role" */ '../features/auth/components/login-role-page').then((m) => m.LoginRolePage),
  TwoStep: () => import(/* webpackChunkName: "two-step" */ '../features/auth/components/two-step-page').then((m) => m.TwoStepPage),
  ForgotPassword: () => import(/* webpackChunkName: "forgot-password" */ '../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ResetPassword: () => import(/* webpackChunkName: "reset-password" */ '../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
  VerifyEmail: () => import(/* webpackChunkName: "verify-email" */ '../features/auth/components/verify-email-page').then((m) => m.VerifyEmailPage),
  Register: () => import(/* webpackChunkName: "register" */ '../features/auth/components/register-page').then((m) => m.RegisterPage),
  Restricted: () => import(/* webpackChunkName: "restricted" */ '../features/restricted/components/restricted-page').then((m) => m.RestrictedPage),
  AccountProfile: () => account().then((m) => m.AccountProfilePage),
  AccountOverview: () => account().then((m) => m.AccountOverviewPage),
  AccountSecurity: () => account().then((m) => m.AccountSecurityPage),
};

export const hostScreens = Object.fromEntries(
  Object.entries(SCREEN_CODE).map(([screen, load]) => [screen, preloadable(load)]),
) as Record<HostScreen, Preloadable>;

/** The frame of every signed-in screen (menu, header, breadcrumbs). */
export const appLayout = preloadable(() => import(/* webpackChunkName: "layout" */ '../layout/app-layout').then((m) => m.AppLayout));

export const notFoundPage = preloadable(() => import(/* webpackChunkName: "not-found" */ '../features/not-found/components/not-found-page').then((m) => m.NotFoundPage));

/**
 * Starts loading the host's code a route's page renders (its screen, if the host owns it,
 * and the frame around a signed-in route), beside the session check rather than after the
 * first render. Settles once all of it is in or has failed; a failure is left for the route's
 * own render to meet.
 */
export function preloadHostCode(route: AppRoute | undefined): Promise<void> {
  const loads: Preloadable[] = [];
  if (route?.owner === 'host' && isBuiltHostScreen(route.screen)) loads.push(hostScreens[route.screen]);
  if (route && route.roles !== null) loads.push(appLayout);
  return Promise.all(loads.map((code) => code.preload().catch(() => undefined))).then(() => undefined);
}
