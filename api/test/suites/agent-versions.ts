import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { AGENT_SETTING_NAMES, VERSION_ALREADY_CURRENT_TEXT, contract } from 'shared-contracts';
import { calls } from '../../src/db/schema';
import { createAiAgent, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

const agentBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Front Desk', handleCallType: 'both', greeting: 'Hello, Front Desk here.', prompt: 'Answer questions and book visits.',
  voiceId: 'openai-alloy', phoneNumber: uniquePhone(), ...overrides,
});

const callRowOf = (server: TestServer, callId: string) =>
  server.db.select().from(calls).where(eq(calls.id, callId)).then((rows) => rows[0]);

export function agentVersionsSuite(ctx: SuiteContext) {
  describe('agent versions', () => {
    answeredByLocalResponder(ctx);

    async function newAgent(t: Tenant, overrides: Record<string, unknown> = {}) {
      const created = await call(ctx.server, 'POST', 'agent/create-agent', { token: t.ownerToken, body: agentBody(overrides) });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      return created.body.data as { id: string; phoneNumber: string; version: number } & Record<string, unknown>;
    }
    const versionsOf = (token: string, agentId: string) => call(ctx.server, 'GET', `agent/get-agent-versions/${agentId}`, { token });
    const versionOf = (token: string, agentId: string, version: number | string) =>
      call(ctx.server, 'GET', `agent/get-agent-version/${agentId}?version=${version}`, { token });
    const update = (token: string, agentId: string, body: Record<string, unknown>) =>
      call(ctx.server, 'PATCH', `agent/update-agent/${agentId}`, { token, body });
    const restore = (token: string, agentId: string, version: number) =>
      call(ctx.server, 'POST', `agent/restore-agent-version/${agentId}`, { token, body: { version } });

    it('creating an agent saves version 1; a change saves the next version with what changed, who and when; a save that changes nothing saves none', async () => {
      const t = await createTenant(ctx.server);
      const agent = await newAgent(t);
      assert.equal(agent.version, 1);

      const first = await versionsOf(t.ownerToken, agent.id);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assertContract(contract.agentVersion.getAgentVersions, first.body);
      assert.equal(first.body.data.length, 1);
      const owner = { name: `${t.owner.firstName} ${t.owner.lastName}`, email: t.owner.email };
      assert.deepEqual({ ...first.body.data[0], createdAt: undefined }, { version: 1, changed: AGENT_SETTING_NAMES, savedBy: owner, current: true, createdAt: undefined });

      const changed = await update(t.ownerToken, agent.id, { greeting: 'Hi, thanks for calling.', maxCallMinutes: 15, name: 'Front Desk' });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.equal(changed.body.data.version, 2);

      // The form saves every field each time: the same values again make no version.
      const { id: _id, version: _v, ...settings } = changed.body.data as Record<string, unknown>;
      const same = await update(t.ownerToken, agent.id, Object.fromEntries(AGENT_SETTING_NAMES.map((name) => [name, settings[name]])));
      assert.equal(same.status, 200, JSON.stringify(same.body));
      assert.equal(same.body.data.version, 2);

      const list = await versionsOf(t.ownerToken, agent.id);
      assert.deepEqual(list.body.data.map((v: { version: number; changed: string[]; current: boolean }) => [v.version, v.changed, v.current]), [
        [2, ['greeting', 'maxCallMinutes'], true],
        [1, AGENT_SETTING_NAMES, false],
      ]);
      assert.deepEqual(list.body.data[0].savedBy, owner);
      assert.ok(Date.parse(list.body.data[0].createdAt) >= Date.parse(list.body.data[1].createdAt));
    });

    it('each version keeps every setting it had, to compare two', async () => {
      const t = await createTenant(ctx.server);
      const agent = await newAgent(t, { workingHours: { days: ['mon', 'tue'], start: '09:00', end: '17:00' }, temperature: 0.7 });
      await update(t.ownerToken, agent.id, { prompt: 'Book visits only.', workingHours: { days: ['sat'], start: '10:00', end: '14:00' } });

      const one = await versionOf(t.ownerToken, agent.id, 1);
      const two = await versionOf(t.ownerToken, agent.id, 2);
      assert.equal(one.status, 200, JSON.stringify(one.body));
      assertContract(contract.agentVersion.getAgentVersion, one.body);
      assertContract(contract.agentVersion.getAgentVersion, two.body);
      assert.deepEqual(Object.keys(one.body.data.settings).sort(), [...AGENT_SETTING_NAMES].sort());
      assert.equal(one.body.data.settings.prompt, 'Answer questions and book visits.');
      assert.equal(one.body.data.settings.temperature, 0.7);
      assert.deepEqual(one.body.data.settings.workingHours, { days: ['mon', 'tue'], start: '09:00', end: '17:00' });
      assert.equal(two.body.data.settings.prompt, 'Book visits only.');
      assert.deepEqual(two.body.data.changed, ['prompt', 'workingHours']);
      const differ = AGENT_SETTING_NAMES.filter((name) => JSON.stringify(one.body.data.settings[name]) !== JSON.stringify(two.body.data.settings[name]));
      assert.deepEqual(differ, ['prompt', 'workingHours']);
      // No secrets, ids or campaign state in a version.
      assert.equal('toolSecretPrefix' in one.body.data.settings || 'campaignActive' in one.body.data.settings || 'id' in one.body.data.settings, false);

      assert.equal((await versionOf(t.ownerToken, agent.id, 3)).status, 404);
      assert.equal((await versionOf(t.ownerToken, agent.id, 'first')).status, 400);
    });

    it('restoring a version saves a new one with its settings, and the history stays', async () => {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const agent = await newAgent(t, { knowledge: 'We open at nine.' });
      await update(t.ownerToken, agent.id, { greeting: 'Good day!', knowledge: 'We open at ten.', recordCalls: false });

      const restored = await restore(t.ownerToken, agent.id, 1);
      assert.equal(restored.status, 200, JSON.stringify(restored.body));
      assertContract(contract.agentVersion.restoreAgentVersion, restored.body);
      assert.equal(restored.body.data.version, 3);
      assert.equal(restored.body.data.greeting, 'Hello, Front Desk here.');
      assert.equal(restored.body.data.knowledge, 'We open at nine.');
      assert.equal(restored.body.data.recordCalls, true);

      const [one, three] = await Promise.all([versionOf(t.ownerToken, agent.id, 1), versionOf(t.ownerToken, agent.id, 3)]);
      assert.deepEqual(three.body.data.settings, one.body.data.settings);
      assert.deepEqual(three.body.data.changed, ['greeting', 'knowledge', 'recordCalls']);
      const list = await versionsOf(t.ownerToken, agent.id);
      assert.deepEqual(list.body.data.map((v: { version: number }) => v.version), [3, 2, 1]);
      assert.equal((await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: t.ownerToken })).body.data.greeting, 'Hello, Front Desk here.');

      // Restoring what the agent already has saves nothing.
      const again = await restore(t.ownerToken, agent.id, 1);
      assert.equal(again.status, 400);
      assert.equal(again.body.message, VERSION_ALREADY_CURRENT_TEXT);
      assert.equal((await restore(t.ownerToken, agent.id, 9)).status, 404);
    });

    it('restoring runs the checks of an edit: a number another account has since taken is refused', async () => {
      const t = await createTenant(ctx.server);
      const agent = await newAgent(t);
      const number = agent.phoneNumber;
      await update(t.ownerToken, agent.id, { phoneNumber: null });
      const other = await createTenant(ctx.server);
      await newAgent(other, { phoneNumber: number });

      const refused = await restore(t.ownerToken, agent.id, 1);
      assert.equal(refused.status >= 400 && refused.status < 500, true, JSON.stringify(refused.body));
      const list = await versionsOf(t.ownerToken, agent.id);
      assert.deepEqual(list.body.data.map((v: { version: number }) => v.version), [2, 1]);
    });

    it('a version today\'s rules refuse cannot be restored, and says why', async () => {
      const t = await createTenant(ctx.server);
      const old = await createAiAgent(ctx.server.db, { accountId: t.account.id, version: 2, greeting: 'Hello.', prompt: '' });
      await update(t.ownerToken, old.id, { prompt: 'Answer questions politely.' });
      const refused = await restore(t.ownerToken, old.id, 2);
      assert.equal(refused.status, 400);
      assert.equal(refused.body.message, 'Instructions is required');
      assert.deepEqual((await versionsOf(t.ownerToken, old.id)).body.data.map((v: { version: number }) => v.version), [3, 2]);
    });

    it('another account can neither read nor restore an agent\'s versions', async () => {
      const t = await createTenant(ctx.server);
      const agent = await newAgent(t);
      await update(t.ownerToken, agent.id, { greeting: 'Changed.' });
      const other = await createTenant(ctx.server);
      assert.equal((await versionsOf(other.ownerToken, agent.id)).status, 404);
      assert.equal((await versionOf(other.ownerToken, agent.id, 1)).status, 404);
      assert.equal((await restore(other.ownerToken, agent.id, 1)).status, 404);
      // A human agent of the same account is not a USER.
      assert.equal((await restore(t.agentToken, agent.id, 1)).status, 403);
      assert.equal((await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: t.ownerToken })).body.data.version, 2);
    });

    it('restoring brings back custom tools, and a copy starts its own history with its own signing secret', async () => {
      const t = await createTenant(ctx.server);
      const tool = {
        name: 'check_order', description: 'Looks up an order by its number.', url: 'http://127.0.0.1:9/orders', method: 'POST',
        parameters: [{ name: 'order_number', type: 'string', description: 'The order number', required: true }],
      };
      const { id } = await newAgent(t);
      const agent = (await update(t.ownerToken, id, { customTools: [tool] })).body.data as { id: string; toolSecretPrefix: string };
      assert.equal(typeof agent.toolSecretPrefix, 'string');
      await update(t.ownerToken, agent.id, { customTools: [] });
      const restored = await restore(t.ownerToken, agent.id, 2);
      assert.equal(restored.status, 200, JSON.stringify(restored.body));
      assert.deepEqual(restored.body.data.customTools.map((x: { name: string }) => x.name), ['check_order']);
      assert.equal(restored.body.data.toolSecretPrefix, agent.toolSecretPrefix);

      const copy = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(copy.status, 200, JSON.stringify(copy.body));
      assert.equal(copy.body.data.version, 1);
      assert.equal(typeof copy.body.data.toolSecretPrefix, 'string');
      assert.notEqual(copy.body.data.toolSecretPrefix, agent.toolSecretPrefix);
      const history = await versionsOf(t.ownerToken, copy.body.data.id);
      assert.deepEqual(history.body.data.map((v: { version: number; changed: string[] }) => [v.version, v.changed.length]), [[1, AGENT_SETTING_NAMES.length]]);
    });

    it('an agent made before versions were kept starts its history at the version it is on', async () => {
      const t = await createTenant(ctx.server);
      const old = await createAiAgent(ctx.server.db, { accountId: t.account.id, version: 4, greeting: 'Old greeting.', prompt: 'Answer questions politely.' });
      const list = await versionsOf(t.ownerToken, old.id);
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.deepEqual(list.body.data.map((v: { version: number; changed: string[]; savedBy: unknown; current: boolean }) => [v.version, v.changed, v.savedBy, v.current]), [
        [4, [], null, true],
      ]);

      const changed = await update(t.ownerToken, old.id, { greeting: 'New greeting.' });
      assert.equal(changed.body.data.version, 5);
      const back = await restore(t.ownerToken, old.id, 4);
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.equal(back.body.data.greeting, 'Old greeting.');
      assert.deepEqual((await versionsOf(t.ownerToken, old.id)).body.data.map((v: { version: number }) => v.version), [6, 5, 4]);
    });

    it('a call records the version the agent was on when it started', async () => {
      const t = await createTenant(ctx.server);
      const agent = await newAgent(t);
      await update(t.ownerToken, agent.id, { greeting: 'Hello, the new Front Desk here.' });

      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber, uniquePhone());
      assert.equal((await callRowOf(ctx.server, callId))?.aiAgentVersion, 2);
      await caller.hangUp();

      const browser = await call(ctx.server, 'POST', 'call/start-browser-call', { token: t.ownerToken, body: { agentId: agent.id } });
      assert.equal(browser.status, 200, JSON.stringify(browser.body));
      assert.equal((await callRowOf(ctx.server, browser.body.data.callId))?.aiAgentVersion, 2);

      await update(t.ownerToken, agent.id, { greeting: 'Hello again.' });
      const placed = await call(ctx.server, 'POST', 'call/make-test-call', { token: t.ownerToken, body: { agentId: agent.id, phoneNumber: '(212) 555-0142' } });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      const [row] = await ctx.server.db.select().from(calls).where(eq(calls.callSid, placed.body.data.callSid));
      assert.equal(row?.aiAgentVersion, 3);
      // The simulated callee talks to the end; the test leaves nothing running.
      await waitFor(() => callRowOf(ctx.server, row!.id), (r) => r?.status === 'completed', 15_000);
    });
  });
}
