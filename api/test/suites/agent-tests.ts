import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { NO_TEST_SCENARIOS_TEXT, TEST_RUN_FINISHED_TEXT, WEBHOOK_EVENTS, contract } from 'shared-contracts';
import { appointments, calls, leads } from '../../src/db/schema';
import { createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder } from '../helpers/relay';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';
import { webhookReceiver } from '../helpers/webhook-receiver';

const FINISHED = ['passed', 'failed', 'cancelled'];

export function agentTestsSuite(ctx: SuiteContext) {
  describe('agent tests', () => {
    answeredByLocalResponder(ctx);

    async function agent(extra: Record<string, unknown> = {}) {
      const t = await createTenant(ctx.server, { plan: 'performance-suite', timeZone: 'America/New_York' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: t.ownerToken,
        body: {
          name: 'Bakery', handleCallType: 'inbound', phoneNumber: uniquePhone(), greeting: 'Hello, Sunny Bakery.',
          prompt: 'Book tastings for callers.', voiceId: 'openai-alloy', ...extra,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      return { t, agentId: created.body.data.id as string };
    }

    const runToEnd = async (token: string, agentId: string) => {
      const started = await call(ctx.server, 'POST', `agent/run-tests/${agentId}`, { token });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      assertContract(contract.agentTest.runAgentTests, started.body);
      const done = await waitFor(
        () => call(ctx.server, 'GET', `agent/get-test-run/${started.body.data.id}`, { token }),
        (r) => FINISHED.includes(r.body.data?.status),
        30_000,
      );
      assertContract(contract.agentTest.getTestRun, done.body);
      return done.body.data;
    };

    const removeScenarios = async (token: string, agentId: string) => {
      for (const s of (await call(ctx.server, 'GET', `agent/get-test-scenarios/${agentId}`, { token })).body.data) {
        assert.equal((await call(ctx.server, 'DELETE', `agent/delete-test-scenario/${s.id}`, { token })).status, 200);
      }
    };

    it('a scenario that books on Saturday fails while the hours leave Saturday out, and passes once they include it', async () => {
      const { t, agentId } = await agent();
      await removeScenarios(t.ownerToken, agentId);
      const saturday = await call(ctx.server, 'POST', `agent/create-test-scenario/${agentId}`, {
        token: t.ownerToken,
        body: {
          name: 'Saturday tasting',
          script: [{ say: 'I would like to book an appointment next Saturday.' }, { say: '10 AM please.' }, { say: 'My name is Sam Tester.' }],
          expectations: [{ kind: 'books', day: 'sat' }, { kind: 'never-says', text: 'error' }],
        },
      });
      assert.equal(saturday.status, 200, JSON.stringify(saturday.body));
      const receiver = await webhookReceiver();
      const hook = await call(ctx.server, 'POST', 'webhook/create', { token: t.ownerToken, body: { url: receiver.url(), events: [...WEBHOOK_EVENTS] } });
      assert.equal(hook.status, 200, JSON.stringify(hook.body));
      const usageBefore = (await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken })).body.data.minutesUsed;

      const first = await runToEnd(t.ownerToken, agentId);
      assert.equal(first.status, 'failed', JSON.stringify(first.results));
      const [failing] = first.results;
      assert.equal(failing.passed, false);
      assert.deepEqual(failing.expectations.map((e: { passed: boolean }) => e.passed), [false, true]);
      assert.equal(failing.expectations[0].detail, 'No appointment was booked');
      assert.ok(failing.transcript.some((l: { speaker: string; text: string }) => l.speaker === 'agent' && /Saturday/i.test(l.text)), JSON.stringify(failing.transcript));
      assert.ok(failing.trace.turns.length >= 1);

      const hours = await call(ctx.server, 'PATCH', `agent/update-agent/${agentId}`, {
        token: t.ownerToken, body: { workingHours: { days: ['tue', 'wed', 'thu', 'fri', 'sat'], start: '09:00', end: '17:00' } },
      });
      assert.equal(hours.status, 200, JSON.stringify(hours.body));
      const second = await runToEnd(t.ownerToken, agentId);
      assert.equal(second.status, 'passed', JSON.stringify(second.results, null, 1));
      assert.match(second.results[0].expectations[0].detail, /^Booked on \d{4}-\d{2}-\d{2}$/);
      assert.ok(second.results[0].trace.turns.some((turn: { tools: Array<{ name: string }> }) => turn.tools.some((tool) => tool.name === 'book_appointment')));

      // The test calls left nothing behind: no call, booking or lead, and no minutes.
      assert.deepEqual(await ctx.server.db.select().from(calls).where(eq(calls.accountId, t.account.id)), []);
      assert.deepEqual(await ctx.server.db.select().from(appointments).where(eq(appointments.accountId, t.account.id)), []);
      assert.deepEqual(await ctx.server.db.select().from(leads).where(eq(leads.accountId, t.account.id)), []);
      const usage = await call(ctx.server, 'GET', `billing/get-usage/${t.account.id}`, { token: t.ownerToken });
      assert.equal(usage.body.data.minutesUsed, usageBefore);
      const history = await call(ctx.server, 'GET', `agent/get-test-runs/${agentId}`, { token: t.ownerToken });
      assert.deepEqual(history.body.data.map((r: { status: string }) => r.status), ['passed', 'failed']);
      // No webhook about a test call, a booking or a summary: the jobs that would send one have had their time.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.deepEqual(receiver.received.map((r) => r.json?.type), []);
      await receiver.close();
    });

    it('a new agent starts with scenarios made from its settings, and they pass against the local responder', async () => {
      const { t, agentId } = await agent();
      const listed = await call(ctx.server, 'GET', `agent/get-test-scenarios/${agentId}`, { token: t.ownerToken });
      assertContract(contract.agentTest.getTestScenarios, listed.body);
      assert.deepEqual(listed.body.data.map((s: { name: string }) => s.name), ['Greets the caller', 'Books on Monday', 'Hands over to a person', 'Ends the call on goodbye']);
      const run = await runToEnd(t.ownerToken, agentId);
      assert.equal(run.status, 'passed', JSON.stringify(run.results.map((r: { name: string; expectations: unknown; transcript: unknown }) => [r.name, r.expectations, r.transcript]), null, 1));
      assert.equal(run.total, 4);
    });

    it('bad scenarios are refused under their field, a run needs a scenario, and a run can be cancelled once', async () => {
      const { t, agentId } = await agent();
      const bad = await call(ctx.server, 'POST', `agent/create-test-scenario/${agentId}`, {
        token: t.ownerToken, body: { name: 'x', script: [], expectations: [{ kind: 'teleports' }] },
      });
      assert.equal(bad.status, 400);
      assert.match(JSON.stringify(bad.body), /Give the caller at least one line/);
      const badDigits = await call(ctx.server, 'POST', `agent/create-test-scenario/${agentId}`, {
        token: t.ownerToken, body: { name: 'x', script: [{ keypad: '12a' }], expectations: [{ kind: 'transfers' }] },
      });
      assert.equal(badDigits.status, 400);

      await removeScenarios(t.ownerToken, agentId);
      const empty = await call(ctx.server, 'POST', `agent/run-tests/${agentId}`, { token: t.ownerToken });
      assert.deepEqual([empty.status, empty.body.message], [400, NO_TEST_SCENARIOS_TEXT]);

      await call(ctx.server, 'POST', `agent/add-suggested-test-scenarios/${agentId}`, { token: t.ownerToken });
      const started = await call(ctx.server, 'POST', `agent/run-tests/${agentId}`, { token: t.ownerToken });
      const cancelled = await call(ctx.server, 'POST', `agent/cancel-test-run/${started.body.data.id}`, { token: t.ownerToken });
      assert.equal(cancelled.body.data.status, 'cancelled');
      const again = await call(ctx.server, 'POST', `agent/cancel-test-run/${started.body.data.id}`, { token: t.ownerToken });
      assert.deepEqual([again.status, again.body.message], [400, TEST_RUN_FINISHED_TEXT]);

      const other = await createTenant(ctx.server);
      assert.equal((await call(ctx.server, 'GET', `agent/get-test-run/${started.body.data.id}`, { token: other.ownerToken })).status, 404);
      assert.equal((await call(ctx.server, 'POST', `agent/run-tests/${agentId}`, { token: other.ownerToken })).status, 404);
    });
  });
}
