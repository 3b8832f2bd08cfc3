import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { AGENT_REPLY_TOKENS_RANGE } from 'shared-contracts';
import { aiAgents, aiClients } from '../../src/db/schema';
import { createCredentialCipher } from '../../src/modules/ai-client/credential-cipher';
import { responderForAgent } from '../../src/modules/voice-agent/responders/pick-responder';
import { createAiClientRow, createTenant, uniquePhone } from '../factories';
import { startFakeProvider, type FakeProvider } from 'shared-test-kit';
import { TEST_CONFIG, call } from '../helpers/server';
import { rolledBack } from '../helpers/rolled-back';
import type { SuiteContext } from '../helpers/suite-context';

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk',
  handleCallType: 'inbound',
  greeting: 'Thanks for calling Acme Dental, how can I help?',
  prompt: 'Book cleanings.',
  voiceId: 'openai-nova',
  phoneNumber: uniquePhone(),
  ...overrides,
});

export function agentModelSettingsSuite(ctx: SuiteContext) {
  describe('agent model settings: temperature and longest reply', () => {
    const servers: FakeProvider[] = [];
    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
    });

    /** What the stand-in OpenAI-compatible provider receives when the stored agent answers "Hi". */
    async function requestFor(agentId: string) {
      const server = await startFakeProvider('openai', [[{ text: 'Hello.' }]]);
      servers.push(server);
      const responder = await rolledBack(ctx.server.db, async (tx) => {
        await tx.update(aiClients).set({ enabled: false }).where(eq(aiClients.type, 'AI Client'));
        const client = await createAiClientRow(tx, { provider: 'OpenAI', model: 'llama3.1' });
        const credentialsCiphertext = createCredentialCipher(TEST_CONFIG.credentialsKey)
          .encrypt(JSON.stringify({ apiKey: 'sk-settings', baseUrl: server.baseUrl }), client.id);
        await tx.update(aiClients).set({ credentialsCiphertext }).where(eq(aiClients.id, client.id));
        const [agent] = await tx.select().from(aiAgents).where(eq(aiAgents.id, agentId));
        return responderForAgent({ db: tx, config: TEST_CONFIG }, { ...agent!, textClientId: client.id });
      });
      const history = [{ speaker: 'caller' as const, text: 'Hi' }];
      for await (const token of responder.reply({ instructions: 'Be brief.', history, knowledge: [], tools: [], signal: new AbortController().signal })) {
        void token;
      }
      return server.requests[0]!.body;
    }

    it('the model receives the agent\'s temperature and longest reply', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: ownerToken, body: agentBody({ temperature: 0.3, maxReplyTokens: 200 }),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.data.temperature, 0.3);
      assert.equal(created.body.data.maxReplyTokens, 200);
      const sent = await requestFor(created.body.data.id);
      assert.equal(sent.temperature, 0.3);
      assert.equal(sent.max_tokens, 200);
    });

    it('left empty, the provider\'s default temperature and the house cap apply', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: agentBody() });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.data.temperature, null);
      const sent = await requestFor(created.body.data.id);
      assert.equal('temperature' in sent, false);
      assert.equal(sent.max_tokens, AGENT_REPLY_TOKENS_RANGE.max);
    });

    it('refuses a temperature or longest reply out of range, each under its field, saving nothing', async () => {
      const { ownerToken } = await createTenant(ctx.server, { plan: 'performance-suite' });
      const res = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: ownerToken, body: agentBody({ temperature: 3, maxReplyTokens: 10 }),
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.errors, [
        'Temperature must be from 0 to 2',
        `Longest reply must be from ${AGENT_REPLY_TOKENS_RANGE.min} to ${AGENT_REPLY_TOKENS_RANGE.max} tokens`,
      ]);
      const fractional = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: agentBody({ maxReplyTokens: 120.5 }) });
      assert.equal(fractional.status, 400);
      assert.deepEqual(fractional.body.errors, ['Longest reply must be whole tokens']);
    });
  });
}
