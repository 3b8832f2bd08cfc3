import { matchPath } from 'react-router-dom';
import { APP_ROUTES } from 'shared-contracts';
import type { AppRoute } from 'shared-contracts';

/** Every host-owned screen of the route table. */
export const HOST_SCREENS = [
  'Login', 'LoginRole', 'Register', 'TwoStep', 'ForgotPassword', 'ResetPassword', 'VerifyEmail', 'Restricted',
  'AccountProfile', 'AccountOverview', 'AccountSecurity',
] as const;
export type HostScreen = (typeof HOST_SCREENS)[number];

const isBuiltHostScreen = (screen: string): screen is HostScreen => (HOST_SCREENS as readonly string[]).includes(screen);

/** The routes the router renders: every remote-owned route plus the host screens above. */
export const ROUTED: readonly AppRoute[] = (APP_ROUTES as readonly AppRoute[]).filter(
  (route) => route.owner !== 'host' || isBuiltHostScreen(route.screen),
);

export { isBuiltHostScreen };

/** The route a page at `pathname` renders, if the table has one. */
export const routeAt = (pathname: string): AppRoute | undefined =>
  ROUTED.find((route) => matchPath({ path: `/${route.path}`, end: true }, pathname));
