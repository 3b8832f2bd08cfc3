import { chromium, expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { SPEECH_PROBE_SENTENCE } from 'shared-contracts';
import { STAND_IN_AUDIO, startSpeechStandIn } from 'shared-test-kit';
import { apiToken, bearer } from '../support/admin-api';
import { chromiumArgs, executablePath, fakeMicrophoneArgs } from '../support/chromium';
import { NEW_USER_PASSWORD, registerVerifiedUser } from '../support/new-user';
import { API_URL } from '../support/ports';
import { choose } from '../support/select';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';
import { toneThenSilenceWav } from '../support/wav';

// Two clients through the dialog, nine more over the API, then an edit.
test.setTimeout(180_000);

async function addClient(page: Page, type: string, client: string, model: string) {
  await page.getByRole('button', { name: 'Add AI Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add AI Client' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  if (type !== 'AI Client') await choose(page, dialog, 'Client Type', type);
  await choose(page, dialog, 'Ai Client', client);
  await dialog.getByRole('textbox', { name: 'Model' }).fill(model);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('AI Client added successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an administrator adds eleven AI clients, finds the eleventh on page 2 and edits it', async ({ page, request }) => {
  const tag = `e2e${randomBytes(3).toString('hex')}`;
  await signIn(page, DEMO.ADMINISTRATOR);
  await page.goto('/admin/ai-clients');

  await expect(page.getByRole('heading', { name: 'Ai Client List' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/account-list');
  await expect(crumbs).toContainText('Ai Clients');
  await expect(page.getByText('Ai/STT/TTS Clients')).toBeVisible();

  // The dialog's rules in the real browser: nothing to submit until changed, then required fields.
  await page.getByRole('button', { name: 'Add AI Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add AI Client' });
  await choose(page, dialog, 'Client Type', 'STT Client');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Ai Model is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Nine clients as another administrator's tab would add them; the dialog adds the tenth and eleventh.
  const token = await apiToken(request, DEMO.ADMINISTRATOR);
  for (let i = 1; i <= 9; i += 1) {
    const res = await request.post(`${API_URL}/ai-client/create-ai-client`, {
      headers: bearer(token),
      data: { type: 'AI Client', client: 'Claude', model: `${tag}-${String(i).padStart(2, '0')}` },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await addClient(page, 'AI Client', 'Claude', `${tag}-10`);
  await addClient(page, 'STT Client', 'Deepgram', `${tag}-11`);

  await page.getByRole('textbox', { name: 'Search clients' }).fill(tag);
  const table = page.getByRole('region', { name: 'Ai/STT/TTS Clients' });
  // The search is debounced: wait until only this run's clients are listed (the header row has
  // no tag), or a page change could land before the search and be reset to page 1 by it.
  await expect(table.getByRole('row').filter({ hasNotText: tag })).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10
  await expect(table.getByText(`${tag}-11`)).toHaveCount(0);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: /^Page/ })).toHaveText(['1', '2']);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  const eleventh = table.getByRole('row', { name: new RegExp(`${tag}-11`) });
  await expect(eleventh).toBeVisible();
  await expect(eleventh.getByRole('cell')).toHaveText(['Deepgram STT Client', `${tag}-11`, 'N/A', '']);

  await eleventh.getByRole('button', { name: `Actions for Deepgram ${tag}-11` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/admin\/ai-client\/edit\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;

  await expect(page.getByLabel('Model')).toHaveValue(`${tag}-11`);
  await page.getByLabel('Model').fill(`${tag}-nova`);
  await page.getByLabel('Purpose').fill('Transcribes inbound calls');
  const apiKey = `dg-${randomBytes(8).toString('hex')}`;
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('switch', { name: 'Enabled' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('AI Client updated')).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByText('Stored', { exact: true })).toBeVisible();

  // What the server keeps: the new values, credentials only as a flag, never the key itself.
  const res = await request.get(`${API_URL}/ai-client/get-ai-client/${id}`, { headers: bearer(token) });
  const text = await res.text();
  expect(text).not.toContain(apiKey);
  expect(JSON.parse(text).data).toMatchObject({ model: `${tag}-nova`, purpose: 'Transcribes inbound calls', enabled: false, hasCredentials: true });

  await page.reload();
  await expect(page.getByLabel('Model')).toHaveValue(`${tag}-nova`);
  await expect(page.getByLabel('API key')).toHaveValue('');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/admin\/ai-clients$/);
  await page.getByRole('textbox', { name: 'Search clients' }).fill(`${tag}-nova`);
  await expect(table.getByRole('row', { name: new RegExp(`${tag}-nova`) }).getByRole('cell'))
    .toHaveText(['Deepgram STT ClientDisabled', `${tag}-nova`, 'Transcribes inbound calls', '']);
});

test('an administrator adds speech clients; a USER picks one of their voices, previews it, and talks to the agent in that voice', async ({ page, request }, testInfo) => {
  const apiKey = `xi-${randomBytes(8).toString('hex')}`;
  // ElevenLabs' and Deepgram's APIs on this machine, reached by the API server through the clients' base URLs.
  const speech = await startSpeechStandIn(apiKey);
  const clientIds: string[] = [];
  const adminToken = await apiToken(request, DEMO.ADMINISTRATOR);
  try {
    const model = `e2e-voice-${randomBytes(3).toString('hex')}`;
    await signIn(page, DEMO.ADMINISTRATOR);
    await page.goto('/admin/ai-clients');
    await addClient(page, 'TTS Client', 'Elevenlabs', model);
    await page.getByRole('textbox', { name: 'Search clients' }).fill(model);
    const row = page.getByRole('region', { name: 'Ai/STT/TTS Clients' }).getByRole('row', { name: new RegExp(model) });
    await row.getByRole('button', { name: `Actions for Elevenlabs ${model}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeVisible();
    const ttsId = /[0-9a-f]{8}-[0-9a-f-]{27}/.exec(page.url())?.[0];
    if (ttsId) clientIds.push(ttsId);

    await expect(page.getByRole('button', { name: 'Test connection' })).toBeDisabled();
    await page.getByLabel('API key').fill(apiKey);
    await page.getByLabel('Base URL').fill(speech.origin);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('AI Client updated')).toBeVisible();

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText(/^Connected in \d+ ms$/)).toBeVisible();
    await expect(page.getByText(`It spoke: ${SPEECH_PROBE_SENTENCE}`)).toBeVisible();
    await expect(page.getByLabel('What the voice said')).toHaveAttribute('src', `data:audio/mpeg;base64,${STAND_IN_AUDIO.toString('base64')}`);
    const spoken = speech.received.filter((r) => r.path.startsWith('/v1/text-to-speech/'));
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.headers['xi-api-key']).toBe(apiKey);

    // The ears of our pipeline: a Deepgram client, added as another administrator's tab would.
    const added = await request.post(`${API_URL}/ai-client/create-ai-client`, { headers: bearer(adminToken), data: { type: 'STT Client', client: 'Deepgram', model: `${model}-ears` } });
    expect(added.ok(), await added.text()).toBeTruthy();
    const sttId = ((await added.json()) as { data: { id: string } }).data.id;
    clientIds.push(sttId);
    const keyed = await request.patch(`${API_URL}/ai-client/update-ai-client/${sttId}`, { headers: bearer(adminToken), data: { enabled: true, credentials: { apiKey, baseUrl: speech.origin } } });
    expect(keyed.ok(), await keyed.text()).toBeTruthy();

    // A USER of a new account, in a browser whose microphone hears a caller: 3 s of quiet, a question, then quiet.
    const email = await registerVerifiedUser(request, 'Pipeline Dental');
    const wav = testInfo.outputPath('caller.wav');
    fs.writeFileSync(wav, toneThenSilenceWav(3_000, 1_200, 60_000));
    const userBrowser = await chromium.launch({ executablePath, args: [...chromiumArgs, ...fakeMicrophoneArgs(wav)] });
    try {
      const user = await userBrowser.newContext({ baseURL: testInfo.project.use.baseURL });
      // How much of the agent's audio the page played, in ms.
      await user.addInitScript(() => {
        const start = AudioBufferSourceNode.prototype.start;
        AudioBufferSourceNode.prototype.start = function (...args: Parameters<AudioBufferSourceNode['start']>) {
          const scope = window as unknown as { agentAudioMs?: number };
          scope.agentAudioMs = (scope.agentAudioMs ?? 0) + (this.buffer?.duration ?? 0) * 1000;
          return start.apply(this, args);
        };
      });
      const userPage = await user.newPage();
      await signIn(userPage, email, NEW_USER_PASSWORD);
      await userPage.goto('/dashboard/ai-call-supports/create');
      await userPage.getByLabel('Agent name').fill('Voice Desk');
      await userPage.getByLabel('Greeting').fill('Thanks for calling Acme Dental.');
      await userPage.getByLabel('Instructions').fill('Answer questions about opening hours.');

      // The voice is previewed in itself, through the administrator's ElevenLabs client.
      const played = userPage.waitForEvent('console', { predicate: (m) => m.text() === 'voice preview played', timeout: 15_000 });
      await userPage.evaluate(() => {
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function () {
          if (this.src.startsWith('data:audio/mpeg;base64,')) console.log('voice preview played');
          return play.call(this).catch(() => undefined);
        };
      });
      await userPage.getByRole('button', { name: 'Preview Rachel' }).click();
      await played;
      const previews = speech.received.filter((r) => r.path === '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM');
      expect(previews.map((r) => JSON.parse(r.body.toString()).text)).toContain('Thanks for calling Acme Dental.');

      // Rachel speaks on our pipeline, and the Deepgram client hears the caller.
      await userPage.locator('label', { hasText: 'Rachel' }).click();
      await userPage.getByRole('radio', { name: 'Our pipeline' }).check();
      await choose(userPage, userPage, 'Speech-to-text client', `Deepgram · ${model}-ears`);
      await userPage.getByRole('button', { name: 'Create AI Call Support' }).last().click();
      await expect(userPage.getByText('Voice Desk is ready')).toBeVisible();

      await userPage.goto('/dashboard/ai-call-supports');
      await userPage.getByRole('button', { name: 'Test call from Voice Desk' }).click();
      const dialog = userPage.getByRole('dialog');
      speech.hear('What are your opening hours?');
      await dialog.getByRole('button', { name: 'Talk in the browser' }).click();
      await expect(dialog.getByText(/You hear the agent's own voice/)).toBeVisible();
      const log = dialog.getByRole('log');
      await expect(log).toContainText('Thanks for calling Acme Dental.');
      // The microphone's question reaches the Deepgram client; the answer comes back in Rachel's voice.
      await expect(log).toContainText('You: What are your opening hours?', { timeout: 20_000 });
      await expect(log.locator('p').nth(2)).toContainText('Voice Desk: ');
      const reply = ((await log.locator('p').nth(2).textContent()) ?? '').replace('Voice Desk: ', '');
      expect(reply.length).toBeGreaterThan(10);
      // The greeting and the reply's sentences went to ElevenLabs' streaming endpoint in Rachel's voice.
      await expect.poll(() => speech.received.filter((r) => r.path === '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream').length).toBeGreaterThan(1);
      // The page played the greeting and the reply: 10 ms of the stand-in voice's audio per character.
      await expect.poll(() => userPage.evaluate(() => (window as unknown as { agentAudioMs?: number }).agentAudioMs ?? 0), { timeout: 10_000 })
        .toBeGreaterThan(('Thanks for calling Acme Dental.'.length + reply.length) * 10 * 0.9);
      expect(speech.listeners.at(-1)!.bytes).toBeGreaterThan(8_000 * 4);
      await saveScreenshot(userPage, 'dashboard-talk-in-the-agents-voice');
      await dialog.getByRole('button', { name: 'Hang up' }).click();
      await expect(dialog.getByRole('status')).toContainText('You hung up');
    } finally {
      await userBrowser.close();
    }
  } finally {
    // The clients point at this test's stand-in: they speak and hear for no one once the test is done.
    for (const id of clientIds) await request.patch(`${API_URL}/ai-client/update-ai-client/${id}`, { headers: bearer(adminToken), data: { enabled: false } });
    await speech.close();
  }
});
