import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { bearer } from '../support/admin-api';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { API_URL } from '../support/ports';
import { callAiAgent } from '../support/relay-caller';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

interface Received {
  signature: string;
  eventId: string;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** The customer's endpoint: a local server that records what it is sent. */
async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-webhook-signature']), eventId: String(req.headers['x-webhook-event-id']), body, json: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => new Promise((r) => server.close(r)) };
}

/** What a customer's code checks: HMAC-SHA256 over "<t>.<body>" with the endpoint's secret. */
function signedWith(secret: string, delivery: Received): boolean {
  const parts = Object.fromEntries(delivery.signature.split(',').map((p) => p.split('=')));
  return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
}

test('a USER registers a webhook on the API integration page; after a simulated AI call it receives a signed call.completed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const endpoint = await receiver();
  try {
    const email = await registerVerifiedUser(request, 'Webhook Dental');
    const login = await request.post(`${API_URL}/auth/login`, { data: { email, password: NEW_USER_PASSWORD } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const agentNumber = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const created = await request.post(`${API_URL}/agent/create-agent`, {
      headers: bearer(token),
      data: { name: 'Hook Desk', handleCallType: 'both', greeting: 'Hi, this is Hook Desk.', prompt: 'Answer questions.', voiceId: 'openai-nova', phoneNumber: agentNumber },
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signIn(page, email, NEW_USER_PASSWORD);
    await page.goto('/dashboard/account/api-integration');
    await page.getByLabel('Endpoint URL').fill(endpoint.url);
    await expect(page.getByRole('checkbox', { name: /call\.completed/ })).toBeChecked();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Copy the signing secret now: it will not be shown again')).toBeVisible();
    const secret = (await page.getByLabel('New webhook signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const endpoints = page.getByRole('region', { name: 'Webhook endpoints' });
    await expect(endpoints.getByRole('row', { name: new RegExp(endpoint.url) })).toBeVisible();

    await endpoints.getByRole('button', { name: `Send test event to ${endpoint.url}` }).click();
    await expect.poll(() => endpoint.received.map((r) => r.json.type)).toEqual(['webhook.test']);
    expect(signedWith(secret, endpoint.received[0]!)).toBe(true);

    // A caller rings the agent through the telephony simulator, talks, and hangs up.
    const caller = await callAiAgent(request, agentNumber, `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await caller.say('Are you open on Saturday?');
    caller.hangUp();

    await expect.poll(() => endpoint.received.map((r) => r.json.type), { timeout: 30_000 }).toEqual(['webhook.test', 'call.completed']);
    const completed = endpoint.received[1]!;
    expect(signedWith(secret, completed)).toBe(true);
    expect(signedWith('whsec_not-the-secret', completed)).toBe(false);
    expect(completed.eventId).toBe(completed.json.id);
    expect(completed.json.data.callId).toBe(caller.callId);
    expect(completed.json.data.transcript.slice(0, 2)).toEqual([
      { speaker: 'agent', text: 'Hi, this is Hook Desk.' },
      { speaker: 'caller', text: 'Are you open on Saturday?' },
    ]);
    expect(completed.json.data.summary).toEqual(expect.any(String));
    expect(completed.json.data.summary.length).toBeGreaterThan(0);

    const log = page.getByRole('region', { name: 'Webhook deliveries' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(log.getByRole('row', { name: /call\.completed/ })).toContainText('Delivered');
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toContainText('200');
    await saveScreenshot(page, 'dashboard-account-api-integration-webhooks');
  } finally {
    await endpoint.close();
  }
});
