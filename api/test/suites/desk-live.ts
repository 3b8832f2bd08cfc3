import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LiveDesk } from 'shared-contracts';
import { createAiAgent, createTenant, createUser, setAgentStatus, uniquePhone } from '../factories';
import { dialAiAgent, simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { onlineAgent } from '../helpers/simulator-device';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const board = async (server: TestServer, token: string) => {
  const res = await call(server, 'GET', 'desk/get-live-desk', { token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as LiveDesk;
};

export function deskLiveSuite(ctx: SuiteContext) {
  describe('the live desk', () => {
    it('shows who waits and who handed them over, each agent\'s current call, and the AI agents\' calls with their last line', async () => {
      const a = await onlineAgent(ctx.server);
      const caller = uniquePhone();
      const { callSid } = (await simulator(ctx.server, 'inbound-call', { from: caller, to: a.agent.agentNumber })).body.data as { callSid: string };
      assert.equal((await a.device.next()).type, 'incoming');
      const ringing = await board(ctx.server, a.ownerToken);
      assert.deepEqual(ringing.queue.map(({ phoneNumber, handedOverBy, reason }) => ({ phoneNumber, handedOverBy, reason })), [{ phoneNumber: caller, handedOverBy: null, reason: null }]);
      assert.deepEqual(ringing.agents.map(({ agentId, status, currentCall }) => ({ agentId, status, currentCall })), [{ agentId: a.agent.id, status: 'available', currentCall: null }]);

      a.device.send({ type: 'accept', callSid });
      assert.deepEqual(await a.device.next(), { type: 'accepted', callSid });
      const talking = await board(ctx.server, a.ownerToken);
      assert.deepEqual(talking.queue, []);
      const [me] = talking.agents;
      assert.equal(me?.status, 'busy');
      assert.deepEqual({ ...me?.currentCall, since: undefined, callId: undefined }, {
        direction: 'inbound', phoneNumber: caller, callerName: null, since: undefined, callId: undefined, heldSince: null, consultWith: null, callSid, supervision: null,
      });
      assert.ok(Date.now() - Date.parse(me!.currentCall!.since) < 10_000);

      // An AI agent's call: listed with its last line while no person has it; handed over (a
      // colleague is available), it waits with the AI agent's name and why.
      const colleague = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT' });
      await setAgentStatus(ctx.server.db, colleague.id, 'available');
      const receptionist = await createAiAgent(ctx.server.db, { accountId: a.account.id, name: 'Front Desk', handleCallType: 'inbound', greeting: 'Hi there.' });
      const aiCaller = uniquePhone();
      const { caller: relay, callId } = await dialAiAgent(ctx.server, receptionist.phoneNumber!, aiCaller);
      relay.say('What are your opening hours?');
      const reply = await relay.nextReply();
      const withAi = await waitFor(() => board(ctx.server, a.ownerToken), (d) => d.aiCalls[0]?.lastLine?.authorType === 'ai');
      assert.deepEqual(withAi.aiCalls.map(({ callId: id, aiAgentName, phoneNumber, lastLine }) => ({ id, aiAgentName, phoneNumber, lastLine })),
        [{ id: callId, aiAgentName: 'Front Desk', phoneNumber: aiCaller, lastLine: { authorType: 'ai', content: reply } }]);
      const ended = new Promise((resolve) => relay.once('end', resolve));
      relay.say('Can I talk to a real person about my bill?');
      await relay.nextReply();
      await Promise.race([ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the AI agent did not hand the caller over')), 10_000))]);
      // The handover lands just after the AI's session ends.
      const handedOver = await waitFor(() => board(ctx.server, a.ownerToken), (d) => d.queue.length === 1);
      assert.deepEqual(handedOver.aiCalls, []);
      assert.equal(handedOver.queue.length, 1);
      assert.equal(handedOver.queue[0]?.phoneNumber, aiCaller);
      assert.equal(handedOver.queue[0]?.handedOverBy, 'Front Desk');
      assert.match(handedOver.queue[0]?.reason ?? '', /bill/);

      // The account's own desk only, and the USER's alone.
      const other = await createTenant(ctx.server);
      assert.deepEqual(handedOver.agents.map((m) => m.agentId).sort(), [a.agent.id, colleague.id].sort());
      const theirs = await board(ctx.server, other.ownerToken);
      assert.deepEqual([theirs.queue, theirs.aiCalls, theirs.agents.map((m) => m.agentId)], [[], [], [other.agent.id]]);
      assert.equal((await call(ctx.server, 'GET', 'desk/get-live-desk', { token: a.agentToken })).status, 403);
      await relay.hangUp();
      await simulator(ctx.server, `calls/${callSid}/hangup`);
      a.room.close();
      a.device.close();
    });
  });
}
