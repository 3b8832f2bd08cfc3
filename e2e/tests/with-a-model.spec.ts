import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { startFakeProvider, type FakeProvider } from 'shared-test-kit';
import { apiToken, bearer } from '../support/admin-api';
import { API_URL } from '../support/ports';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';

// An enabled AI client answers every agent that names none: these tests run after the others
// (the `models` project), and the client is removed when they end.
let provider: FakeProvider;
let stock: Server;
let clientId: string;

test.beforeAll(async ({ request }) => {
  // A stand-in model that speaks OpenAI's wire format: it asks for the stock, then says what it read.
  provider = await startFakeProvider('openai', (_index, seen) => {
    if (seen.body.stream !== true) return [{ text: JSON.stringify({ summary: 'The caller asked about rye bread.', outcome: 'answered', sentiment: 'positive' }) }];
    const messages = seen.body.messages as Array<{ role: string; content: unknown }>;
    const last = messages.at(-1);
    if (last?.role === 'tool') return [{ text: `Our stock system says: ${String(last.content)}` }];
    return [{ toolCall: { name: 'check_stock', args: { item: 'rye' } } }];
  });
  // The bakery's own stock endpoint.
  stock = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ item: 'rye', loaves: 12 })));
  });
  await new Promise<void>((resolve) => stock.listen(0, '127.0.0.1', resolve));

  const admin = await apiToken(request, DEMO.ADMINISTRATOR);
  const created = await request.post(`${API_URL}/ai-client/create-ai-client`, {
    headers: bearer(admin), data: { type: 'AI Client', client: 'OpenAI', model: 'stand-in-e2e' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  clientId = ((await created.json()) as { data: { id: string } }).data.id;
  const enabled = await request.patch(`${API_URL}/ai-client/update-ai-client/${clientId}`, {
    headers: bearer(admin), data: { credentials: { apiKey: 'sk-e2e-stand-in', baseUrl: provider.baseUrl }, enabled: true },
  });
  expect(enabled.ok(), await enabled.text()).toBeTruthy();
});

test.afterAll(async ({ request }) => {
  const admin = await apiToken(request, DEMO.ADMINISTRATOR);
  if (clientId) await request.delete(`${API_URL}/ai-client/delete-ai-client/${clientId}`, { headers: bearer(admin) });
  await provider?.close();
  await new Promise((resolve) => stock?.close(resolve));
});

test('a custom tool the model calls during a browser test call appears in the call\'s timeline', async ({ page, request }) => {
  const account = await newAccount(request, 'Rye & Co Bakery');
  const stockUrl = `http://127.0.0.1:${(stock.address() as AddressInfo).port}/stock`;
  await createAiAgent(request, account.token, {
    name: 'Bakery Counter', greeting: 'Hello, Rye & Co.', handleCallType: 'inbound', phoneNumber: uniqueNumber(),
    textClientId: clientId,
    customTools: [{
      name: 'check_stock', description: 'How many loaves of a bread are in stock.', url: stockUrl, method: 'POST',
      parameters: [{ name: 'item', type: 'string', description: 'The bread', required: true }],
    }],
  });
  await signIn(page, account.email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/ai-call-supports');
  await page.getByRole('button', { name: 'Test call from Bakery Counter' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Talk in the browser' }).click();
  await expect(dialog.getByText('Answering: OpenAI stand-in-e2e')).toBeVisible();
  await dialog.getByLabel('Say something to the agent').fill('Do you have rye bread today?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('log')).toContainText('Our stock system says: {"item":"rye","loaves":12}');
  await dialog.getByRole('button', { name: 'Hang up' }).click();

  await page.goto('/dashboard/reports/call-logs');
  await page.getByRole('link', { name: /^View conversation of the call/ }).first().click();
  const timeline = page.getByRole('region', { name: 'Call timeline' });
  await expect(timeline).toContainText('Answered by OpenAI stand-in-e2e', { timeout: 15_000 });
  const turn = timeline.getByLabel('Turn 1');
  await expect(turn).toContainText('Do you have rye bread today?');
  await expect(turn.getByLabel(/^Tool check_stock: done in/)).toContainText('HTTP 200');
  await expect(turn.getByLabel(/^Tool check_stock: done in/)).toContainText('{"item":"rye"}');
  await saveScreenshot(page, 'dashboard-call-timeline');
});
