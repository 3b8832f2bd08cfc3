import { expect, test } from '@playwright/test';
import { apiToken, bearer } from '../support/admin-api';
import { API_URL } from '../support/ports';
import { NEW_USER_PASSWORD, registerVerifiedAgent, registerVerifiedUser } from '../support/new-user';
import { DEMO, signIn, storedToken } from '../support/session';

const ADMIN_ROUTES = (accountId: string, clientId: string) => [
  '/admin/account-list',
  `/admin/account/edit/${accountId}`,
  '/admin/ai-clients',
  `/admin/ai-client/edit/${clientId}`,
];

const ADMIN_CALLS = (accountId: string, clientId: string) => [
  ['POST', 'account/get-all-accounts', {}],
  ['GET', `account/get-account/${accountId}`, undefined],
  ['PATCH', `account/update-account/${accountId}`, { agentCapOverride: 50 }],
  ['GET', `account/get-account-audit/${accountId}`, undefined],
  ['POST', 'ai-client/get-all-clients', {}],
  ['POST', 'ai-client/get-all-clients%20', {}],
  ['POST', 'ai-client/create-ai-client', { type: 'AI Client', client: 'OpenAI', model: 'gpt-4o' }],
  ['GET', `ai-client/get-ai-client/${clientId}`, undefined],
  ['PATCH', `ai-client/update-ai-client/${clientId}`, { purpose: 'Hijacked' }],
  ['DELETE', `ai-client/delete-ai-client/${clientId}`, undefined],
] as const;

// The USER and the AGENT are of accounts of their own: were a refusal missing, the write would land there.
// The AI client is the administrator's (AI clients belong to no account), made here for this test.
test('a USER reaches no admin route and no admin endpoint, and changes nothing', async ({ page, request }) => {
  const [userEmail, agent] = await Promise.all([registerVerifiedUser(request, 'Guarded Dental'), registerVerifiedAgent(request, 'Guarded Agents')]);
  const adminToken = await apiToken(request, DEMO.ADMINISTRATOR);
  const created = await request.post(`${API_URL}/ai-client/create-ai-client`, {
    headers: bearer(adminToken), data: { type: 'AI Client', client: 'Gemini', model: 'gemini-guarded' },
  });
  const clientId = ((await created.json()) as { data: { id: string } }).data.id;

  await signIn(page, userEmail, NEW_USER_PASSWORD);
  const token = await storedToken(page);
  const session = await request.get(`${API_URL}/auth/session-user`, { headers: bearer(token!) });
  const accountId = ((await session.json()) as { data: { accountId: string } }).data.accountId;

  const capOf = async () => {
    const res = await request.get(`${API_URL}/account/get-account/${accountId}`, { headers: bearer(adminToken) });
    return ((await res.json()) as { data: { agentCapOverride: number | null } }).data.agentCapOverride;
  };
  const capBefore = await capOf();

  for (const route of ADMIN_ROUTES(accountId, clientId)) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/restricted$/);
  }

  // From the browser itself, with the USER's own token, as a curious user would try.
  const statuses = await page.evaluate(async ({ api, calls, bearerToken }) => {
    const out: number[] = [];
    for (const [method, path, body] of calls) {
      const res = await fetch(`${api}/${path}`, {
        method,
        headers: { Authorization: `Bearer ${bearerToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      out.push(res.status);
    }
    return out;
  }, { api: API_URL, calls: ADMIN_CALLS(accountId, clientId), bearerToken: token! });
  expect(statuses).toEqual(ADMIN_CALLS(accountId, clientId).map(() => 403));

  const agentToken = await apiToken(request, agent.email, NEW_USER_PASSWORD);
  for (const [method, path, body] of ADMIN_CALLS(accountId, clientId)) {
    const res = await request.fetch(`${API_URL}/${path}`, { method, headers: bearer(agentToken), data: body });
    expect(res.status(), `AGENT ${method} ${path}`).toBe(403);
  }

  const client = await request.get(`${API_URL}/ai-client/get-ai-client/${clientId}`, { headers: bearer(adminToken) });
  expect(((await client.json()) as { data: { purpose: string | null } }).data.purpose).toBeNull();
  expect(await capOf()).toBe(capBefore);
});
