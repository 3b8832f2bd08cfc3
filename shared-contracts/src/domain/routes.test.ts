import { APP_ROUTES, HOME_BY_ROLE, isRoleAllowed } from './routes';
import { ROLES } from './roles';

const U = ['USER'];
const A = ['AGENT'];
const AD = ['ADMINISTRATOR'];
const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'];

/** The route table, one row per route; null = no guard. */
const SPEC_ROUTES: Array<[string, string[] | null]> = [
  ['auth/login', null], ['auth/login/role', null], ['auth/register', null], ['auth/two-step', null],
  ['auth/forgot-password', null], ['auth/reset-password/:id', null], ['auth/verify-email', null],
  ['restricted', null],
  ['dashboard/overview', U],
  ['dashboard/ai-call-supports', U], ['dashboard/ai-call-supports/create', U],
  ['dashboard/ai-call-supports/create/success', U], ['dashboard/ai-call-supports/edit/:id', U],
  ['dashboard/calls/:id/conversation', U],
  ['dashboard/calendar', U],
  ['dashboard/reports/call-logs', U], ['dashboard/reports/appointments', U], ['dashboard/reports/summary', U],
  ['dashboard/support-desk', U],
  ['dashboard/account/profile', ALL], ['dashboard/account/business', U], ['dashboard/account/overview', ALL],
  ['dashboard/account/preferences', U], ['dashboard/account/security', ALL], ['dashboard/account/api-integration', U],
  ['dashboard/billing-information', U],
  ['dashboard/subscription-plans', U], ['dashboard/subscription-plans/success', U], ['dashboard/subscription-plans/cancel', U],
  ['dashboard/agent-call-logs', A], ['dashboard/messages', A], ['dashboard/dialer-setting', A],
  ['admin/account-list', AD], ['admin/account/edit/:id', AD], ['admin/ai-clients', AD],
];

describe('APP_ROUTES', () => {
  test.each(SPEC_ROUTES)('%s is present with its roles', (path, roles) => {
    const route = APP_ROUTES.find((r) => r.path === path);
    expect(route).toBeDefined();
    expect(route?.roles === null ? null : [...route!.roles].sort()).toEqual(roles === null ? null : [...roles].sort());
  });

  test('the AI client edit target exists for administrators only', () => {
    const route = APP_ROUTES.find((r) => r.path === 'admin/ai-client/edit/:id');
    expect(route?.roles).toEqual(['ADMINISTRATOR']);
  });

  test('every route is listed once, and only spec routes plus the edit target, the integrations screen and the desk\'s two pages', () => {
    const paths = APP_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual([
      ...SPEC_ROUTES.map(([p]) => p), 'admin/ai-client/edit/:id', 'dashboard/account/integrations', 'dashboard/reports/desk', 'dashboard/live-desk',
    ].sort());
  });

  test('the desk report (among the reports) and the live desk are USER pages of the user dashboard', () => {
    const report = APP_ROUTES.find((r) => r.path === 'dashboard/reports/desk');
    expect([report?.roles, report?.owner, report?.screen, report?.title]).toEqual([['USER'], 'userDashboard', 'DeskReport', 'Desk']);
    const board = APP_ROUTES.find((r) => r.path === 'dashboard/live-desk');
    expect([board?.roles, board?.owner, board?.screen, board?.title]).toEqual([['USER'], 'userDashboard', 'LiveDesk', 'Live desk']);
  });

  test('the integrations screen is a USER page of the user dashboard', () => {
    const route = APP_ROUTES.find((r) => r.path === 'dashboard/account/integrations');
    expect([route?.roles, route?.owner, route?.screen]).toEqual([['USER'], 'userDashboard', 'Integrations']);
  });

  test('owners match the roles: agent pages in the softphone remote, admin pages in the admin remote', () => {
    for (const r of APP_ROUTES) {
      if (r.roles === null) expect(r.owner).toBe('host');
      else if (r.path.startsWith('admin/')) expect(r.owner).toBe('admin');
      else if (r.roles.length === 1 && r.roles[0] === 'AGENT') expect(r.owner).toBe('agentSoftphone');
    }
  });

  test('each role lands on a route it may see', () => {
    for (const role of ROLES) {
      const route = APP_ROUTES.find((r) => `/${r.path}` === HOME_BY_ROLE[role]);
      expect(route && isRoleAllowed(route, role)).toBe(true);
    }
  });
});

describe('isRoleAllowed', () => {
  test('an unguarded route is open to anyone, signed in or not', () => {
    expect(isRoleAllowed({ roles: null }, undefined)).toBe(true);
    expect(isRoleAllowed({ roles: null }, 'AGENT')).toBe(true);
  });
  test('a guarded route needs a listed role', () => {
    expect(isRoleAllowed({ roles: ['USER'] }, 'USER')).toBe(true);
    expect(isRoleAllowed({ roles: ['USER'] }, 'AGENT')).toBe(false);
    expect(isRoleAllowed({ roles: ['USER'] }, 'ADMINISTRATOR')).toBe(false);
    expect(isRoleAllowed({ roles: ['USER', 'AGENT', 'ADMINISTRATOR'] }, 'AGENT')).toBe(true);
  });
  test('no role (no session user) is refused by a guarded route', () =>
    expect(isRoleAllowed({ roles: ['USER'] }, undefined)).toBe(false));
});
