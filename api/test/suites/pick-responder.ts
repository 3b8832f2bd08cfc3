import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import type { Db } from '../../src/db/client';
import { aiClients } from '../../src/db/schema';
import { createCredentialCipher } from '../../src/modules/ai-client/credential-cipher';
import { responderForAgent, responderLabelForAgent } from '../../src/modules/voice-agent/responders/pick-responder';
import { createAiClientRow } from '../factories';
import { startFakeProvider, type FakeProvider } from 'shared-test-kit';
import { TEST_CONFIG } from '../helpers/server';
import { rolledBack } from '../helpers/rolled-back';
import type { SuiteContext } from '../helpers/suite-context';

const noClients = (tx: Db) => tx.update(aiClients).set({ enabled: false }).where(eq(aiClients.type, 'AI Client'));

async function clientWithKey(tx: Db, values: Parameters<typeof createAiClientRow>[1], credentials: object, key = TEST_CONFIG.credentialsKey) {
  const row = await createAiClientRow(tx, values);
  const credentialsCiphertext = createCredentialCipher(key).encrypt(JSON.stringify(credentials), row.id);
  await tx.update(aiClients).set({ credentialsCiphertext }).where(eq(aiClients.id, row.id));
  return row;
}

export function pickResponderSuite(ctx: SuiteContext) {
  describe('pick-responder: who answers an agent\'s calls', () => {
    const servers: FakeProvider[] = [];
    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });
    const deps = (tx: Db) => ({ db: tx, config: TEST_CONFIG });

    it('is the local responder when no AI client is enabled with credentials', async () => {
      const labels = await rolledBack(ctx.server.db, async (tx) => {
        await noClients(tx);
        const off = await clientWithKey(tx, { provider: 'OpenAI', enabled: false }, { apiKey: 'sk-off' });
        const keyless = await createAiClientRow(tx, { provider: 'Claude' });
        const voice = await clientWithKey(tx, { provider: 'OpenAI', type: 'TTS Client' }, { apiKey: 'sk-voice' });
        return Promise.all([null, off.id, keyless.id, voice.id].map((textClientId) => responderLabelForAgent(deps(tx), { textClientId })));
      });
      assert.deepEqual(labels, Array(4).fill(LOCAL_RESPONDER_LABEL));
    });

    it('is the agent\'s chosen client, else the first enabled one, skipping one whose key cannot be read', async () => {
      const picked = await rolledBack(ctx.server.db, async (tx) => {
        await noClients(tx);
        await clientWithKey(tx, { provider: 'OpenAI', model: 'unreadable' }, { apiKey: 'sk-old' }, 'a-credentials-key-that-is-no-longer-in-use-0123');
        await clientWithKey(tx, { provider: 'Gemini', model: 'gemini-2.0-flash' }, { apiKey: 'g-key' });
        const chosen = await clientWithKey(tx, { provider: 'Claude', model: 'claude-3-5-haiku' }, { apiKey: 'c-key' });
        const offChoice = await clientWithKey(tx, { provider: 'OpenAI', model: 'gpt-4o', enabled: false }, { apiKey: 'o-key' });
        return Promise.all([chosen.id, null, offChoice.id].map((textClientId) => responderLabelForAgent(deps(tx), { textClientId })));
      });
      assert.deepEqual(picked, ['Claude claude-3-5-haiku', 'Gemini gemini-2.0-flash', 'Gemini gemini-2.0-flash']);
    });

    it('decrypts the key on the server and sends it, with the stored base URL, only to the provider', async () => {
      const server = await startFakeProvider('openai', [[{ text: 'Hello' }, { text: ' there.' }]]);
      servers.push(server);
      const apiKey = 'sk-company-gateway-7788';
      const responder = await rolledBack(ctx.server.db, async (tx) => {
        await noClients(tx);
        const client = await clientWithKey(tx, { provider: 'OpenAI', model: 'llama3.1' }, { apiKey, baseUrl: server.baseUrl });
        return responderForAgent(deps(tx), { textClientId: client.id });
      });
      assert.equal(responder.label, 'OpenAI llama3.1');
      const tokens: string[] = [];
      const history = [{ speaker: 'caller' as const, text: 'Hi' }];
      for await (const token of responder.reply({ instructions: 'Be brief.', history, knowledge: [], tools: [], signal: new AbortController().signal })) {
        tokens.push(token);
      }
      assert.deepEqual(tokens, ['Hello', ' there.']);
      assert.equal(server.requests[0]!.headers.authorization, `Bearer ${apiKey}`);
    });
  });
}
