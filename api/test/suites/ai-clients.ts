import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiClients } from '../../src/db/schema';
import { createCredentialCipher } from '../../src/modules/ai-client/credential-cipher';
import { createAdmin, createAiClientRow, createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { TEST_CONFIG, call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const tag = () => `t${randomBytes(4).toString('hex')}`;

export function aiClientsSuite(ctx: SuiteContext) {
  const rowCount = async () => Number((await ctx.server.db.select({ n: count() }).from(aiClients))[0]?.n);
  const stored = async (id: string) => (await ctx.server.db.select().from(aiClients).where(eq(aiClients.id, id)))[0];

  describe('ai-client: who may call', () => {
    it('refuses a USER and an AGENT on every admin endpoint and changes nothing', async () => {
      const { ownerToken, agentToken } = await createTenant(ctx.server);
      const client = await createAiClientRow(ctx.server.db, { purpose: 'Kept' });
      const before = await rowCount();
      const requests = [
        ['POST', 'ai-client/get-all-clients', {}],
        ['POST', 'ai-client/get-all-clients%20', {}],
        ['POST', 'ai-client/create-ai-client', { type: 'AI Client', client: 'OpenAI', model: 'gpt-4o' }],
        ['GET', `ai-client/get-ai-client/${client.id}`, undefined],
        ['PATCH', `ai-client/update-ai-client/${client.id}`, { purpose: 'Stolen', credentials: { apiKey: 'sk-x' } }],
        ['DELETE', `ai-client/delete-ai-client/${client.id}`, undefined],
      ] as const;
      for (const token of [ownerToken, agentToken]) {
        for (const [method, path, body] of requests) {
          const res = await call(ctx.server, method, path, { token, body });
          assert.deepEqual([res.status, res.body.type], [403, 'Forbidden'], `${method} ${path}`);
        }
      }
      const noToken = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { body: { type: 'AI Client', client: 'OpenAI', model: 'm' } });
      assert.equal(noToken.status, 401);
      assert.equal(await rowCount(), before);
      const after = await stored(client.id);
      assert.deepEqual([after?.purpose, after?.credentialsCiphertext], ['Kept', null]);
    });

    it('lets a USER read the enabled options for the agent builder (language models only once they have a key), but not an AGENT', async () => {
      const { ownerToken, agentToken } = await createTenant(ctx.server);
      const model = tag();
      const text = await createAiClientRow(ctx.server.db, { type: 'AI Client', provider: 'Claude', model, purpose: 'Sales', credentialsCiphertext: 'sealed' });
      // Enabled but given no key yet: it cannot answer a call, so the builder does not offer it.
      const keyless = await createAiClientRow(ctx.server.db, { type: 'AI Client', provider: 'OpenAI', model });
      const stt = await createAiClientRow(ctx.server.db, { type: 'STT Client', provider: 'Deepgram', model });
      const off = await createAiClientRow(ctx.server.db, { type: 'AI Client', provider: 'Gemini', model, enabled: false });
      const tts = await createAiClientRow(ctx.server.db, { type: 'TTS Client', provider: 'PlayHT', model });
      const res = await call(ctx.server, 'GET', 'ai-client/get-ai-clients', { token: ownerToken });
      assert.equal(res.status, 200);
      assertContract(contract.aiClient.getAiClients, res.body);
      const mine = (list: Array<{ id: string; model: string }>) => list.filter((c) => c.model === model);
      assert.deepEqual(mine(res.body.data.text), [{ id: text.id, name: 'Claude', model, purpose: 'Sales' }]);
      assert.deepEqual(mine(res.body.data.stt), [{ id: stt.id, name: 'Deepgram', model, purpose: null }]);
      const ids = JSON.stringify(res.body.data);
      assert.ok(!ids.includes(off.id) && !ids.includes(tts.id) && !ids.includes(keyless.id));
      const agent = await call(ctx.server, 'GET', 'ai-client/get-ai-clients', { token: agentToken });
      assert.equal(agent.status, 403);
    });
  });

  describe('ai-client: the admin list', () => {
    it('pages ten at a time, oldest first, and filters by provider name or model', async () => {
      const { token } = await createAdmin(ctx.server);
      const model = tag();
      const made: Array<Awaited<ReturnType<typeof createAiClientRow>>> = [];
      // Explicit creation times a millisecond apart: the embedded database's clock can give
      // rows inserted back to back the same now(), and the list orders ties by id.
      const start = Date.now() - 60_000;
      for (let i = 0; i < 12; i += 1) {
        made.push(await createAiClientRow(ctx.server.db, {
          model: `${model}-${String(i).padStart(2, '0')}`, provider: i === 11 ? 'Gemini' : 'OpenAI', createdAt: new Date(start + i),
        }));
      }
      const page1 = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { name: model } });
      assert.equal(page1.status, 200);
      assertContract(contract.aiClient.getAllClients, page1.body);
      assert.equal(page1.body.total, 12);
      assert.deepEqual(page1.body.data.map((c: { id: string }) => c.id), made.slice(0, 10).map((c) => c.id));
      const page2 = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { name: model, page: 2, limit: 10 } });
      assert.deepEqual(page2.body.data.map((c: { id: string }) => c.id), made.slice(10).map((c) => c.id));
      assert.deepEqual(page2.body.data[1], { id: made[11]!.id, name: 'Gemini', type: 'AI Client', model: `${model}-11`, purpose: null, enabled: true });

      const both = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { name: `${model}-1` } });
      assert.equal(both.body.total, 2, `${model}-10 and ${model}-11`);
      const byProvider = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { name: 'gemin', limit: 100 } });
      assert.ok(byProvider.body.data.some((c: { id: string }) => c.id === made[11]!.id));
      assert.ok(byProvider.body.data.every((c: { name: string }) => c.name === 'Gemini'));
    });

    it('answers the spec\'s path with its trailing space (URL-encoded) the same way', async () => {
      const { token } = await createAdmin(ctx.server);
      const model = tag();
      await createAiClientRow(ctx.server.db, { model });
      const plain = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { name: model } });
      const spaced = await call(ctx.server, 'POST', 'ai-client/get-all-clients%20', { token, body: { name: model } });
      assert.equal(spaced.status, 200);
      assert.deepEqual(spaced.body, plain.body);
      assert.equal(spaced.body.total, 1);
    });

    it('refuses a bad filter body with 400', async () => {
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'POST', 'ai-client/get-all-clients', { token, body: { page: 0, limit: 'ten' } });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors, ['Page starts at 1', 'Limit must be a number']);
    });
  });

  describe('ai-client: create', () => {
    it('adds an enabled client with no credentials', async () => {
      const { token } = await createAdmin(ctx.server);
      const model = tag();
      const res = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token, body: { type: 'STT Client', client: 'AssemblyAI', model: ` ${model} ` } });
      assert.equal(res.status, 200);
      assertContract(contract.aiClient.createAiClient, res.body);
      assert.deepEqual(
        { ...res.body.data, id: undefined, createdAt: undefined, updatedAt: undefined },
        { id: undefined, name: 'AssemblyAI', type: 'STT Client', model, purpose: null, enabled: true, hasCredentials: false, createdAt: undefined, updatedAt: undefined },
      );
      const row = await stored(res.body.data.id);
      assert.deepEqual([row?.provider, row?.type, row?.model], ['AssemblyAI', 'STT Client', model]);
    });

    it('refuses a missing field, an unknown provider or one that does not offer the type, and adds nothing', async () => {
      const { token } = await createAdmin(ctx.server);
      const before = await rowCount();
      const cases = [
        [{ client: 'OpenAI', model: 'm' }, 'Client Type is required'],
        [{ type: 'AI Client', model: 'm' }, 'Ai Client is required'],
        [{ type: 'AI Client', client: 'OpenAI', model: '  ' }, 'Ai Model is required'],
        [{ type: 'AI Client', client: 'Siri', model: 'm' }, 'Ai Client is required'],
        [{ type: 'STT Client', client: 'Claude', model: 'm' }, 'This Ai Client does not offer the chosen Client Type'],
      ] as const;
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token, body });
        assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
      }
      const raw = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token, rawBody: '{"type":' });
      assert.equal(raw.status, 400);
      assert.equal(await rowCount(), before);
    });
  });

  describe('ai-client: one client', () => {
    it('reads, edits model, purpose and the enabled flag, and deletes', async () => {
      const { token } = await createAdmin(ctx.server);
      const client = await createAiClientRow(ctx.server.db);
      const got = await call(ctx.server, 'GET', `ai-client/get-ai-client/${client.id}`, { token });
      assert.equal(got.status, 200);
      assertContract(contract.aiClient.getAiClient, got.body);
      assert.equal(got.body.data.model, client.model);

      const edited = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, {
        token, body: { model: 'gpt-4.1', purpose: 'Inbound reception', enabled: false },
      });
      assert.equal(edited.status, 200);
      assert.deepEqual([edited.body.data.model, edited.body.data.purpose, edited.body.data.enabled], ['gpt-4.1', 'Inbound reception', false]);
      assert.ok(edited.body.data.updatedAt > got.body.data.updatedAt);
      const cleared = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, { token, body: { purpose: null } });
      assert.equal(cleared.body.data.purpose, null);

      const gone = await call(ctx.server, 'DELETE', `ai-client/delete-ai-client/${client.id}`, { token });
      assert.deepEqual([gone.status, gone.body.data], [200, { id: client.id }]);
      const again = await call(ctx.server, 'GET', `ai-client/get-ai-client/${client.id}`, { token });
      assert.equal(again.status, 404);
      const twice = await call(ctx.server, 'DELETE', `ai-client/delete-ai-client/${client.id}`, { token });
      assert.equal(twice.status, 404);
    });

    it('answers a malformed id with 400 and an unknown one with 404, changing nothing', async () => {
      const { token } = await createAdmin(ctx.server);
      const before = await rowCount();
      for (const [method, path] of [
        ['GET', 'ai-client/get-ai-client/'], ['PATCH', 'ai-client/update-ai-client/'], ['DELETE', 'ai-client/delete-ai-client/'],
      ] as const) {
        const body = method === 'PATCH' ? { purpose: 'x' } : undefined;
        const bad = await call(ctx.server, method, `${path}not-a-uuid`, { token, body });
        assert.deepEqual([bad.status, bad.body.message], [400, 'Invalid id'], path);
        const missing = await call(ctx.server, method, `${path}${missingId()}`, { token, body });
        assert.equal(missing.status, 404, path);
      }
      assert.equal(await rowCount(), before);
    });

    it('refuses a bad update body with 400 and keeps the client as it was', async () => {
      const { token } = await createAdmin(ctx.server);
      const client = await createAiClientRow(ctx.server.db, { purpose: 'Before' });
      const cases = [
        [{}, 'Change at least one field'],
        [{ model: '' }, 'Ai Model is required'],
        [{ purpose: '<b>x</b>' }, 'Purpose: HTML tags are not allowed'],
        [{ enabled: 'yes' }, 'Enabled must be on or off'],
        [{ credentials: {} }, 'Enter an API key, or an access key id, secret access key and region'],
        [{ credentials: { accessKeyId: 'AK', secretAccessKey: 'S', region: 'us-east-1' } }, 'OpenAI needs an API key'],
      ] as const;
      for (const [body, message] of cases) {
        const res = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, { token, body });
        assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
      }
      const row = await stored(client.id);
      assert.deepEqual([row?.purpose, row?.model, row?.enabled, row?.credentialsCiphertext], ['Before', client.model, true, null]);
    });
  });

  describe('ai-client: credentials', () => {
    it('are stored encrypted with AES-256-GCM and never sent back', async () => {
      const { token } = await createAdmin(ctx.server);
      const client = await createAiClientRow(ctx.server.db, { provider: 'Elevenlabs', type: 'TTS Client' });
      const apiKey = `sk-live-${tag()}`;
      const res = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, { token, body: { credentials: { apiKey: ` ${apiKey} ` } } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.hasCredentials, true);
      assert.ok(!JSON.stringify(res.body).includes(apiKey));
      for (const [method, path, body] of [
        ['GET', `ai-client/get-ai-client/${client.id}`, undefined],
        ['POST', 'ai-client/get-all-clients', { name: client.model }],
      ] as const) {
        const read = await call(ctx.server, method, path, { token, body });
        assert.ok(!JSON.stringify(read.body).includes(apiKey), path);
        assert.ok(!JSON.stringify(read.body).includes('v1:'), path);
      }

      const ciphertext = (await stored(client.id))?.credentialsCiphertext ?? '';
      assert.match(ciphertext, /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
      assert.ok(!ciphertext.includes(apiKey));
      const cipher = createCredentialCipher(TEST_CONFIG.credentialsKey);
      assert.deepEqual(JSON.parse(cipher.decrypt(ciphertext, client.id)), { apiKey });
      // Bound to its row and its key: moved to another client or read with another key, it fails.
      assert.throws(() => cipher.decrypt(ciphertext, missingId()));
      assert.throws(() => createCredentialCipher('another-key-that-is-long-enough-0123456789').decrypt(ciphertext, client.id));
      // Each encryption has its own IV.
      assert.notEqual(cipher.encrypt('same', 'ctx'), cipher.encrypt('same', 'ctx'));
    });

    it('keep the base URL of another endpoint of the provider\'s API, for a model and a voice alike', async () => {
      const { token } = await createAdmin(ctx.server);
      const cipher = createCredentialCipher(TEST_CONFIG.credentialsKey);
      const model = await createAiClientRow(ctx.server.db, { provider: 'OpenAI', type: 'AI Client' });
      const voice = await createAiClientRow(ctx.server.db, { provider: 'Elevenlabs', type: 'TTS Client' });
      const credentials = { apiKey: 'ollama', baseUrl: ' http://127.0.0.1:11434/v1 ' };
      for (const client of [model, voice]) {
        const res = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${client.id}`, { token, body: { credentials } });
        assert.equal(res.status, 200);
        assert.ok(!JSON.stringify(res.body).includes('11434'));
      }
      const saved = async (id: string) => JSON.parse(cipher.decrypt((await stored(id))!.credentialsCiphertext!, id));
      assert.deepEqual(await saved(model.id), { apiKey: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' });
      assert.deepEqual(await saved(voice.id), { apiKey: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' });

      const bad = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${model.id}`, {
        token, body: { credentials: { apiKey: 'k', baseUrl: 'file:///etc/passwd' } },
      });
      assert.deepEqual([bad.status, bad.body.message], [400, 'Base URL must start with http:// or https://']);
      assert.deepEqual(await saved(model.id), { apiKey: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' });
    });

    it('take an AWS key pair and region for Amazon Polly, and nothing else', async () => {
      const { token } = await createAdmin(ctx.server);
      const polly = await createAiClientRow(ctx.server.db, { provider: 'Amazon Polly', type: 'TTS Client' });
      const keyOnly = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${polly.id}`, { token, body: { credentials: { apiKey: 'k' } } });
      assert.deepEqual([keyOnly.status, keyOnly.body.message], [400, 'Amazon Polly needs an access key id, secret access key and region']);
      assert.equal((await stored(polly.id))?.credentialsCiphertext, null);
      const credentials = { accessKeyId: 'AKIA1', secretAccessKey: 'secret/1', region: 'us-east-1', apiKey: 'stray' };
      const ok = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${polly.id}`, { token, body: { credentials } });
      assert.equal(ok.status, 200);
      const cipher = createCredentialCipher(TEST_CONFIG.credentialsKey);
      const saved = JSON.parse(cipher.decrypt((await stored(polly.id))!.credentialsCiphertext!, polly.id));
      assert.deepEqual(saved, { accessKeyId: 'AKIA1', secretAccessKey: 'secret/1', region: 'us-east-1' });
    });

    it('take an API key with the account\'s user ID for PlayHT, and keep a user ID for no one else', async () => {
      const { token } = await createAdmin(ctx.server);
      const playHt = await createAiClientRow(ctx.server.db, { provider: 'PlayHT', type: 'TTS Client' });
      const keyOnly = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${playHt.id}`, { token, body: { credentials: { apiKey: 'k' } } });
      assert.deepEqual([keyOnly.status, keyOnly.body.message], [400, 'PlayHT needs an API key and a user ID']);
      assert.equal((await stored(playHt.id))?.credentialsCiphertext, null);
      const ok = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${playHt.id}`, { token, body: { credentials: { apiKey: 'pht-key', userId: 'user-7' } } });
      assert.equal(ok.status, 200);
      const cipher = createCredentialCipher(TEST_CONFIG.credentialsKey);
      assert.deepEqual(JSON.parse(cipher.decrypt((await stored(playHt.id))!.credentialsCiphertext!, playHt.id)), { apiKey: 'pht-key', userId: 'user-7' });

      const elevenLabs = await createAiClientRow(ctx.server.db, { provider: 'Elevenlabs', type: 'TTS Client' });
      const stray = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${elevenLabs.id}`, { token, body: { credentials: { apiKey: 'el-key', userId: 'user-7' } } });
      assert.equal(stray.status, 200);
      assert.deepEqual(JSON.parse(cipher.decrypt((await stored(elevenLabs.id))!.credentialsCiphertext!, elevenLabs.id)), { apiKey: 'el-key' });
    });
  });
}
