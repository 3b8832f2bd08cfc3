import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { freePort } from 'own-services';
import { CALL_END_REASONS, TRANSFER_TEXTS } from 'shared-contracts';
import { aiClients } from '../../src/db/schema';
import { createAdmin, createAiAgent, createTenant, uniquePhone } from '../factories';
import { callRecordOf } from '../helpers/call-record';
import { sayAndListen } from '../helpers/caller-experience';
import { RelayLine } from '../helpers/relay-line';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

/** The longest a caller may wait for the agent's next words. */
const ANSWER_MS = 4_000;

/**
 * A caller who asks for a person is heard by the session itself, so the way out works when the
 * agent's model is down: here every agent's model is a server that refuses connections.
 */
export function askingForAPersonSuite(ctx: SuiteContext) {
  describe('a caller asking for a person, with the model down', () => {
    let clientId = '';
    before(async () => {
      const admin = await createAdmin(ctx.server);
      const created = await call(ctx.server, 'POST', 'ai-client/create-ai-client', { token: admin.token, body: { type: 'AI Client', client: 'OpenAI', model: 'fake-model' } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      clientId = created.body.data.id;
      // Nothing listens on the port.
      const updated = await call(ctx.server, 'PATCH', `ai-client/update-ai-client/${clientId}`, {
        token: admin.token, body: { credentials: { apiKey: 'sk-test-key', baseUrl: `http://127.0.0.1:${await freePort()}/v1` } },
      });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
    });
    // AI clients are global: the suites after this one answer with the local responder again.
    after(() => ctx.server.db.delete(aiClients).where(eq(aiClients.id, clientId)));

    it('is put through to the transfer number however they ask: in words or by pressing 0', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const transferNumber = uniquePhone();
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId, transferNumber });
      const asks = ['operator', 'Representative, please.', 'a human', 'an agent', 'I want to speak to a person', 'press 0'];
      const heard = await Promise.all(asks.map(async (ask) => {
        const { line, callId } = await RelayLine.dial(ctx.server, agent.phoneNumber!, uniquePhone());
        const started = Date.now();
        let reply: string | null;
        if (ask === 'press 0') {
          line.press('0');
          reply = await line.nextReply(ANSWER_MS).catch(() => null);
        } else {
          reply = (await sayAndListen(line, ask, ANSWER_MS)).reply;
        }
        await line.until(() => line.ended, ANSWER_MS);
        const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason != null);
        await line.hangUp();
        return { ask, reply, ms: Date.now() - started, handoff: line.handoff, endReason: record?.endReason };
      }));
      for (const each of heard) {
        assert.deepEqual(
          { ask: each.ask, reply: each.reply, handoff: each.handoff, endReason: each.endReason },
          { ask: each.ask, reply: TRANSFER_TEXTS.toNumber, handoff: { reasonCode: 'transfer-to-number', reason: each.handoff?.reason ?? '', transferTo: transferNumber }, endReason: CALL_END_REASONS.transferredToNumber },
        );
      }
    });

    it('who only mentions a person is answered, not transferred', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, handleCallType: 'inbound', textClientId: clientId, transferNumber: uniquePhone() });
      const { line } = await RelayLine.dial(ctx.server, agent.phoneNumber!, uniquePhone());
      const { reply } = await sayAndListen(line, "I'm the person who called yesterday about a filling.", ANSWER_MS);
      assert.ok(reply !== null && !Object.values(TRANSFER_TEXTS).some((text) => reply.includes(text)), `answered with ${JSON.stringify(reply)}`);
      assert.equal(line.ended, false, 'the call goes on');
      await line.hangUp();
    });

    it('with nobody to take them and no number to call back on, leaves a message with a number: the call log shows it', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(ctx.server.db, { accountId: t.account.id, textClientId: clientId, greeting: 'Browser line, hello.' });
      // A conversation in the browser has no caller ID to call back on.
      const started = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const { callId, callSid, relayPath } = started.body.data as { callId: string; callSid: string; relayPath: string };
      const line = new RelayLine(`${ctx.server.origin.replace(/^http/, 'ws')}${relayPath}`);
      await line.opened;
      line.setup(callSid, callId, 'browser', 'agent');
      const steps: Array<[string, string]> = [
        ['Can I talk to a real person?', TRANSFER_TEXTS.nobodyAvailable],
        ['This is Sam Carter.', TRANSFER_TEXTS.askReason],
        ['I would like a refund for my last visit.', TRANSFER_TEXTS.askNumber],
        ['It is 555 123 4567.', TRANSFER_TEXTS.messageTaken],
      ];
      for (const [say, expected] of steps) {
        const { reply, silenceMs } = await sayAndListen(line, say, ANSWER_MS);
        assert.equal(reply, expected, `after "${say}" (${silenceMs} ms)`);
      }
      assert.ok(await line.until(() => line.ended, ANSWER_MS), 'the agent ends the call once the message is taken');
      assert.equal(line.handoff?.reasonCode, 'call-ended');
      await line.hangUp();
      const record = await waitFor(() => callRecordOf(ctx.server, t.ownerToken, callId), (r) => r?.endReason != null && r.callbackRequest != null);
      assert.equal(record?.endReason, CALL_END_REASONS.messageTaken);
      const callback = record?.callbackRequest;
      assert.deepEqual([callback?.callerName, callback?.phoneNumber], ['Sam Carter', '+15551234567']);
      assert.match(callback!.reason, /refund/);
      const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: {} });
      const row = (logs.body.data as Array<{ id: string; callbackRequest: unknown; endReason: string }>).find((r) => r.id === callId);
      assert.deepEqual(row?.callbackRequest, record?.callbackRequest, 'the call logs show the message');
    });
  });
}
