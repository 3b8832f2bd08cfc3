import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contract } from 'shared-contracts';
import { createAiAgent, createCall, createTenant, createUser, setAgentStatus } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

export function agentsSuite(ctx: SuiteContext) {
  describe('agents', () => {
    it('get-agents lists the account\'s AI agents, oldest first', async () => {
      const { account, ownerToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const first = await createAiAgent(db, { accountId: account.id, createdAt: new Date(Date.now() - 60_000) });
      const second = await createAiAgent(db, { accountId: account.id, handleCallType: 'both', campaignActive: true });
      const other = await createTenant(ctx.server);
      await createAiAgent(db, { accountId: other.account.id });

      const res = await call(ctx.server, 'GET', `agent/get-agents/${account.id}`, { token: ownerToken });
      assert.equal(res.status, 200);
      assertContract(contract.agent.getAgents, res.body);
      assert.deepEqual(res.body.data.map((a: { id: string }) => a.id), [first.id, second.id]);
      assert.equal(res.body.data[1].handleCallType, 'both');
      assert.equal(res.body.data[1].campaignActive, true);
    });

    it('get-agents-overview counts calls per AI agent and shows human agents\' live status', async () => {
      const { account, agent, ownerToken } = await createTenant(ctx.server);
      const db = ctx.server.db;
      const busyAgent = await createUser(db, { accountId: account.id, role: 'AGENT' });
      const busyFrom = new Date(Date.now() - 90_000);
      await setAgentStatus(db, busyAgent.id, 'busy', busyFrom);
      const quiet = await createAiAgent(db, { accountId: account.id, createdAt: new Date(Date.now() - 60_000) });
      const talker = await createAiAgent(db, { accountId: account.id, campaignActive: true });
      const last = new Date(Date.now() - 5_000);
      await createCall(db, { accountId: account.id, aiAgentId: talker.id, startedAt: new Date(Date.now() - 50_000) });
      await createCall(db, { accountId: account.id, aiAgentId: talker.id, startedAt: last });

      const res = await call(ctx.server, 'GET', `agent/get-agents-overview/${account.id}`, { token: ownerToken });
      assert.equal(res.status, 200);
      assertContract(contract.agent.getAgentsOverview, res.body);
      const data = res.body.data;
      assert.deepEqual([data.totalAgents, data.activeCampaigns], [2, 1]);
      const byId = new Map(data.agents.map((a: { id: string }) => [a.id, a]));
      assert.deepEqual(byId.get(quiet.id), { ...byId.get(quiet.id) as object, callCount: 0, lastCallAt: null });
      assert.deepEqual(byId.get(talker.id), { ...byId.get(talker.id) as object, callCount: 2, lastCallAt: last.toISOString() });
      const humans = new Map(data.humanAgents.map((h: { agentId: string }) => [h.agentId, h]));
      assert.equal(humans.size, 2);
      assert.deepEqual(humans.get(agent.id), {
        agentId: agent.id, status: 'offline', busyFrom: null, awayReason: null, since: null, fullName: `${agent.firstName} ${agent.lastName}`, agentNumber: agent.agentNumber,
      });
      assert.equal((humans.get(busyAgent.id) as { status: string }).status, 'busy');
      assert.equal((humans.get(busyAgent.id) as { busyFrom: string }).busyFrom, busyFrom.toISOString());
    });
  });
}
