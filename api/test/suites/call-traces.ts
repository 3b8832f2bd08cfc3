import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { CALL_END_REASONS, LOCAL_RESPONDER_LABEL, SLOW_TURN_MS, contract } from 'shared-contracts';
import { callTraces } from '../../src/db/schema';
import { createCall, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { answeredByLocalResponder, dialAiAgent } from '../helpers/relay';
import { call, startServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

export function callTracesSuite(ctx: SuiteContext) {
  describe('call traces', () => {
    answeredByLocalResponder(ctx);

    async function agentWithKnowledge() {
      const t = await createTenant(ctx.server, { plan: 'performance-suite' });
      const created = await call(ctx.server, 'POST', 'agent/create-agent', {
        token: t.ownerToken,
        body: {
          name: 'Hours Bot', handleCallType: 'inbound', phoneNumber: uniquePhone(),
          greeting: 'Hello, Hours Bot here.', prompt: 'Answer questions and book visits.', voiceId: 'openai-alloy',
          knowledge: 'Parking is free behind the building.\n\nOn Saturdays we are open from 10 am to 2 pm.',
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      return { t, agent: created.body.data as { id: string; phoneNumber: string } };
    }

    const traceOf = (token: string, callId: string) => call(ctx.server, 'GET', `call/get-call-trace/${callId}`, { token });

    it('each caller turn keeps the passages used, the tools run, and when the reply started and ended', async () => {
      const { t, agent } = await agentWithKnowledge();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber, uniquePhone());
      caller.say('Where can I park?');
      const parking = await caller.nextReply();
      caller.say('I would like to book an appointment for next Tuesday.');
      const booking = await caller.nextReply();
      await caller.hangUp();

      const res = await waitFor(() => traceOf(t.ownerToken, callId), (r) => r.status === 200);
      assertContract(contract.callTrace.getCallTrace, res.body);
      const trace = res.body.data;
      assert.equal(trace.responder, LOCAL_RESPONDER_LABEL);
      assert.equal(trace.endReason, CALL_END_REASONS.callerHungUp);
      assert.equal(trace.agentVersion !== undefined, true);
      assert.equal(trace.turns.length, 2);
      const [first, second] = trace.turns;
      assert.equal(first.caller, 'Where can I park?');
      assert.equal(first.reply, parking);
      assert.ok(first.knowledge.passages.some((p: string) => p.includes('Parking is free')), JSON.stringify(first.knowledge));
      assert.equal(typeof first.knowledge.durationMs, 'number');
      assert.ok(first.firstTokenMs !== null && first.lastTokenMs !== null && first.firstTokenMs <= first.lastTokenMs, JSON.stringify(first));
      assert.deepEqual(first.tools, []);

      assert.equal(second.reply, booking);
      const slots = second.tools.find((tool: { name: string }) => tool.name === 'find_free_slots');
      assert.ok(slots, JSON.stringify(second.tools));
      assert.match(slots.args.date, /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(slots.outcome, 'ok');
      assert.ok(slots.result.length > 0);
      assert.ok(slots.durationMs >= 0 && slots.startMs >= 0);
      assert.equal(trace.slowestFirstTokenMs, Math.max(first.firstTokenMs, second.firstTokenMs));
    });

    it('a request for a person is marked as handled by the transfer, and the message that follows as a message', async () => {
      const { t, agent } = await agentWithKnowledge();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber, uniquePhone());
      caller.say('Can I speak to a person please?');
      const asked = await caller.nextReply();
      caller.say('Please call me back about my bill.');
      await caller.nextReply();
      await caller.hangUp();

      const trace = (await waitFor(() => traceOf(t.ownerToken, callId), (r) => r.status === 200)).body.data;
      assert.deepEqual(trace.turns.map((turn: { handledBy: string | null }) => turn.handledBy), ['transfer', 'message']);
      assert.equal(trace.turns[0].reply, asked);
      assert.equal(trace.turns[0].firstTokenMs, null, 'no responder answered the turn');
    });

    it('with an OTLP endpoint configured, each call and turn is exported as a span to it', async () => {
      const received: string[] = [];
      const collector = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push(`${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
      const server = await startServer(ctx.server.db, { otlpTracesUrl: url });
      try {
        const t = await createTenant(server, { plan: 'performance-suite' });
        const { caller, callId } = await dialAiAgent(server, (await call(server, 'POST', 'agent/create-agent', {
          token: t.ownerToken,
          body: { name: 'Traced', handleCallType: 'inbound', phoneNumber: uniquePhone(), greeting: 'Hi.', prompt: 'Help callers.', voiceId: 'openai-alloy' },
        })).body.data.phoneNumber, uniquePhone());
        caller.say('Hello there.');
        await caller.nextReply();
        await caller.hangUp();
        await waitFor(() => traceOf(t.ownerToken, callId), (r) => r.status === 200);
        // Closing the server sends the spans still queued.
        await server.close();
        const sent = received.join('\n');
        assert.ok(received.every((r) => r.startsWith('/v1/traces ')), received.map((r) => r.slice(0, 40)).join());
        assert.match(sent, /"name":"turn"/);
        assert.match(sent, /"name":"call"/);
        assert.ok(sent.includes(callId), 'the call span names the call');
      } finally {
        await server.close().catch(() => {});
        collector.close();
      }
    });

    it('the call logs filter by slow turns and by how the call ended', async () => {
      const t = await createTenant(ctx.server);
      const db = ctx.server.db;
      const slow = await createCall(db, { accountId: t.account.id, endReason: CALL_END_REASONS.callerHungUp });
      const quick = await createCall(db, { accountId: t.account.id, endReason: CALL_END_REASONS.agentEnded });
      const untraced = await createCall(db, { accountId: t.account.id, endReason: CALL_END_REASONS.agentEnded });
      await db.insert(callTraces).values([
        { callId: slow.id, accountId: t.account.id, responder: LOCAL_RESPONDER_LABEL, endReason: slow.endReason, turns: [], slowestFirstTokenMs: SLOW_TURN_MS + 500 },
        { callId: quick.id, accountId: t.account.id, responder: LOCAL_RESPONDER_LABEL, endReason: quick.endReason, turns: [], slowestFirstTokenMs: 120 },
      ]);
      const ids = async (filter: object) => {
        const res = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: { page: 1, limit: 10, ...filter } });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return { ids: res.body.data.map((c: { id: string }) => c.id).sort(), total: res.body.total };
      };
      assert.deepEqual(await ids({ slowTurns: true }), { ids: [slow.id], total: 1 });
      assert.deepEqual(await ids({ endReason: 'agentEnded' }), { ids: [quick.id, untraced.id].sort(), total: 2 });
      assert.deepEqual(await ids({ endReason: 'agentEnded', slowTurns: true }), { ids: [], total: 0 });
      const refused = await call(ctx.server, 'POST', 'call/get-call-logs', { token: t.ownerToken, body: { page: 1, limit: 10, endReason: 'fell asleep' } });
      assert.equal(refused.status, 400);
    });

    it('another account cannot read a call\'s trace, and a call with no AI session has none', async () => {
      const { t, agent } = await agentWithKnowledge();
      const { caller, callId } = await dialAiAgent(ctx.server, agent.phoneNumber, uniquePhone());
      caller.say('Hello?');
      await caller.nextReply();
      await caller.hangUp();
      await waitFor(() => traceOf(t.ownerToken, callId), (r) => r.status === 200);
      const other = await createTenant(ctx.server);
      const refused = await traceOf(other.ownerToken, callId);
      assert.ok([403, 404].includes(refused.status), `${refused.status}`);
      assert.equal((await traceOf(t.ownerToken, '00000000-0000-4000-8000-000000000000')).status === 200, false);
    });
  });
}
