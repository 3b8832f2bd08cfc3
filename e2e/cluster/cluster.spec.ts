import { randomUUID } from 'node:crypto';
import { api, DEMO_PASSWORD, openSocket, request, signIn } from './client';
import { expect, test } from './fixtures';
import { API_ORIGIN, CLUSTER_PORTS, HOST_ORIGIN } from './topology';

const requestsLogged = (log: string, path: string) => log.split('\n').filter((line) => line.includes(`"url":"${path}`)).length;

test.describe('the product behind the load balancer', () => {
  test('sign-in works through the load balancer, which shares requests between both instances', async ({ cluster }) => {
    const before = cluster.apis.map((a) => requestsLogged(a.log(), '/v1/auth/login'));
    for (let i = 0; i < 6; i += 1) await signIn('user@demo.test');
    const served = cluster.apis.map((a, i) => requestsLogged(a.log(), '/v1/auth/login') - before[i]!);
    expect(served[0]! + served[1]!).toBe(6);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
  });

  test('a realtime event raised on either instance reaches a socket held through the load balancer', async ({ cluster }) => {
    const { token: userToken, user } = await signIn('user@demo.test');
    const { token: agentToken, user: agent } = await signIn('agent@demo.test');
    const watcher = await openSocket(user.accountId, userToken);
    // The agent's status is changed once on each instance: the watcher's socket is held by one of
    // them, so one of the two events crosses between instances (through Redis).
    for (const [index, status] of [[0, 'busy'], [1, 'available']] as const) {
      const agentSocket = await openSocket(agent.accountId, agentToken, cluster.apiOrigin(index));
      agentSocket.send({ type: 'UPDATE_STATUS', agentId: agent.id, status });
      const event = await watcher.next((m) => m.type === 'STATUS_UPDATED' && m.agentId === agent.id && m.status === status);
      expect(event).toMatchObject({ type: 'STATUS_UPDATED', agentId: agent.id, status });
      agentSocket.close();
    }
    watcher.close();
  });

  test('a logout on one instance refuses the token on the other at once', async ({ cluster }) => {
    const { token } = await signIn('user@demo.test');
    const logs = (origin: string) => request('POST', api('call/get-call-logs', origin), { token, body: { page: 1, limit: 10 } });
    // Both instances have just accepted the token (and remember it).
    expect((await logs(cluster.apiOrigin(0))).status).toBe(200);
    expect((await logs(cluster.apiOrigin(1))).status).toBe(200);
    expect((await request('POST', api('auth/logout', cluster.apiOrigin(0)), { token })).status).toBe(200);
    // The other instance hears of it through Redis, within the few milliseconds that takes.
    await expect.poll(async () => (await logs(cluster.apiOrigin(1))).status, { timeout: 250, intervals: [10, 25, 50] }).toBe(401);
    for (let i = 0; i < 4; i += 1) expect((await logs(API_ORIGIN)).status).toBe(401);
  });

  test('per-address sign-in limits count the real client address, whatever X-Forwarded-For it sends', async () => {
    // Failed sign-ins from one client address, each claiming another address in its own header.
    const attempt = (localAddress: string) => request('POST', api('auth/login'), {
      localAddress,
      headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` },
      body: { email: `nobody-${randomUUID()}@example.com`, password: DEMO_PASSWORD },
    });
    let refused = 0;
    for (let i = 0; i < 101; i += 1) {
      const res = await attempt('127.0.0.2');
      if (res.status === 429) refused += 1;
      else expect(res.status).toBe(401);
    }
    expect(refused).toBe(1);
    // Another client is not held back by the first one's failures (nor is the load balancer's address).
    expect((await attempt('127.0.0.3')).status).toBe(401);
    expect((await request('POST', api('auth/login'), { localAddress: '127.0.0.3', body: { email: 'user@demo.test', password: DEMO_PASSWORD } })).status).toBe(200);
  });

  test('no development route answers in production', async () => {
    for (const [method, path] of [['GET', 'dev/outbox'], ['POST', 'telephony/simulator/inbound-sms'], ['GET', 'billing/simulator/checkout/x']] as const) {
      expect((await request(method, api(path))).status, `${method} ${path}`).toBe(404);
    }
  });
});

test.describe('the web apps on nginx', () => {
  test('the host serves the shell on every route, runtime config from the environment, and a CSP naming exactly the API and remotes', async () => {
    const page = await request('GET', `${HOST_ORIGIN}/dashboard/overview`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<div id="root">');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${API_ORIGIN} ${API_ORIGIN.replace('http', 'ws')} http://localhost:${CLUSTER_PORTS.userDashboard}`);
    expect(csp).toContain(`script-src 'self' http://localhost:${CLUSTER_PORTS.userDashboard} http://localhost:${CLUSTER_PORTS.agentSoftphone} http://localhost:${CLUSTER_PORTS.admin}`);
    const config = await request('GET', `${HOST_ORIGIN}/runtime-config.json`);
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.body).toMatchObject({ apiBase: API_ORIGIN, remotes: { admin: `http://localhost:${CLUSTER_PORTS.admin}/remoteEntry.js` } });
    expect((await request('GET', `${HOST_ORIGIN}/missing-file.js`)).status).toBe(404);
  });

  test('a remote serves its entry uncached to the host origin only, and has no fallback page', async () => {
    const origin = `http://localhost:${CLUSTER_PORTS.userDashboard}`;
    const entry = await request('GET', `${origin}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe(HOST_ORIGIN);
    const chunk = /"([\w./-]+\.[0-9a-f]{8}\.js)"/.exec(String(entry.body))?.[1];
    if (chunk !== undefined) expect((await request('GET', `${origin}/${chunk.replace(/^\//, '')}`)).headers['cache-control']).toContain('immutable');
    expect((await request('GET', `${origin}/dashboard/overview`)).status).toBe(404);
  });

  test('a person signs in through the host and works in a remote, with nothing refused by the CSP', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${HOST_ORIGIN}/auth/login`);
    await page.getByLabel('Email').fill('user@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${HOST_ORIGIN}/dashboard/reports/call-logs`);
    await expect(page.getByRole('table')).toBeVisible();
    expect(refused).toEqual([]);
  });
});
