import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { contract, SPEECH_PROBE_SENTENCE } from 'shared-contracts';
import { NO_CREDENTIALS_TEXT, noAnswerText, probeModel } from '../../src/modules/ai-client/test-ai-client';
import { probeSpeech, speechProbeUnsupportedText } from '../../src/modules/ai-client/speech-probe';
import { createAdmin, createAiClientRow, createTenant } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { STAND_IN_AUDIO, STAND_IN_TRANSCRIPT, startFakeProvider, startSpeechStandIn, type Answers, type FakeProvider, type WireFormat } from 'shared-test-kit';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const API_KEY = 'sk-admin-probe-4242';

export function aiClientTestConnectionSuite(ctx: SuiteContext) {
  describe('ai-client: test connection', () => {
    const servers: FakeProvider[] = [];
    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });

    /** A language-model client whose stored credentials point at a stand-in provider, saved the way the edit screen saves them. */
    async function clientAt(format: WireFormat, answers: Answers) {
      const server = await startFakeProvider(format, answers);
      servers.push(server);
      const provider = ({ openai: 'OpenAI', anthropic: 'Claude', gemini: 'Gemini' } as const)[format];
      const { token } = await createAdmin(ctx.server);
      const client = await createAiClientRow(ctx.server.db, { provider, model: 'probe-model' });
      const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, {
        token, body: { credentials: { apiKey: API_KEY, baseUrl: server.baseUrl } },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const test = () => call(ctx.server, 'POST', `ai-client/test-ai-client/${client.id}`, { token });
      return { server, client, token, test };
    }

    it('makes one tiny request with the stored key and shows the model\'s answer', async () => {
      for (const format of ['openai', 'anthropic'] as const) {
        const { server, test } = await clientAt(format, [[{ text: 'ready' }]]);
        const res = await test();
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assertContract(contract.aiClient.testAiClient, res.body);
        assert.equal(res.body.data.ok, true);
        assert.equal(res.body.data.message, 'ready');
        assert.equal(server.requests.length, 1);
        const sent = server.requests[0]!;
        assert.ok(sent.headers.authorization === `Bearer ${API_KEY}` || sent.headers['x-api-key'] === API_KEY, format);
        assert.ok(!JSON.stringify(res.body).includes(API_KEY));
      }
    });

    it('shows the provider\'s error with its status, with any key it echoes cut out', async () => {
      const { test } = await clientAt('openai', [{ status: 401, message: `Incorrect API key provided: ${API_KEY}. Check sk-adm***4242 too.` }]);
      const res = await test();
      assert.equal(res.status, 200);
      assert.equal(res.body.data.ok, false);
      assert.match(res.body.data.message, /401/);
      assert.match(res.body.data.message, /Incorrect API key provided/);
      assert.ok(!res.body.data.message.includes(API_KEY) && !res.body.data.message.includes('sk-adm'), res.body.data.message);
    });

    it('gives up on a provider that does not answer within its time', async () => {
      const server = await startFakeProvider('openai', [{ hang: true }]);
      servers.push(server);
      const result = await probeModel({ provider: 'OpenAI', model: 'probe-model', apiKey: API_KEY, baseUrl: server.baseUrl }, 0.5);
      assert.deepEqual([result.ok, result.message], [false, noAnswerText(0.5)]);
      assert.ok(result.millis < 5_000);
    });

    it('refuses a client with no credentials or one it cannot test, and anyone but an administrator', async () => {
      const { token } = await createAdmin(ctx.server);
      const keyless = await createAiClientRow(ctx.server.db, { provider: 'Claude' });
      // A row no Add dialog makes: AssemblyAI offers no voices.
      const untestable = await createAiClientRow(ctx.server.db, { type: 'TTS Client', provider: 'AssemblyAI', credentialsCiphertext: 'sealed' });
      const noKey = await call(ctx.server, 'POST', `ai-client/test-ai-client/${keyless.id}`, { token });
      assert.deepEqual([noKey.status, noKey.body.message], [400, NO_CREDENTIALS_TEXT]);
      const notModel = await call(ctx.server, 'POST', `ai-client/test-ai-client/${untestable.id}`, { token });
      assert.deepEqual([notModel.status, notModel.body.message], [400, speechProbeUnsupportedText('AssemblyAI', 'TTS Client')]);

      const { ownerToken, agentToken } = await createTenant(ctx.server);
      for (const other of [ownerToken, agentToken]) {
        const res = await call(ctx.server, 'POST', `ai-client/test-ai-client/${keyless.id}`, { token: other });
        assert.equal(res.status, 403);
      }
      assert.equal((await call(ctx.server, 'POST', `ai-client/test-ai-client/${keyless.id}`)).status, 401);
    });

    describe('speech clients, through the providers\' own SDKs', () => {
      const speechKey = 'dg-admin-probe-7777';
      let standIn: Awaited<ReturnType<typeof startSpeechStandIn>>;
      after(async () => { await standIn?.close(); });

      async function speechClient(type: 'STT Client' | 'TTS Client', provider: 'Deepgram' | 'Elevenlabs' | 'OpenAI' | 'AssemblyAI' | 'PlayHT' | 'Amazon Polly', key = speechKey, model = '') {
        standIn ??= await startSpeechStandIn(speechKey);
        const { token } = await createAdmin(ctx.server);
        const client = await createAiClientRow(ctx.server.db, { type, provider, model });
        const baseUrl = provider === 'OpenAI' ? `${standIn.origin}/v1` : provider === 'Amazon Polly' ? standIn.h2Origin : standIn.origin;
        const secret = provider === 'Amazon Polly' ? { accessKeyId: key, secretAccessKey: 'aws-secret-probe', region: 'us-east-1' }
          : provider === 'PlayHT' ? { apiKey: key, userId: 'playht-probe-user' } : { apiKey: key };
        const saved = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, { token, body: { credentials: { ...secret, baseUrl } } });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        return async () => {
          const before = standIn.received.length;
          const res = await call(ctx.server, 'POST', `ai-client/test-ai-client/${client.id}`, { token });
          assert.equal(res.status, 200, JSON.stringify(res.body));
          assertContract(contract.aiClient.testAiClient, res.body);
          return { result: res.body.data, requests: standIn.received.slice(before) };
        };
      }

      for (const provider of ['Deepgram', 'OpenAI', 'AssemblyAI'] as const) {
        it(`an STT client on ${provider} transcribes the caller's sample sentence and shows what it heard`, async () => {
          const { result, requests } = await (await speechClient('STT Client', provider))();
          assert.deepEqual([result.ok, result.message, result.audio], [true, STAND_IN_TRANSCRIPT, undefined]);
          // The sample went up: a WAV, as a phone line carries speech.
          assert.ok(requests[0]!.body.includes(Buffer.from('RIFF')), 'the first request carries the WAV sample');
        });
      }

      for (const provider of ['Deepgram', 'Elevenlabs', 'OpenAI', 'PlayHT', 'Amazon Polly'] as const) {
        it(`a TTS client on ${provider} speaks the sample sentence, and the audio comes back to play`, async () => {
          const { result, requests } = await (await speechClient('TTS Client', provider))();
          assert.equal(result.ok, true, result.message);
          assert.equal(result.message, SPEECH_PROBE_SENTENCE);
          assert.ok(result.audio);
          assert.deepEqual(Buffer.from(result.audio.base64, 'base64'), STAND_IN_AUDIO);
          // One request speaks it (PlayHT's SDK first asks where to stream from).
          assert.equal(requests.filter((request) => request.body.includes(SPEECH_PROBE_SENTENCE)).length, 1);
          assert.equal(result.audio.contentType, 'audio/mpeg');
        });
      }

      it('a PlayHT client speaks with the engine its model names, and says which engines it can use', async () => {
        const dialog = await (await speechClient('TTS Client', 'PlayHT', speechKey, 'PlayDialog'))();
        assert.equal(dialog.result.ok, true, dialog.result.message);
        assert.ok(dialog.requests.some((request) => request.path === '/playht-stream/PlayDialog'));
        const grpc = await (await speechClient('TTS Client', 'PlayHT', speechKey, 'PlayHT2.0'))();
        assert.deepEqual([grpc.result.ok, grpc.result.message], [false, 'PlayHT speaks here with Play3.0-mini or PlayDialog; set the client\'s model to one of them']);
        assert.deepEqual(grpc.requests, []);
        // A server that cannot be reached says so, not only "fetch failed".
        const closed = createServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
        const { port } = closed.address() as AddressInfo;
        await new Promise((resolve) => closed.close(resolve));
        const down = await probeSpeech({ type: 'TTS Client', provider: 'PlayHT', model: '', apiKey: speechKey, userId: 'playht-probe-user', baseUrl: `http://127.0.0.1:${port}` });
        assert.equal(down.ok, false);
        assert.match(down.message, /^PlayHT could not be reached: .*ECONNREFUSED/);
      });

      it('a refused key shows the provider\'s own error, without the key', async () => {
        const wrongKey = 'dg-wrong-key-0000';
        const { result } = await (await speechClient('TTS Client', 'Deepgram', wrongKey))();
        assert.equal(result.ok, false);
        assert.match(result.message, /401/);
        assert.match(result.message, /Invalid credentials/);
        assert.doesNotMatch(result.message, new RegExp(wrongKey));
        const polly = (await (await speechClient('TTS Client', 'Amazon Polly', 'AKIAWRONGKEY0000'))()).result;
        assert.equal(polly.ok, false);
        assert.match(polly.message, /403/);
        assert.match(polly.message, /security token included in the request is invalid/);
        assert.doesNotMatch(polly.message, /AKIAWRONGKEY0000|aws-secret-probe/);
        const playHt = (await (await speechClient('TTS Client', 'PlayHT', 'pht-wrong-key-0000'))()).result;
        assert.equal(playHt.ok, false);
        assert.match(playHt.message, /401/);
        assert.match(playHt.message, /Invalid credentials/);
        assert.doesNotMatch(playHt.message, /pht-wrong-key-0000|playht-probe-user/);
      });
    });
  });
}
