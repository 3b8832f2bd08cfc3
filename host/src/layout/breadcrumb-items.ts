import { matchPath } from 'react-router-dom';
import { HOME_BY_ROLE } from 'shared-contracts';
import type { AppRoute, Role } from 'shared-contracts';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Dashboard (the role's home), then every route the current one sits under, then the
 * current route's title, unlinked.
 */
export function breadcrumbsFor(pathname: string, role: Role, routes: readonly AppRoute[]): Crumb[] {
  const current = routes.find((route) => matchPath({ path: `/${route.path}`, end: true }, pathname));
  if (!current) return [];
  const patternSegments = current.path.split('/');
  const pathSegments = pathname.replace(/^\//, '').split('/');
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: HOME_BY_ROLE[role] }];
  for (let i = 1; i < patternSegments.length - 1; i += 1) {
    const pattern = patternSegments.slice(0, i + 1).join('/');
    const parent = routes.find((route) => route.path === pattern);
    if (parent) crumbs.push({ label: parent.title, to: `/${pathSegments.slice(0, i + 1).join('/')}` });
  }
  crumbs.push({ label: current.title });
  return crumbs;
}
