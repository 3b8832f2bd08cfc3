import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { createRecordingLinks, DEMO_RECORDING_PATH, LINK_WINDOW_SECONDS } from '../../src/modules/recordings/recording-links';
import { createCall, createConversation, createTenant } from '../factories';
import { isAudio, playRecording } from '../helpers/recordings';
import { call, TEST_CONFIG } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const SHIPPED = new URL('../../assets/recordings/demo-call.mp3', import.meta.url);

export function recordingsSuite(ctx: SuiteContext) {
  /** An account's answered call that has the shipped recording, and the link its call logs answer. */
  async function recordedCall() {
    const tenant = await createTenant(ctx.server, { plan: 'efficiency-plus' });
    const theCall = await createCall(ctx.server.db, { accountId: tenant.account.id });
    await createConversation(ctx.server.db, { callId: theCall.id, recordingUrl: DEMO_RECORDING_PATH });
    const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: tenant.ownerToken, body: {} });
    assert.equal(logs.status, 200, JSON.stringify(logs.body));
    const link = logs.body.data.find((c: { id: string }) => c.id === theCall.id).conversation.recordingUrl as string;
    return { ...tenant, theCall, link };
  }

  describe('call recordings', () => {
    it('a recording link from the call logs plays the audio, with its type, without a bearer token', async () => {
      const { link } = await recordedCall();
      assert.match(link, new RegExp(`^${TEST_CONFIG.publicApiUrl}${DEMO_RECORDING_PATH}\\?call=`));
      const played = await playRecording(ctx.server, link);
      assert.equal(played.status, 200);
      assert.equal(played.headers.get('content-type'), 'audio/mpeg');
      assert.equal(played.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(played.headers.get('cross-origin-resource-policy'), 'cross-origin', 'the web app on another origin may play it');
      assert.ok(isAudio(played.bytes), 'the body is audio');
      assert.deepEqual(played.bytes, await readFile(SHIPPED));
    });

    it('a recording link answers byte ranges, as players ask for them to seek', async () => {
      const { link } = await recordedCall();
      const size = (await readFile(SHIPPED)).length;
      const part = await playRecording(ctx.server, link, { range: 'bytes=0-9' });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), `bytes 0-9/${size}`);
      assert.equal(part.bytes.length, 10);
      const tail = await playRecording(ctx.server, link, { range: 'bytes=-4' });
      assert.equal(tail.headers.get('content-range'), `bytes ${size - 4}-${size - 1}/${size}`);
      assert.equal((await playRecording(ctx.server, link, { range: `bytes=${size}-` })).status, 416);
    });

    it('a recording link opens nothing once altered, expired or moved to another call', async () => {
      const a = await recordedCall();
      const b = await recordedCall();
      const altered = (change: (q: URLSearchParams) => void) => {
        const url = new URL(a.link);
        change(url.searchParams);
        return url.toString();
      };
      const signature = new URL(a.link).searchParams.get('signature')!;
      const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      for (const link of [
        altered((q) => q.set('signature', forged)),
        altered((q) => q.delete('signature')),
        altered((q) => q.set('expires', String(Number(q.get('expires')) + LINK_WINDOW_SECONDS))),
        // a's signature does not open b's call, though b has the same recording.
        altered((q) => q.set('call', b.theCall.id)),
        `${TEST_CONFIG.publicApiUrl}${DEMO_RECORDING_PATH}`,
      ]) {
        const played = await playRecording(ctx.server, link);
        assert.equal(played.status, 403, link);
        assert.ok(!isAudio(played.bytes));
      }
      // Signed by this server, but its time is over.
      const longAgo = Date.now() - 3 * LINK_WINDOW_SECONDS * 1000;
      const expired = createRecordingLinks(TEST_CONFIG.tokenSecret, TEST_CONFIG.publicApiUrl, () => longAgo).playable(a.theCall.id, DEMO_RECORDING_PATH)!;
      assert.equal((await playRecording(ctx.server, expired)).status, 403);
      assert.equal((await playRecording(ctx.server, a.link.replace(DEMO_RECORDING_PATH, `${DEMO_RECORDING_PATH.replace('.mp3', '')}-2.mp3`))).status, 404);
    });

    it('a call recorded by the provider keeps the provider\'s URL, and a link to the shipped recording opens nothing for it', async () => {
      const tenant = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const theCall = await createCall(ctx.server.db, { accountId: tenant.account.id });
      const providerUrl = `https://api.twilio.com/recordings/RE${'5'.repeat(32)}`;
      await createConversation(ctx.server.db, { callId: theCall.id, recordingUrl: providerUrl });
      const report = await call(ctx.server, 'GET', `call/get-call-reports/${theCall.id}`, { token: tenant.ownerToken });
      assert.equal(report.body.data.call.conversation.recordingUrl, providerUrl);
      const signed = createRecordingLinks(TEST_CONFIG.tokenSecret, TEST_CONFIG.publicApiUrl).playable(theCall.id, DEMO_RECORDING_PATH)!;
      assert.equal((await playRecording(ctx.server, signed)).status, 404);
    });
  });
}
