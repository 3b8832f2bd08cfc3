import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inArray } from 'drizzle-orm';
import { DATE_RANGE_ORDER_TEXT, DESK_REPORT_RANGE_TOO_LONG_TEXT, type DeskReport } from 'shared-contracts';
import { calls } from '../../src/db/schema';
import { createAiAgent, createTenant, createUser, setAgentStatus, signIn, uniquePhone } from '../factories';
import { dialAiAgent, simulatorDoor as simulator } from '../helpers/relay';
import { call, type TestServer } from '../helpers/server';
import { onlineAgent, openDevice, voiceToken, wrapUpCall, type TestDevice } from '../helpers/simulator-device';
import type { SuiteContext } from '../helpers/suite-context';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The device rings with `callSid` (skipping the rings of other calls), answers it after `waitMs`, and hangs up after a moment. */
async function takeCall(device: TestDevice, callSid: string, others: TestDevice[], waitMs = 0): Promise<void> {
  for (;;) {
    const message = await device.next(5_000);
    if (message.type === 'incoming' && message.callSid === callSid) break;
  }
  await pause(waitMs);
  device.send({ type: 'accept', callSid });
  assert.deepEqual(await device.next(), { type: 'accepted', callSid });
  for (const other of others) {
    for (;;) {
      const message = await other.next(5_000);
      if (message.type === 'cancel' && message.callSid === callSid) break;
    }
  }
  await pause(300);
  device.send({ type: 'hangup', callSid });
  assert.deepEqual(await device.next(), { type: 'disconnected', callSid });
}

const ring = async (server: TestServer, to: string) =>
  (await simulator(server, 'inbound-call', { from: uniquePhone(), to })).body.data.callSid as string;

