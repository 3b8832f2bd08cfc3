import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { callRatings } from '../../src/db/schema';
import { createAiAgent, createAiClientRow, createCall, createTenant, missingId } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

/** Endpoints of the contract that other screens and integrations depend on. */
export function contractEndpointsSuite(ctx: SuiteContext) {
  describe('contract endpoints', () => {
    it('a USER attaches an enabled AI and STT client from get-ai-clients to a new agent, and a disabled one is not found', async () => {
      const { ownerToken } = await createTenant(ctx.server);
      const text = await createAiClientRow(ctx.server.db, { type: 'AI Client', credentialsCiphertext: 'sealed' });
      const stt = await createAiClientRow(ctx.server.db, { type: 'STT Client', provider: 'Deepgram' });
      const off = await createAiClientRow(ctx.server.db, { type: 'AI Client', enabled: false });
      const options = await call(ctx.server, 'GET', 'ai-client/get-ai-clients', { token: ownerToken });
      assert.equal(options.status, 200);
      assert.ok(JSON.stringify(options.body.data).includes(text.id), 'the enabled client is offered');

      const agent = {
        name: 'Front Desk', handleCallType: 'inbound', greeting: 'Hello, how can I help?', prompt: 'Answer questions.',
        voiceId: 'openai-nova', textClientId: text.id, sttClientId: stt.id,
      };
      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: agent });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual([created.body.data.textClientId, created.body.data.sttClientId], [text.id, stt.id]);

      const disabled = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: { ...agent, textClientId: off.id } });
      assert.equal(disabled.status, 404);
      const unknown = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: { ...agent, sttClientId: missingId() } });
      assert.equal(unknown.status, 404);

      // A client of another kind in a slot is refused, on create and on update, and nothing changes.
      const tts = await createAiClientRow(ctx.server.db, { type: 'TTS Client', provider: 'Elevenlabs' });
      const swapped = [
        [{ textClientId: stt.id }, 'Choose an AI model'],
        [{ textClientId: tts.id }, 'Choose an AI model'],
        [{ sttClientId: text.id }, 'Choose a speech-to-text client'],
      ] as const;
      for (const [slots, message] of swapped) {
        const refused = await call(ctx.server, 'POST', 'agent/create-agent', { token: ownerToken, body: { ...agent, ...slots } });
        assert.deepEqual([refused.status, refused.body.message], [400, message], JSON.stringify(slots));
        const edit = await call(ctx.server, 'PATCH', `agent/update-agent/${created.body.data.id}`, { token: ownerToken, body: slots });
        assert.deepEqual([edit.status, edit.body.message], [400, message], JSON.stringify(slots));
      }
      const kept = await call(ctx.server, 'GET', `agent/get-agent/${created.body.data.id}`, { token: ownerToken });
      assert.deepEqual([kept.body.data.textClientId, kept.body.data.sttClientId], [text.id, stt.id]);
    });

    it('get-account-overview gives every role its own account at a glance and hides other accounts', async () => {
      const mine = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      await createAiAgent(ctx.server.db, { accountId: mine.account.id });
      await createCall(ctx.server.db, { accountId: mine.account.id, durationSeconds: 61 });
      for (const token of [mine.ownerToken, mine.agentToken]) {
        const res = await call(ctx.server, 'GET', `account/get-account-overview/${mine.account.id}`, { token });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assertContract(contract.account.getAccountOverview, res.body);
        const data = res.body.data;
        assert.equal(data.account.name, mine.account.name);
        assert.deepEqual(
          [data.aiAgentCount, data.aiAgentLimit, data.humanAgentCount, data.callsThisMonth, data.usage.minutesUsed, data.usage.minuteQuota],
          [1, 3, 1, 1, 2, 30],
        );
      }
      const foreign = await call(ctx.server, 'GET', `account/get-account-overview/${other.account.id}`, { token: mine.ownerToken });
      assert.equal(foreign.status, 404);
    });

    it('submit-feedback stores an agent\'s rating of a softphone call and refuses another account\'s call', async () => {
      const mine = await createTenant(ctx.server);
      const other = await createTenant(ctx.server);
      const callSid = `CA${missingId().replace(/-/g, '')}`;
      const phoneCall = await createCall(ctx.server.db, { accountId: mine.account.id, callSid });
      const body = { callSid, score: 2, issue: 'echo' };
      const res = await call(ctx.server, 'POST', 'call/submit-feedback', { token: mine.agentToken, body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assertContract(contract.call.submitFeedback, res.body);
      const again = await call(ctx.server, 'POST', 'call/submit-feedback', { token: mine.agentToken, body: { callSid, score: 4 } });
      assert.equal(again.status, 200);
      const rows = await ctx.server.db.select().from(callRatings)
        .where(and(eq(callRatings.callId, phoneCall.id), eq(callRatings.userId, mine.agent.id)));
      assert.deepEqual(rows.map((r) => [r.score, r.issue]), [[4, null]]);

      const foreign = await call(ctx.server, 'POST', 'call/submit-feedback', { token: other.agentToken, body });
      assert.equal(foreign.status, 404);
    });
  });
}
