import type { Role } from './roles';

/** Which app renders a route: the host itself or one of the three remotes. */
export type RouteOwner = 'host' | 'userDashboard' | 'agentSoftphone' | 'admin';

export interface AppRoute {
  /** react-router pattern, without the leading slash, as the route table spells it. */
  path: string;
  /** null: no guard (the route is public). */
  roles: readonly Role[] | null;
  owner: RouteOwner;
  /** Name of the screen the owner exposes for this route. */
  screen: string;
  /** Menu/breadcrumb label. */
  title: string;
}

const USER = ['USER'] as const;
const AGENT = ['AGENT'] as const;
const ADMIN = ['ADMINISTRATOR'] as const;
const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'] as const;

/** Every route, the roles allowed and the app that owns it. */
export const APP_ROUTES = [
  { path: 'auth/login', roles: null, owner: 'host', screen: 'Login', title: 'Sign in' },
  { path: 'auth/login/role', roles: null, owner: 'host', screen: 'LoginRole', title: 'Choose your role' },
  { path: 'auth/register', roles: null, owner: 'host', screen: 'Register', title: 'Create account' },
  { path: 'auth/two-step', roles: null, owner: 'host', screen: 'TwoStep', title: 'Two-step verification' },
  { path: 'auth/forgot-password', roles: null, owner: 'host', screen: 'ForgotPassword', title: 'Forgot password' },
  { path: 'auth/reset-password/:id', roles: null, owner: 'host', screen: 'ResetPassword', title: 'Reset password' },
  { path: 'auth/verify-email', roles: null, owner: 'host', screen: 'VerifyEmail', title: 'Verify email' },
  { path: 'restricted', roles: null, owner: 'host', screen: 'Restricted', title: 'Restricted' },

  { path: 'dashboard/overview', roles: USER, owner: 'userDashboard', screen: 'Overview', title: 'Overview' },
  { path: 'dashboard/ai-call-supports', roles: USER, owner: 'userDashboard', screen: 'AiCallSupports', title: 'AI Call Supports' },
  { path: 'dashboard/ai-call-supports/create', roles: USER, owner: 'userDashboard', screen: 'AiCallSupportCreate', title: 'Create AI Call Support' },
  { path: 'dashboard/ai-call-supports/create/success', roles: USER, owner: 'userDashboard', screen: 'AiCallSupportCreated', title: 'AI Call Support created' },
  { path: 'dashboard/ai-call-supports/edit/:id', roles: USER, owner: 'userDashboard', screen: 'AiCallSupportEdit', title: 'Edit AI Call Support' },
  { path: 'dashboard/calls/:id/conversation', roles: USER, owner: 'userDashboard', screen: 'CallConversation', title: 'Conversation' },
  { path: 'dashboard/calendar', roles: USER, owner: 'userDashboard', screen: 'Calendar', title: 'Calendar' },
  { path: 'dashboard/live-desk', roles: USER, owner: 'userDashboard', screen: 'LiveDesk', title: 'Live desk' },
  { path: 'dashboard/reports/call-logs', roles: USER, owner: 'userDashboard', screen: 'CallLogsReport', title: 'Call Logs' },
  { path: 'dashboard/reports/appointments', roles: USER, owner: 'userDashboard', screen: 'AppointmentsReport', title: 'Appointments' },
  { path: 'dashboard/reports/summary', roles: USER, owner: 'userDashboard', screen: 'SummaryReport', title: 'Summary' },
  { path: 'dashboard/reports/desk', roles: USER, owner: 'userDashboard', screen: 'DeskReport', title: 'Desk' },
  { path: 'dashboard/support-desk', roles: USER, owner: 'userDashboard', screen: 'SupportDesk', title: 'Support Desk' },
  { path: 'dashboard/account/profile', roles: ALL, owner: 'host', screen: 'AccountProfile', title: 'Profile' },
  { path: 'dashboard/account/business', roles: USER, owner: 'userDashboard', screen: 'AccountBusiness', title: 'Business' },
  { path: 'dashboard/account/overview', roles: ALL, owner: 'host', screen: 'AccountOverview', title: 'Account Overview' },
  { path: 'dashboard/account/preferences', roles: USER, owner: 'userDashboard', screen: 'AccountPreferences', title: 'Preferences' },
  { path: 'dashboard/account/security', roles: ALL, owner: 'host', screen: 'AccountSecurity', title: 'Security' },
  { path: 'dashboard/account/api-integration', roles: USER, owner: 'userDashboard', screen: 'ApiIntegration', title: 'API Integration' },
  // Not in the spec's route table: the CRM and calendar integrations the spec offers (docs/decisions/0018).
  { path: 'dashboard/account/integrations', roles: USER, owner: 'userDashboard', screen: 'Integrations', title: 'Integrations' },
  { path: 'dashboard/billing-information', roles: USER, owner: 'userDashboard', screen: 'BillingInformation', title: 'Billing Information' },
  { path: 'dashboard/subscription-plans', roles: USER, owner: 'userDashboard', screen: 'SubscriptionPlans', title: 'Subscription Plans' },
  { path: 'dashboard/subscription-plans/success', roles: USER, owner: 'userDashboard', screen: 'SubscriptionSuccess', title: 'Payment confirmation' },
  { path: 'dashboard/subscription-plans/cancel', roles: USER, owner: 'userDashboard', screen: 'SubscriptionCancel', title: 'Checkout cancelled' },
  { path: 'dashboard/agent-call-logs', roles: AGENT, owner: 'agentSoftphone', screen: 'AgentCallLogs', title: 'Call Logs' },
  { path: 'dashboard/messages', roles: AGENT, owner: 'agentSoftphone', screen: 'Messages', title: 'Messages' },
  { path: 'dashboard/dialer-setting', roles: AGENT, owner: 'agentSoftphone', screen: 'DialerSetting', title: 'Dialer Setting' },
  { path: 'admin/account-list', roles: ADMIN, owner: 'admin', screen: 'AccountList', title: 'Accounts' },
  { path: 'admin/account/edit/:id', roles: ADMIN, owner: 'admin', screen: 'AccountEdit', title: 'Edit Account' },
  { path: 'admin/ai-clients', roles: ADMIN, owner: 'admin', screen: 'AiClients', title: 'Ai Clients' },
  // Not in the spec's route table, but the target of the AI clients screen's Edit action.
  { path: 'admin/ai-client/edit/:id', roles: ADMIN, owner: 'admin', screen: 'AiClientEdit', title: 'Edit Ai Client' },
] as const satisfies readonly AppRoute[];

export type AppRoutePath = (typeof APP_ROUTES)[number]['path'];

/** Where each role lands after signing in (its first screen). */
export const HOME_BY_ROLE: Record<Role, string> = {
  USER: '/dashboard/overview',
  AGENT: '/dashboard/agent-call-logs',
  ADMINISTRATOR: '/admin/account-list',
};

export const isRoleAllowed = (route: Pick<AppRoute, 'roles'>, role: Role | undefined): boolean =>
  route.roles === null || (role !== undefined && route.roles.includes(role));
