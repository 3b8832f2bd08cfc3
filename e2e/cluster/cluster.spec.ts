import { randomUUID } from 'node:crypto';
import { api, DEMO_PASSWORD, openSocket, request, signIn } from './client';
import { expect, test } from './fixtures';
import { APP_ORIGIN, appUrl, CLUSTER_PORTS } from './topology';

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
    for (let i = 0; i < 4; i += 1) expect((await logs(APP_ORIGIN)).status).toBe(401);
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

test.describe('the web apps behind the load balancer', () => {
  test('the host serves the shell on every route, runtime config from the environment, and a CSP naming only the one origin', async () => {
    const page = await request('GET', `${APP_ORIGIN}/dashboard/overview`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<div id="root">');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${APP_ORIGIN};`);
    expect(csp).toContain(`connect-src 'self' ${APP_ORIGIN} ${APP_ORIGIN.replace('http', 'ws')};`);
    expect(csp).not.toContain(`:${CLUSTER_PORTS.host}`);
    const config = await request('GET', `${APP_ORIGIN}/runtime-config.json`);
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.body).toMatchObject({
      apiBase: APP_ORIGIN,
      wsBase: APP_ORIGIN.replace('http', 'ws'),
      remotes: { admin: `${appUrl('admin')}/remoteEntry.js`, userDashboard: `${appUrl('userDashboard')}/remoteEntry.js` },
    });
    // The page carries the same config, so a remote screen's chain starts without a request.
    const inline = /<script id="runtime-config" type="application\/json">([^<]*)<\/script>/.exec(String(page.body));
    expect(JSON.parse(inline?.[1] ?? 'null')).toEqual(config.body);
    expect((await request('GET', `${APP_ORIGIN}/missing-file.js`)).status).toBe(404);
  });

  test('a remote serves its entry uncached under its own path, its chunks immutable, and has no fallback page', async () => {
    const base = appUrl('userDashboard');
    const entry = await request('GET', `${base}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(entry.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // The manifest names each exposed screen's hashed chunks, relative to the remote's base.
    const manifest = await request('GET', `${base}/mf-manifest.json`);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = (manifest.body as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]!.assets.js.sync[0]!;
    expect(chunk).toMatch(/\.[0-9a-f]{8}\.js$/);
    const chunkAnswer = await request('GET', `${base}/${chunk}`);
    expect(chunkAnswer.status).toBe(200);
    expect(chunkAnswer.headers['cache-control']).toContain('immutable');
    expect((await request('GET', `${base}/dashboard/overview`)).status).toBe(404);
    // Each remote answers its own files under its own path.
    for (const app of ['agentSoftphone', 'admin'] as const) expect((await request('GET', `${appUrl(app)}/remoteEntry.js`)).status, app).toBe(200);
  });

  test('files and API answers arrive compressed through the load balancer, and whole to a client that takes no compression', async () => {
    const gzip = { headers: { 'accept-encoding': 'gzip, br' } };
    const manifest = await request('GET', `${appUrl('userDashboard')}/mf-manifest.json`);
    const remoteChunk = `${appUrl('userDashboard')}/${(manifest.body as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes[0]!.assets.js.sync[0]!}`;
    for (const url of [`${APP_ORIGIN}/main.js`, `${appUrl('userDashboard')}/remoteEntry.js`, remoteChunk, api('openapi.json')]) {
      const compressed = await request('GET', url, gzip);
      expect(compressed.status, url).toBe(200);
      expect(compressed.headers['content-encoding'], url).toBe('gzip');
      expect(String(compressed.headers.vary), url).toMatch(/Accept-Encoding/i);
      const plain = await request('GET', url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
    }
  });

  test('a person signs in through the one origin and works in a remote, with nothing refused by the CSP', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const origins = new Set<string>();
    const remoteFiles: string[] = [];
    page.on('response', (response) => {
      origins.add(new URL(response.url()).origin);
      // A 304 counts: the entry is revalidated (no-cache) when a navigation cut its first load short.
      if (response.url().startsWith(`${appUrl('userDashboard')}/`) && response.status() < 400) remoteFiles.push(response.url());
    });
    await page.goto(`${APP_ORIGIN}/auth/login`);
    await page.getByLabel('Email').fill('user@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${APP_ORIGIN}/dashboard/reports/call-logs`);
    await expect(page.getByRole('table')).toBeVisible();
    expect(refused).toEqual([]);
    // The screen came from the user dashboard's files, through the load balancer like the rest.
    expect(remoteFiles.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    expect(remoteFiles.some((url) => /\.[0-9a-f]{8}\.js$/.test(url))).toBe(true);
    expect([...origins]).toEqual([APP_ORIGIN]);
  });
});
