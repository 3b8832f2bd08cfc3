import * as v from 'valibot';
import { allEndpoints, contract } from './index';
import { routePattern, type AnySchema, type EndpointDef } from './endpoint';

const U = ['USER'];
const A = ['AGENT'];
const AD = ['ADMINISTRATOR'];
const ALL = ['USER', 'AGENT', 'ADMINISTRATOR'];
const P = 'public';

/** Every endpoint the product was specified with, row by row (path spelled as there, query strings apart), then the endpoints the product adds. */
const SPEC: Array<[string, string, string[] | typeof P]> = [
  ['GET', 'auth/session-user', P],
  ['POST', '/auth/login', P],
  ['POST', '/auth/login/google', P],
  ['POST', '/auth/send2FACode', P],
  ['POST', '/auth/verify2FACode', P],
  ['POST', '/auth/register', P],
  ['GET', '/auth/verify-email', P],
  ['POST', '/auth/resend-verification', P],
  ['POST', '/auth/change-password', ALL],
  ['POST', '/auth/forget-password', P],
  ['POST', '/auth/reset-password', P],
  ['GET', '/auth/check-allowed-user/{x}', ALL],
  ['GET', 'users/get-current-user/{userId}', ALL],
  ['PATCH', 'users/update-current-user/{userId}', ALL],
  ['GET', 'account/get-account-preferenece/{userId}', U],
  ['PATCH', 'users/update-user-preference/{userId}', U],
  ['GET', 'users/get-security-preference/{userId}', ALL],
  ['PATCH', 'users/update-security-preference/{userId}', ALL],
  ['GET', 'users/get-billing-information/{accountId}', U],
  ['GET', 'account/get-timezones', ALL],
  ['GET', 'account/get-account-overview/{id}', ALL],
  ['POST', 'account/get-all-accounts', AD],
  ['GET', '/account/connections/{accountId}', U],
  ['POST', 'ai-client/get-all-clients ', AD],
  ['POST', 'ai-client/create-ai-client', AD],
  ['GET', 'ai-client/get-ai-clients', ['USER', 'ADMINISTRATOR']],
  ['GET', 'call/get-call-stats/{accountId}', U],
  ['POST', 'conversation/get-conversation-messages/{accountId}', U],
  ['POST', 'call/make-test-call', U],
  ['POST', 'call/generate-token', ['AGENT', 'USER']],
  ['POST', '/call/upload-default-voicemail', A],
  ['GET', 'call/get-dialer-setting', A],
  ['POST', 'call/get-call-logs', U],
  ['POST', 'call/get-agent-call-logs', A],
  ['GET', 'call/get-call-reports/{id}', U],
  ['GET', 'call/get-call/{id}', U],
  ['POST', 'appointment/get-appointments-reports', U],
  ['GET', 'agent/get-agents/{accountId}', U],
  ['GET', 'agent/get-agents-overview/{accountId}', U],
  ['GET', 'agent/get-team', ['USER', 'AGENT']],
  ['POST', 'agent/get-agent-voices', U],
  ['GET', 'agent/get-squareup-locations/{id}', U],
  ['POST', 'agent/create-agent', U],
  ['GET', 'agent/get-agent/{id}', U],
  ['PATCH', 'agent/update-agent/{agentId}', U],
  ['DELETE', 'agent/delete-agent/{id}', U],
  ['POST', 'agent/duplicate-agent', U],
  ['POST', 'campaign/toggle-campaign', U],
  ['GET', 'campaign/get-campaign-leads/{agentId}', U],
  ['POST', 'campaign/add-leads', U],
  ['POST', 'campaign/upload-leads', U],
  ['DELETE', 'campaign/remove-lead/{agentId}/{leadId}', U],
  ['GET', 'company/get-account-business/{id}', U],
  ['POST', 'company/update-business', U],
  ['GET', 'company/get-business-industries', U],
  ['GET', 'integrations', U],
  ['POST', 'integrations/connect', U],
  ['POST', 'integrations/disconnect', U],
  ['POST', '/knowledge/generate-text', U],
  ['POST', 'conversation/get-sms-list/{agentNumber}', A],
  ['POST', 'conversation/get-conversation-sms/{accountId}', A],
  ['POST', 'conversation/send-sms', A],
  // Not in section 7; needed by the product's screens.
  ['POST', '/auth/logout', ALL],
  ['GET', 'ai-client/get-ai-client/{id}', AD],
  ['PATCH', 'ai-client/update-ai-client/{id}', AD],
  ['DELETE', 'ai-client/delete-ai-client/{id}', AD],
  ['POST', 'call/submit-feedback', A],
  ['POST', 'support/create-request', U],
  ['POST', 'support/get-requests', U],
  ['POST', 'api-key/create', U],
  ['GET', 'api-key/list', U],
  ['POST', 'api-key/revoke/{id}', U],
  ['POST', 'billing/create-checkout-session', U],
  ['GET', 'billing/get-checkout-session/{sessionId}', U],
  ['POST', 'billing/create-portal-session', U],
  ['POST', 'billing/cancel-subscription', U],
  ['POST', 'billing/resume-subscription', U],
  ['GET', 'billing/get-usage/{accountId}', U],
  ['GET', 'account/get-account/{id}', AD],
  ['PATCH', 'account/update-account/{id}', AD],
  ['GET', 'account/get-account-audit/{id}', AD],
  ['POST', 'call/rate-call/{id}', U],
  ['GET', 'call/get-call-feedback/{id}', U],
  ['POST', 'call/get-call-summaries', U],
  ['POST', 'call/start-browser-call', U],
  ['GET', 'call/get-incoming-call/{callSid}', A],
  ['GET', 'webhook/list', U],
  ['POST', 'webhook/create', U],
  ['PATCH', 'webhook/{id}', U],
  ['DELETE', 'webhook/{id}', U],
  ['GET', 'webhook/deliveries', U],
  ['POST', 'webhook/test/{id}', U],
  ['POST', 'lead/get-leads', U],
  ['POST', 'lead/create-lead', U],
  ['PATCH', 'lead/update-lead/{id}', U],
  ['POST', 'ai-client/test-ai-client/{id}', AD],
  // Knowing an agent: its tools, tests, traces and versions.
  ['POST', 'agent/try-custom-tool', U],
  ['POST', 'agent/rotate-tool-secret/{agentId}', U],
  ['POST', 'agent/preview-voice', U],
  ['GET', 'agent/get-test-scenarios/{agentId}', U],
  ['POST', 'agent/create-test-scenario/{agentId}', U],
  ['POST', 'agent/add-suggested-test-scenarios/{agentId}', U],
  ['PATCH', 'agent/update-test-scenario/{scenarioId}', U],
  ['DELETE', 'agent/delete-test-scenario/{scenarioId}', U],
  ['POST', 'agent/run-tests/{agentId}', U],
  ['GET', 'agent/get-test-runs/{agentId}', U],
  ['GET', 'agent/get-test-run/{runId}', U],
  ['POST', 'agent/cancel-test-run/{runId}', U],
  ['GET', 'call/get-call-trace/{id}', U],
  ['GET', 'agent/get-agent-versions/{agentId}', U],
  ['GET', 'agent/get-agent-version/{agentId}', U],
  ['POST', 'agent/restore-agent-version/{agentId}', U],
  // The human agents' desk: wrapping up a call.
  ['GET', 'desk/get-setting', ['USER', 'AGENT']],
  ['PATCH', 'desk/update-setting', U],
  ['GET', 'desk/get-pending-wrap-up', A],
  ['POST', 'desk/wrap-up-call', A],
  ['POST', 'desk/get-desk-report', U],
  ['GET', 'desk/get-live-desk', U],
  ['POST', 'desk/hang-up-call', A],
  ['POST', 'desk/hold-call', A],
  ['POST', 'desk/transfer-call', A],
  ['POST', 'desk/consult-colleague', A],
  ['POST', 'desk/complete-transfer', A],
  ['POST', 'desk/cancel-consult', A],
  ['POST', 'desk/supervise-call', U],
  ['POST', 'desk/stop-supervising', U],
  ['POST', 'desk/add-agent', U],
];

