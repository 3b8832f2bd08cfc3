import { expect, test } from '@playwright/test';
import { API_URL } from '../support/ports';
import { NEW_USER_PASSWORD, registerVerifiedAgent } from '../support/new-user';
import { signIn } from '../support/session';

// Each AGENT here is in an account of its own, so its threads and voicemail are no other test's.

/** A WAV file of `bytes` in all: a 44-byte PCM header (8 kHz, 16-bit mono) and silence. */
function silentWav(bytes: number): Buffer {
  const wav = Buffer.alloc(bytes);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(bytes - 8, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(bytes - 44, 40);
  return wav;
}

test('an SMS sent from one agent\'s screen arrives live on the other\'s, HTML shown as text', async ({ browser, request }) => {
  const [from, to] = await Promise.all([registerVerifiedAgent(request, 'Sender Dental'), registerVerifiedAgent(request, 'Receiver Dental')]);
  const sender = await (await browser.newContext()).newPage();
  const receiver = await (await browser.newContext()).newPage();
  await signIn(sender, from.email, NEW_USER_PASSWORD);
  await signIn(receiver, to.email, NEW_USER_PASSWORD);
  await sender.goto('/dashboard/messages');
  await receiver.goto('/dashboard/messages');
  await expect(receiver.getByRole('navigation', { name: 'Conversations' })).toBeVisible();

  const text = `<b>Meet</b> at ${Date.now()} <img src=x onerror="document.title='owned'">`;
  await sender.getByRole('button', { name: 'New message' }).click();
  await sender.getByRole('textbox', { name: 'To' }).fill(to.agentNumber);
  await sender.getByRole('textbox', { name: 'Message' }).fill(text);
  await sender.getByRole('button', { name: /Send/ }).click();
  const sent = sender.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });
  await expect(sent).toBeVisible();
  // The simulated carrier reports this message delivered.
  await expect(sent).toContainText('delivered');

  // No reload: the receiver's list shows the new text, and opening it shows it as typed.
  const thread = receiver.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(from.agentNumber.replace('+', '\\+')) });
  await expect(thread.first()).toContainText(text);
  await thread.first().click();
  await expect(receiver.getByRole('list', { name: 'Messages' }).getByText(text)).toBeVisible();
  expect(await receiver.locator('[aria-label="Messages"] img').count()).toBe(0);
  expect(await receiver.title()).not.toBe('owned');
});

test('an inbound SMS from the simulator appears live in the open thread', async ({ page, request }) => {
  const agent = await registerVerifiedAgent(request, 'Inbox Dental');
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/messages');
  const lead = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const first = await request.post(`${API_URL}/telephony/simulator/inbound-sms`, { data: { from: lead, to: agent.agentNumber, body: 'Hello there' } });
  expect(first.ok()).toBe(true);
  const thread = page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(lead.replace('+', '\\+')) });
  await thread.click();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Hello there')).toBeVisible();
  await request.post(`${API_URL}/telephony/simulator/inbound-sms`, { data: { from: lead, to: agent.agentNumber, body: 'Are you there?' } });
  await expect(page.getByRole('list', { name: 'Messages' }).getByText('Are you there?')).toBeVisible();
});

test('dialer setting: the agent uploads a default voicemail and can play it', async ({ page, request }) => {
  const agent = await registerVerifiedAgent(request, 'Voicemail Dental');
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/dialer-setting');
  await expect(page.getByText(agent.agentNumber)).toBeVisible();
  await page.getByLabel('Voicemail file').setInputFiles({ name: 'greeting.wav', mimeType: 'audio/wav', buffer: silentWav(64 * 1024) });
  await expect(page.getByText('Default voicemail uploaded')).toBeVisible();
  const audio = page.getByLabel('Default voicemail');
  const src = await audio.getAttribute('src');
  expect(src).toMatch(/\/v1\/telephony\/voicemail\//);
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect((await served.body()).length).toBe(64 * 1024);
});
