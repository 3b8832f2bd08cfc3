import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { PHONE_NUMBER_TAKEN_TEXT } from 'shared-contracts';
import { aiAgents, calls, smsConversations, smsMessages, users } from '../../src/db/schema';
import { createAdmin, createAiAgent, createTenant, uniquePhone } from '../factories';
import { simulatorDoor } from '../helpers/relay';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const agentBody = (phoneNumber: string | null, overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk', handleCallType: 'inbound', greeting: 'Hello, how can I help?', prompt: 'Answer questions.', voiceId: 'openai-nova',
  phoneNumber, ...overrides,
});

export function phoneNumbersSuite(ctx: SuiteContext) {
  const agentsOf = async (accountId: string) => ctx.server.db.select().from(aiAgents).where(eq(aiAgents.accountId, accountId));
  const agentRow = async (id: string) => (await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, id)))[0];
  const userRow = async (id: string) => (await ctx.server.db.select().from(users).where(eq(users.id, id)))[0];
  /** Which account and AI agent a call to `to` is logged for. */
  const ring = async (to: string) => {
    const rung = await simulatorDoor(ctx.server, 'inbound-call', { from: uniquePhone(), to });
    assert.equal(rung.status, 200, JSON.stringify(rung.body));
    const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, rung.body.data.callSid as string));
    return { accountId: row?.accountId, aiAgentId: row?.aiAgentId ?? null };
  };

  describe('phone numbers: each is one account\'s', () => {
    it('a USER cannot give a new AI agent another account\'s AI agent number or human agent line, and nothing is created', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const theirs = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'inbound' });
      for (const number of [theirs.phoneNumber, a.agent.agentNumber]) {
        const res = await call(ctx.server, 'POST', 'agent/create-agent', { token: b.ownerToken, body: agentBody(number) });
        assert.deepEqual([res.status, res.body.type, res.body.message], [409, 'Conflict', PHONE_NUMBER_TAKEN_TEXT], number!);
      }
      assert.equal((await agentsOf(b.account.id)).length, 0);
      // A's callers still reach A: its AI agent, and its human agent's line.
      assert.deepEqual(await ring(theirs.phoneNumber!), { accountId: a.account.id, aiAgentId: theirs.id });
      assert.deepEqual(await ring(a.agent.agentNumber!), { accountId: a.account.id, aiAgentId: null });
    });

    it('a USER cannot move an AI agent onto another account\'s AI agent number or human agent line, and the agent keeps its settings', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const theirs = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'inbound' });
      const mine = await createAiAgent(ctx.server.db, { accountId: b.account.id, name: 'Mine', handleCallType: 'inbound' });
      for (const number of [theirs.phoneNumber, a.agent.agentNumber]) {
        const res = await call(ctx.server, 'PATCH', `agent/update-agent/${mine.id}`, {
          token: b.ownerToken, body: { name: 'Renamed', phoneNumber: number },
        });
        assert.deepEqual([res.status, res.body.message], [409, PHONE_NUMBER_TAKEN_TEXT], number!);
      }
      const row = await agentRow(mine.id);
      assert.deepEqual([row?.name, row?.phoneNumber], ['Mine', mine.phoneNumber]);
      assert.deepEqual(await ring(theirs.phoneNumber!), { accountId: a.account.id, aiAgentId: theirs.id });
    });

    it('an administrator cannot give a user another account\'s AI agent number, and the account stays as it was', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const theirs = await createAiAgent(ctx.server.db, { accountId: a.account.id });
      const { token } = await createAdmin(ctx.server);
      const res = await call(ctx.server, 'PATCH', `account/update-account/${b.account.id}`, {
        token, body: { name: 'Renamed', roles: [{ id: b.agent.id, title: 'AGENT', twilio_number: theirs.phoneNumber }] },
      });
      assert.deepEqual([res.status, res.body.message], [409, PHONE_NUMBER_TAKEN_TEXT]);
      assert.equal((await userRow(b.agent.id))?.agentNumber, b.agent.agentNumber);
      const detail = await call(ctx.server, 'GET', `account/get-account/${b.account.id}`, { token });
      assert.equal(detail.body.data.name, b.account.name);
      assert.equal((await call(ctx.server, 'GET', `account/get-account-audit/${b.account.id}`, { token })).body.total, 0);
    });

    it('an account\'s own agents may share a number: an inbound and an outbound AI agent, and a human agent\'s line', async () => {
      const a = await createTenant(ctx.server);
      const { token } = await createAdmin(ctx.server);
      const number = a.agent.agentNumber!;
      const inbound = await call(ctx.server, 'POST', 'agent/create-agent', { token: a.ownerToken, body: agentBody(number) });
      assert.equal(inbound.status, 200, JSON.stringify(inbound.body));
      const outbound = await call(ctx.server, 'POST', 'agent/create-agent', { token: a.ownerToken, body: agentBody(number, { handleCallType: 'outbound' }) });
      assert.equal(outbound.status, 200, JSON.stringify(outbound.body));
      // The account's AI agent number given to another of its users by an administrator.
      const fresh = await createAiAgent(ctx.server.db, { accountId: a.account.id });
      const given = await call(ctx.server, 'PATCH', `account/update-account/${a.account.id}`, {
        token, body: { roles: [{ id: a.owner.id, title: 'USER', twilio_number: fresh.phoneNumber }] },
      });
      assert.equal(given.status, 200, JSON.stringify(given.body));
      assert.deepEqual(await ring(number), { accountId: a.account.id, aiAgentId: inbound.body.data.id });
    });

    it('two accounts claiming one free number at once: one account gets it', async () => {
      const { token } = await createAdmin(ctx.server);
      for (let round = 0; round < 3; round += 1) {
        const a = await createTenant(ctx.server);
        const b = await createTenant(ctx.server);
        const number = uniquePhone();
        const results = await Promise.all([
          call(ctx.server, 'POST', 'agent/create-agent', { token: a.ownerToken, body: agentBody(number) }),
          call(ctx.server, 'POST', 'agent/create-agent', { token: b.ownerToken, body: agentBody(number) }),
          call(ctx.server, 'PATCH', `account/update-account/${b.account.id}`, {
            token, body: { roles: [{ id: b.agent.id, title: 'AGENT', twilio_number: number }] },
          }),
        ]);
        const holders = new Set([
          ...(await ctx.server.db.select({ accountId: aiAgents.accountId }).from(aiAgents).where(eq(aiAgents.phoneNumber, number))),
          ...(await ctx.server.db.select({ accountId: users.accountId }).from(users).where(eq(users.agentNumber, number))),
        ].map((row) => row.accountId));
        assert.equal(holders.size, 1, JSON.stringify(results.map((r) => [r.status, r.body.message])));
        const refused = results.filter((r) => r.status === 409);
        assert.ok(refused.length >= 1 && refused.every((r) => r.body.message === PHONE_NUMBER_TAKEN_TEXT), JSON.stringify(results.map((r) => r.body)));
      }
    });

    it('a number two accounts hold from older data rings the human agent\'s line first, else the account of the oldest AI agent', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      // Written straight to the database, as data from before numbers were claimed.
      const first = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'outbound', createdAt: new Date(Date.now() - 60_000) });
      await createAiAgent(ctx.server.db, { accountId: b.account.id, handleCallType: 'inbound', phoneNumber: first.phoneNumber });
      const firstInbound = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'both', phoneNumber: first.phoneNumber });
      assert.deepEqual(await ring(first.phoneNumber!), { accountId: a.account.id, aiAgentId: firstInbound.id });

      await createAiAgent(ctx.server.db, { accountId: b.account.id, handleCallType: 'inbound', phoneNumber: a.agent.agentNumber });
      assert.deepEqual(await ring(a.agent.agentNumber!), { accountId: a.account.id, aiAgentId: null });
    });

    it('a number two accounts hold from older data calls out only for the account it rings: test calls and campaigns of the other are refused', async () => {
      const a = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const b = await createTenant(ctx.server, { plan: 'efficiency-plus' });
      const first = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'outbound', createdAt: new Date(Date.now() - 60_000) });
      const second = await createAiAgent(ctx.server.db, { accountId: b.account.id, handleCallType: 'outbound', phoneNumber: first.phoneNumber });
      const testCall = (token: string, agentId: string) =>
        call(ctx.server, 'POST', 'call/make-test-call', { token, body: { agentId, phoneNumber: uniquePhone() } });
      const refused = await testCall(b.ownerToken, second.id);
      assert.deepEqual([refused.status, refused.body.message], [409, PHONE_NUMBER_TAKEN_TEXT]);
      const campaign = await call(ctx.server, 'POST', 'campaign/toggle-campaign', { token: b.ownerToken, body: { agentId: second.id, status: true } });
      assert.deepEqual([campaign.status, campaign.body.message], [409, PHONE_NUMBER_TAKEN_TEXT]);
      assert.equal((await ctx.server.db.select().from(calls).where(eq(calls.accountId, b.account.id))).length, 0);

      const own = await testCall(a.ownerToken, first.id);
      assert.equal(own.status, 200, JSON.stringify(own.body));
    });

    it('a human agent\'s line moved to another account starts that account\'s own SMS threads and leaves the old account\'s behind', async () => {
      const a = await createTenant(ctx.server);
      const b = await createTenant(ctx.server);
      const { token } = await createAdmin(ctx.server);
      const number = a.agent.agentNumber!;
      const lead = uniquePhone();
      const send = (agentToken: string, content: string) => call(ctx.server, 'POST', 'conversation/send-sms', {
        token: agentToken, body: { toNumber: lead, content, agentNo: number, idempotencyKey: randomUUID() },
      });
      const list = (agentToken: string) => call(ctx.server, 'POST', `conversation/get-sms-list/${encodeURIComponent(number)}`, { token: agentToken, body: { searchText: '' } });

      const before = await send(a.agentToken, 'Your cleaning is on Friday');
      assert.equal(before.status, 200, JSON.stringify(before.body));
      const oldThread = before.body.data.conversationId as string;

      const freed = await call(ctx.server, 'PATCH', `account/update-account/${a.account.id}`, { token, body: { roles: [{ id: a.agent.id, title: 'AGENT', twilio_number: null }] } });
      assert.equal(freed.status, 200, JSON.stringify(freed.body));
      const given = await call(ctx.server, 'PATCH', `account/update-account/${b.account.id}`, { token, body: { roles: [{ id: b.agent.id, title: 'AGENT', twilio_number: number }] } });
      assert.equal(given.status, 200, JSON.stringify(given.body));

      const empty = await list(b.agentToken);
      assert.equal(empty.status, 200, JSON.stringify(empty.body));
      assert.deepEqual(empty.body.data, []);
      const theirs = await call(ctx.server, 'POST', `conversation/get-conversation-sms/${b.account.id}`, { token: b.agentToken, body: { conversation_id: oldThread } });
      assert.equal(theirs.status, 404);

      const sent = await send(b.agentToken, 'Hello from the new office');
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const newThread = sent.body.data.conversationId as string;
      assert.notEqual(newThread, oldThread);
      assert.equal((await simulatorDoor(ctx.server, 'inbound-sms', { from: lead, to: number, body: 'Thanks!' })).status, 200);

      const threads = await ctx.server.db.select().from(smsConversations).where(eq(smsConversations.leadNumber, lead));
      assert.deepEqual(
        threads.map((t) => [t.id, t.accountId]).sort(),
        [[oldThread, a.account.id], [newThread, b.account.id]].sort(),
      );
      const messagesOf = async (conversationId: string) =>
        (await ctx.server.db.select().from(smsMessages).where(eq(smsMessages.conversationId, conversationId))).map((m) => [m.accountId, m.content]).sort();
      assert.deepEqual(await messagesOf(oldThread), [[a.account.id, 'Your cleaning is on Friday']]);
      assert.deepEqual(await messagesOf(newThread), [[b.account.id, 'Hello from the new office'], [b.account.id, 'Thanks!']]);
      assert.deepEqual((await list(b.agentToken)).body.data.map((t: { conversationId: string }) => t.conversationId), [newThread]);
    });
  });
}
