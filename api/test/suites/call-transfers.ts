import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  CALL_END_REASONS, contract, TRANSFER_TEXTS, type CallLog,
} from 'shared-contracts';
import { webhookEvents } from '../../src/db/schema';
import { createAiAgent, createTenant, createWebhookEndpoint, setAgentStatus, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const ended = (caller: { once(event: 'end', listener: () => void): unknown }) => new Promise<void>((resolve) => caller.once('end', resolve));

export function callTransfersSuite(ctx: SuiteContext) {
  const db = () => ctx.server.db;

  async function callLogOf(token: string, callId: string): Promise<CallLog | undefined> {
    const logs = await call(ctx.server, 'POST', 'call/get-call-logs', { token, body: { limit: 50 } });
    assertContract(contract.call.getCallLogs, logs.body);
    return (logs.body.data as CallLog[]).find((c) => c.id === callId);
  }

  describe('A caller asking for a person goes where the agent says', () => {
    answeredByLocalResponder(ctx);

    it('with no human agent on line, the agent\'s transfer number takes the call, and the call says so', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'inbound', transferNumber: '+15550001111' });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const done = ended(caller);
      caller.say('Operator, please.');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.toNumber);
      await done;
      assert.deepEqual(caller.handoff, { reasonCode: 'transfer-to-number', reason: 'Operator, please.', transferTo: '+15550001111' });
      await caller.hangUp();
      const log = await waitFor(() => callLogOf(t.ownerToken, callId), (c) => c?.status === 'completed');
      assert.equal(log!.endReason, CALL_END_REASONS.transferredToNumber);
    });

    it('with nobody to take the caller, the agent takes a message: the call log shows the call back, and the webhook goes out', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      await createWebhookEndpoint(ctx.server, t.ownerToken, { url: 'https://hooks.example.com/callbacks', events: ['call.callback_requested'] });
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'inbound' });
      const from = uniquePhone();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      caller.say('I want to speak to a human');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.nobodyAvailable);
      caller.say('My name is Ada Lovelace');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.askReason);
      const done = ended(caller);
      caller.say('The invoice I got shows the wrong amount');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.messageTaken);
      await done;
      assert.equal(caller.handoff?.reasonCode, 'call-ended');
      await caller.hangUp();

      const log = await waitFor(() => callLogOf(t.ownerToken, callId), (c) => c?.status === 'completed' && c.callbackRequest !== null);
      assert.equal(log!.endReason, CALL_END_REASONS.messageTaken);
      assert.deepEqual({ ...log!.callbackRequest, requestedAt: undefined }, {
        callerName: 'Ada Lovelace', phoneNumber: from, reason: 'The invoice I got shows the wrong amount', requestedAt: undefined,
      });
      const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.accountId, t.account.id));
      assert.equal(event?.type, 'call.callback_requested');
      assert.deepEqual((event!.payload as { data: unknown }).data, {
        callId, callerName: 'Ada Lovelace', phoneNumber: from, reason: 'The invoice I got shows the wrong amount',
      });
      const other = await createTenant(ctx.server, { plan: 'performance-suite' });
      assert.equal(await callLogOf(other.ownerToken, callId), undefined);
    });

    it('a caller who hangs up while leaving a message still leaves what they said', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'inbound' });
      const from = uniquePhone();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, from);
      caller.press('0');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.nobodyAvailable);
      caller.say('Grace Hopper');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.askReason);
      await caller.hangUp();
      const log = await waitFor(() => callLogOf(t.ownerToken, callId), (c) => c?.callbackRequest != null && c.endReason !== null);
      assert.deepEqual([log!.callbackRequest!.callerName, log!.callbackRequest!.phoneNumber, log!.callbackRequest!.reason],
        ['Grace Hopper', from, 'The caller pressed 0 for a person.']);
      assert.equal(log!.endReason, CALL_END_REASONS.messageTaken);
    });

    it('a person is heard for before the agent\'s own reply: with an agent on line the caller is queued', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      await setAgentStatus(db(), t.agent.id, 'available');
      const agent = await createAiAgent(db(), { accountId: t.account.id, handleCallType: 'inbound', transferNumber: '+15550002222' });
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber!, uniquePhone());
      const done = ended(caller);
      caller.say('representative');
      assert.equal(await caller.nextReply(), TRANSFER_TEXTS.toQueue);
      await done;
      assert.equal(caller.handoff?.reasonCode, 'live-agent-handoff');
      await caller.hangUp();
      const log = await waitFor(() => callLogOf(t.ownerToken, callId), (c) => c?.endReason !== null);
      assert.equal(log!.endReason, CALL_END_REASONS.handedToPerson);
    });
  });
}