/** The public API: what a business integrates with, and nothing that changes sign-in, security, keys or billing. */
const PUBLIC_API = [
  'POST call/get-call-logs', 'GET call/get-call-reports/{id}', 'POST conversation/get-conversation-messages/{accountId}',
  'POST call/get-call-summaries', 'POST call/make-test-call', 'POST lead/get-leads', 'POST lead/create-lead',
  'PATCH lead/update-lead/{id}', 'POST appointment/get-appointments-reports', 'GET agent/get-agents/{accountId}',
  'GET webhook/list', 'POST webhook/create', 'PATCH webhook/{id}', 'DELETE webhook/{id}',
  // Agents and their knowledge, and following a placed call.
  'POST agent/get-agent-voices', 'POST agent/create-agent', 'GET agent/get-agent/{id}', 'PATCH agent/update-agent/{agentId}',
  'DELETE agent/delete-agent/{id}', 'POST agent/duplicate-agent', 'POST /knowledge/generate-text', 'GET call/get-call/{id}',
  // Testing an agent in a business's own CI, reading what happened inside a call, and its versions.
  'GET agent/get-test-scenarios/{agentId}', 'POST agent/create-test-scenario/{agentId}', 'PATCH agent/update-test-scenario/{scenarioId}',
  'DELETE agent/delete-test-scenario/{scenarioId}', 'POST agent/run-tests/{agentId}', 'GET agent/get-test-runs/{agentId}',
  'GET agent/get-test-run/{runId}', 'POST agent/cancel-test-run/{runId}', 'GET call/get-call-trace/{id}',
  'GET agent/get-agent-versions/{agentId}', 'GET agent/get-agent-version/{agentId}',
];

