import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTenant } from '../factories';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

async function upload(server: TestServer, token: string, file: Blob | null, query = '', name = 'greeting.mp3') {
  const form = new FormData();
  if (file) form.append('file', file, name);
  const response = await fetch(`${server.origin}/v1/call/upload-default-voicemail${query}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

/** `bytes` long, starting as an MP3 (an ID3 tag) or a WAV (RIFF…WAVE) file does. */
const audio = (bytes: number, type = 'audio/mpeg') => {
  const data = new Uint8Array(bytes).fill(7);
  const header = type === 'audio/wav' ? 'RIFF\u0000\u0000\u0000\u0000WAVE' : 'ID3';
  if (bytes > 0) data.set([...header].map((c) => c.charCodeAt(0)));
  return new Blob([data], { type });
};

export function dialerSettingSuite(ctx: SuiteContext) {
  describe('dialer setting and default voicemail', () => {
    it('an agent reads its dialer setting; defaults before anything is saved', async () => {
      const a = await createTenant(ctx.server);
      const response = await call(ctx.server, 'GET', 'call/get-dialer-setting', { token: a.agentToken });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.data, {
        accountId: a.account.id, agentNumber: a.agent.agentNumber, defaultVoicemailUrl: null, ringTimeoutSeconds: 30, recordCalls: true,
      });
      const b = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `call/get-dialer-setting?accountId=${b.account.id}`, { token: a.agentToken })).status, 404);
      assert.equal((await call(ctx.server, 'GET', 'call/get-dialer-setting', { token: a.ownerToken })).status, 403);
    });

    it('uploads the default voicemail, serves it at the returned URL, and shows it in the setting', async () => {
      const a = await createTenant(ctx.server);
      const uploaded = await upload(ctx.server, a.agentToken, audio(2048), `?accountId=${a.account.id}`);
      assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
      const url = new URL(uploaded.body.data.defaultVoicemailUrl as string);
      const served = await fetch(`${ctx.server.origin}${url.pathname}${url.search}`);
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'audio/mpeg');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.match(served.headers.get('cache-control') ?? '', /^private/);
      assert.equal((await served.arrayBuffer()).byteLength, 2048);
      // The account id alone opens nothing, nor a link whose signature was changed or that has expired.
      assert.equal((await fetch(`${ctx.server.origin}${url.pathname}`)).status, 403);
      const forged = new URL(url);
      forged.searchParams.set('signature', 'x'.repeat(43));
      assert.equal((await fetch(`${ctx.server.origin}${forged.pathname}${forged.search}`)).status, 403);
      const expired = new URL(url);
      expired.searchParams.set('expires', '1000');
      assert.equal((await fetch(`${ctx.server.origin}${expired.pathname}${expired.search}`)).status, 403);
      const setting = await call(ctx.server, 'GET', 'call/get-dialer-setting', { token: a.agentToken });
      assert.equal(setting.body.data.defaultVoicemailUrl, uploaded.body.data.defaultVoicemailUrl);
    });

    it('refuses no file, an empty file, another type, a file over 10 MB and another account, and keeps the old one', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const first = await upload(ctx.server, a.agentToken, audio(100, 'audio/wav'), '', 'greeting.wav');
      assert.equal(first.status, 200);
      assert.equal((await upload(ctx.server, a.agentToken, null)).status, 400);
      assert.equal((await upload(ctx.server, a.agentToken, audio(0))).body.message, 'The file is empty');
      assert.equal((await upload(ctx.server, a.agentToken, audio(10, 'image/png'), '', 'x.png')).body.message, 'Upload an MP3 or WAV file');
      const big = await upload(ctx.server, a.agentToken, audio(10 * 1024 * 1024 + 1));
      assert.equal(big.status, 413);
      assert.equal(big.body.message, 'The file must be at most 10 MB');
      assert.equal((await upload(ctx.server, a.agentToken, audio(100), `?accountId=${b.account.id}`)).status, 404);
      const setting = await call(ctx.server, 'GET', 'call/get-dialer-setting', { token: a.agentToken });
      assert.equal(setting.body.data.defaultVoicemailUrl, first.body.data.defaultVoicemailUrl);
      assert.equal((await fetch(`${ctx.server.origin}/v1/telephony/voicemail/${b.account.id}`)).status, 403);
      assert.equal((await fetch(`${ctx.server.origin}/v1/telephony/voicemail/not-an-id`)).status, 403);
    });

    it('refuses a page or any other file labelled as audio, and keeps the voicemail it had', async () => {
      const a = await createTenant(ctx.server);
      const first = await upload(ctx.server, a.agentToken, audio(100));
      assert.equal(first.status, 200);
      const page = new Blob(['<html><script>alert(document.cookie)</script></html>'], { type: 'audio/mpeg' });
      const refused = await upload(ctx.server, a.agentToken, page);
      assert.deepEqual([refused.status, refused.body.message], [400, 'The file is not an MP3 file: its contents do not match its type']);
      const wav = await upload(ctx.server, a.agentToken, new Blob(['RIFF....AVI LIST'], { type: 'audio/wav' }), '', 'x.wav');
      assert.equal(wav.status, 400);
      const setting = await call(ctx.server, 'GET', 'call/get-dialer-setting', { token: a.agentToken });
      assert.equal(setting.body.data.defaultVoicemailUrl, first.body.data.defaultVoicemailUrl);
    });
  });
}
