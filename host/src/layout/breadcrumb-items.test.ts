import '../test/test-env';
import { APP_ROUTES } from 'shared-contracts';
import type { AppRoute } from 'shared-contracts';
import { breadcrumbsFor } from './breadcrumb-items';

const routes = APP_ROUTES as readonly AppRoute[];

test('Dashboard leads to the role home and the current page is unlinked', () => {
  expect(breadcrumbsFor('/admin/ai-clients', 'ADMINISTRATOR', routes)).toEqual([
    { label: 'Dashboard', to: '/admin/account-list' },
    { label: 'Ai Clients' },
  ]);
});

test('parent routes in between are linked with the real path', () => {
  expect(breadcrumbsFor('/dashboard/ai-call-supports/create/success', 'USER', routes)).toEqual([
    { label: 'Dashboard', to: '/dashboard/overview' },
    { label: 'AI Call Supports', to: '/dashboard/ai-call-supports' },
    { label: 'Create AI Call Support', to: '/dashboard/ai-call-supports/create' },
    { label: 'AI Call Support created' },
  ]);
  expect(breadcrumbsFor('/dashboard/ai-call-supports/edit/42', 'USER', routes).at(-1)).toEqual({ label: 'Edit AI Call Support' });
});

test('an unknown path has no breadcrumbs', () => {
  expect(breadcrumbsFor('/nowhere', 'USER', routes)).toEqual([]);
});