const endpoints = allEndpoints();
const sorted = (roles: EndpointDef['roles']) => (roles === 'public' ? roles : [...roles].sort());
const objectKeys = (schema: AnySchema | undefined): string[] | undefined => {
  let s = schema as unknown as { entries?: Record<string, unknown>; pipe?: unknown[]; options?: unknown[] } | undefined;
  // A piped object (cross-field checks) keeps its object schema first in the pipe.
  if (s?.pipe) s = s.pipe[0] as typeof s;
  if (s?.entries) return Object.keys(s.entries);
  // A variant: the keys of every option.
  if (s?.options) return [...new Set(s.options.flatMap((o) => objectKeys(o as AnySchema) ?? []))];
  return undefined;
};

describe('the contract table', () => {
  test.each(SPEC)('%s %s is declared with its roles', (method, path, roles) => {
    const found = endpoints.filter((e) => e.def.path === path && e.def.method === method);
    expect(found).toHaveLength(1);
    expect(sorted(found[0]!.def.roles)).toEqual(roles === P ? P : [...roles].sort());
  });

  test('the table has exactly these endpoints', () => {
    expect(endpoints.map((e) => `${e.def.method} ${e.def.path}`).sort())
      .toEqual(SPEC.map(([m, p]) => `${m} ${p}`).sort());
  });

  test('the spec\'s spellings are kept: the typo, the trailing space, the leading slashes', () => {
    expect(contract.account.getAccountPreference.path).toBe('account/get-account-preferenece/{userId}');
    expect(contract.aiClient.getAllClients.path).toBe('ai-client/get-all-clients ');
    expect(contract.account.getConnections.path).toBe('/account/connections/{accountId}');
    expect(contract.users.getCurrentUser.path).toBe('users/get-current-user/{userId}');
  });

  test('every path is unique per method after trimming', () => {
    const keys = endpoints.map((e) => `${e.def.method} ${routePattern(e.def)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.each(endpoints.map((e) => [`${e.domain}.${e.key}`, e.def] as const))('%s: every {param} has a params key, and back', (_name, def) => {
    const inPath = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const keys = objectKeys(def.params) ?? [];
    expect(keys.sort()).toEqual(inPath.sort());
  });

  test.each(endpoints.map((e) => [`${e.domain}.${e.key}`, e.def] as const))('%s: every tenant check names a declared field', (_name, def) => {
    for (const check of def.tenant) {
      const keys = objectKeys(def[check.in]);
      expect(keys).toContain(check.key);
    }
  });

  test('every id in a path is tenant-checked (the rest are not ids: x is an email)', () => {
    for (const { def } of endpoints) {
      for (const [, name] of def.path.matchAll(/\{(\w+)\}/g)) {
        if (def.roles === 'public') continue;
        expect(def.tenant.some((c) => c.in === 'params' && c.key === name)).toBe(true);
      }
    }
  });

  test('multipart endpoints declare a file field; GET and DELETE have no body', () => {
    for (const { def } of endpoints) {
      if (def.multipart) expect(objectKeys(def.body)).toEqual(['file']);
      if (def.method === 'GET' || def.method === 'DELETE') expect(def.body).toBeUndefined();
    }
  });

  test('every endpoint has a summary and a response schema', () => {
    for (const { def } of endpoints) {
      expect(def.summary.length).toBeGreaterThan(10);
      expect(typeof (def.response as unknown as { '~run': unknown })['~run']).toBe('function');
    }
  });

  test('API keys may call exactly the public API, each endpoint open to a USER', () => {
    const open = endpoints.filter((e) => e.def.publicApi === true);
    expect(open.map((e) => `${e.def.method} ${e.def.path}`).sort()).toEqual([...PUBLIC_API].sort());
    for (const { domain, def } of open) {
      expect(def.roles).toContain('USER');
      expect(['auth', 'users', 'apiKey', 'billing', 'account']).not.toContain(domain);
    }
  });

  test('paged list endpoints return arrays', () => {
    for (const { def } of endpoints.filter((e) => e.def.paged)) {
      expect(v.safeParse(def.response, []).success).toBe(true);
    }
  });
});
