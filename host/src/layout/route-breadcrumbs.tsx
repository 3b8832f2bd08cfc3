import { useLocation } from 'react-router-dom';
import type { Role } from 'shared-contracts';
import { Breadcrumbs } from 'shared-ui';
import { ROUTED } from '../app/route-table';
import { breadcrumbsFor } from './breadcrumb-items';

export function RouteBreadcrumbs({ role }: { role: Role }) {
  const { pathname } = useLocation();
  return <Breadcrumbs items={breadcrumbsFor(pathname, role, ROUTED)} />;
}