export function deskReportSuite(ctx: SuiteContext) {
  describe('the desk report', () => {
    it('counts the callers who waited for a person, their waits, the handle times and the wrap-ups, per day and per agent', async () => {
      const a = await onlineAgent(ctx.server);
      const b = await createUser(ctx.server.db, { accountId: a.account.id, role: 'AGENT', firstName: 'Zoe', lastName: 'Second' });
      await setAgentStatus(ctx.server.db, b.id, 'available');
      const bToken = await signIn(ctx.server, b.email);
      const bDevice = openDevice(ctx.server, await voiceToken(ctx.server, bToken, b.email));
      assert.deepEqual(await bDevice.next(), { type: 'registered' });
      const number = a.agent.agentNumber!;

      // 1: waits a second, taken by the first agent, Resolved.
      const first = await ring(ctx.server, number);
      await takeCall(a.device, first, [bDevice], 1_100);
      await wrapUpCall(ctx.server, a.agentToken, first, 'Resolved', 'Rebooked.');
      // 2: taken by the second agent at once, Callback.
      const second = await ring(ctx.server, number);
      await takeCall(bDevice, second, [a.device]);
      await wrapUpCall(ctx.server, bToken, second, 'Callback');
      // 3: the caller gives up while it rings.
      const third = await ring(ctx.server, number);
      for (const device of [a.device, bDevice]) assert.equal((await device.next()).type, 'incoming');
      assert.equal((await simulator(ctx.server, `calls/${third}/hangup`)).status, 200);
      for (const device of [a.device, bDevice]) assert.deepEqual(await device.next(), { type: 'cancel', callSid: third });
      // 4: an AI agent hands its caller over; the first agent takes it, Escalated.
      const receptionist = await createAiAgent(ctx.server.db, { accountId: a.account.id, handleCallType: 'inbound', greeting: 'Hi there.' });
      const { caller, callSid: handed } = await dialAiAgent(ctx.server, receptionist.phoneNumber!, uniquePhone());
      const ended = new Promise((resolve) => caller.once('end', resolve));
      caller.say('Can I talk to a real person about my bill?');
      await caller.nextReply();
      await ended;
      await caller.hangUp();
      await takeCall(a.device, handed, [bDevice]);
      await wrapUpCall(ctx.server, a.agentToken, handed, 'Escalated');
      // Another account's caller is not this account's.
      const other = await onlineAgent(ctx.server);
      await takeCall(other.device, await ring(ctx.server, other.agent.agentNumber!), []);

      const res = await call(ctx.server, 'POST', 'desk/get-desk-report', { token: a.ownerToken, body: {} });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const report = res.body.data as DeskReport;
      const rows = await ctx.server.db.select().from(calls).where(inArray(calls.callSid, [first, second, handed]));
      const waits = rows.map((r) => (r.personAnsweredAt!.getTime() - r.queuedAt!.getTime()) / 1000).sort((x, y) => x - y);
      assert.ok(waits[2]! >= 1, `the first caller waited ${waits[2]} s`);
      const { averageWaitSeconds, p90WaitSeconds, averageHandleSeconds, ...counts } = report.totals;
      assert.deepEqual(counts, { offered: 4, answered: 3, abandoned: 1, handedOver: 1, handedOverAnswered: 1 });
      assert.equal(averageWaitSeconds, Math.round(waits.reduce((s, w) => s + w, 0) / 3));
      assert.ok(p90WaitSeconds! >= averageWaitSeconds! && p90WaitSeconds! <= Math.ceil(waits[2]!), `p90 ${p90WaitSeconds} of ${waits}`);
      assert.ok(averageHandleSeconds !== null && averageHandleSeconds >= 0);

      // Seven days up to today, the calls on the last.
      assert.equal(report.byDay.length, 7);
      assert.deepEqual([report.byDay[0]!.date, report.byDay[6]!.date], [report.from, report.to]);
      assert.deepEqual(report.byDay.slice(0, 6).map((d) => d.offered), [0, 0, 0, 0, 0, 0]);
      assert.deepEqual({ ...report.byDay[6], date: undefined }, { ...report.totals, date: undefined });

      // By name: the first agent (Test Agent …) before Zoe.
      assert.deepEqual(report.byAgent.map(({ agentId, fullName, answered, dispositions }) => ({ agentId, fullName, answered, dispositions })), [
        { agentId: a.agent.id, fullName: `${a.agent.firstName} ${a.agent.lastName}`, answered: 2, dispositions: [{ disposition: 'Escalated', calls: 1 }, { disposition: 'Resolved', calls: 1 }] },
        { agentId: b.id, fullName: 'Zoe Second', answered: 1, dispositions: [{ disposition: 'Callback', calls: 1 }] },
      ]);
      assert.deepEqual(report.dispositions, [
        { disposition: 'Callback', calls: 1 }, { disposition: 'Escalated', calls: 1 }, { disposition: 'Resolved', calls: 1 },
      ]);

      // A day with no calls of the account reads as none.
      const past = await call(ctx.server, 'POST', 'desk/get-desk-report', { token: a.ownerToken, body: { from: '2026-01-01', to: '2026-01-02' } });
      assert.deepEqual([past.body.data.totals.offered, past.body.data.byDay.length, past.body.data.totals.averageWaitSeconds], [0, 2, null]);
      for (const s of [a.room, a.device, bDevice, other.room, other.device]) s.close();
    });

    it('refuses a range that ends before it starts or runs past 92 days, and is the USER\'s alone', async () => {
      const t = await createTenant(ctx.server);
      const refused: Array<[unknown, string]> = [
        [{ from: '2026-03-10', to: '2026-03-01' }, DATE_RANGE_ORDER_TEXT],
        [{ from: '2026-01-01', to: '2026-04-03' }, DESK_REPORT_RANGE_TOO_LONG_TEXT],
        [{ from: '2020-01-01' }, DESK_REPORT_RANGE_TOO_LONG_TEXT],
        [{ from: '2026-02-30' }, 'That day does not exist'],
      ];
      for (const [body, message] of refused) {
        const res = await call(ctx.server, 'POST', 'desk/get-desk-report', { token: t.ownerToken, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.ok(JSON.stringify(res.body).includes(message), `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      }
      assert.equal((await call(ctx.server, 'POST', 'desk/get-desk-report', { token: t.ownerToken, body: { from: '2026-01-01', to: '2026-04-01' } })).status, 200);
      assert.equal((await call(ctx.server, 'POST', 'desk/get-desk-report', { token: t.agentToken, body: {} })).status, 403);
    });
  });
}
