import '../test/test-env';
import { ROUTED } from '../app/route-table';
import { menuFor, selectedMenuPath } from './menu-items';

const routes = ROUTED;
const ACCOUNT_PAGES = ['/dashboard/account/profile', '/dashboard/account/overview', '/dashboard/account/security'];
const paths = (items: ReturnType<typeof menuFor>) =>
  items.flatMap((item) => ('children' in item ? item.children : [item])).map((entry) => entry.path);

test('a role sees its own routes without params, auth pages or sub-pages', () => {
  const user = paths(menuFor('USER', routes));
  expect(user).toContain('/dashboard/overview');
  expect(user).toContain('/dashboard/ai-call-supports');
  expect(user).toContain('/dashboard/reports/call-logs');
  expect(user).not.toContain('/dashboard/ai-call-supports/create');
  expect(user).not.toContain('/dashboard/ai-call-supports/create/success');
  expect(user).not.toContain('/dashboard/subscription-plans/success');
  expect(user.some((path) => path.includes(':') || path.startsWith('/auth') || path === '/restricted')).toBe(false);
  expect(user).not.toContain('/dashboard/messages');

  expect(paths(menuFor('ADMINISTRATOR', routes))).toEqual(['/admin/account-list', '/admin/ai-clients', ...ACCOUNT_PAGES]);
  expect(paths(menuFor('AGENT', routes))).toEqual(
    expect.arrayContaining(['/dashboard/agent-call-logs', '/dashboard/messages', '/dashboard/dialer-setting', ...ACCOUNT_PAGES]),
  );
  expect(user).toEqual(expect.arrayContaining(ACCOUNT_PAGES));
});

test("a role's own pages come first and its account closes the menu", () => {
  const titles = (role: Parameters<typeof menuFor>[0]) => menuFor(role, routes).map((item) => item.title);
  expect(titles('AGENT')).toEqual(['Call Logs', 'Messages', 'Dialer Setting', 'Account']);
  expect(titles('ADMINISTRATOR')).toEqual(['Accounts', 'Ai Clients', 'Account']);
  expect(titles('USER').at(-1)).toBe('Account');
});

test('three-segment routes are grouped under their section', () => {
  const groups = menuFor('USER', routes).filter((item) => 'children' in item);
  expect(groups.map((group) => group.title)).toEqual(['Reports', 'Account']);
});

test('a sub-page highlights its parent entry', () => {
  const items = menuFor('USER', routes);
  expect(selectedMenuPath('/dashboard/ai-call-supports/create/success', items)).toBe('/dashboard/ai-call-supports');
  expect(selectedMenuPath('/dashboard/overview', items)).toBe('/dashboard/overview');
  expect(selectedMenuPath('/elsewhere', items)).toBeUndefined();
});
