import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract, type BookingRulesValue } from 'shared-contracts';
import { aiAgents, appointments, type WorkingHoursValue } from '../../src/db/schema';
import { bookSlot, freeSlots, nearbyFreeSlots, type SlotScope } from '../../src/modules/voice-agent/tools/appointment-slots';
import { callTools, type ToolResult } from '../../src/modules/voice-agent/tools/call-tools';
import { createLocalResponder } from '../../src/modules/voice-agent/responders/local-responder';
import type { Turn } from '../../src/modules/voice-agent/responders/responder';
import { instructionsFor, type RelayCall } from '../../src/modules/voice-agent/session/call-record';
import { createAiAgent, createAppointment, createCall, createLead, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const NEW_YORK = 'America/New_York';
/** Monday, March 4, 2030, 8:00 AM in New York (standard time, UTC-5). */
const MONDAY_8AM = new Date('2030-03-04T13:00:00Z');
const newYork = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

const MORNINGS: WorkingHoursValue = { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], start: '09:00', end: '12:00' };
const RULES: BookingRulesValue = { slotMinutes: 45, bufferMinutes: 15, maxDaysAhead: 7 };

export function bookingRulesSuite(ctx: SuiteContext) {
  /** An account in New York with an agent, and the slot scope its calls book in. */
  async function business(workingHours: WorkingHoursValue | null, bookingRules: BookingRulesValue | null) {
    const db = ctx.server.db;
    const tenant = await createTenant(ctx.server, { timeZone: NEW_YORK });
    const agent = await createAiAgent(db, { accountId: tenant.account.id, workingHours, bookingRules });
    const lead = await createLead(db, { accountId: tenant.account.id });
    const scope: SlotScope = { db, accountId: tenant.account.id, timeZone: NEW_YORK, workingHours, bookingRules, now: MONDAY_8AM };
    const theCall = await createCall(db, { accountId: tenant.account.id, aiAgentId: agent.id, status: 'in-progress' });
    const book = (date: string, time: string) => bookSlot(scope, {
      date: date as never, minutes: at(time), callId: theCall.id, aiAgentId: agent.id, notes: null, leadFor: async () => lead.id,
    });
    return { db, tenant, agent, lead, scope, book };
  }

  describe('booking rules', () => {
    it('slots follow the slot length from the opening time, and a booking keeps its buffer free after it', async () => {
      const b = await business(MORNINGS, RULES);
      assert.deepEqual(await freeSlots(b.scope, '2030-03-05'), {
        ok: true, date: '2030-03-05', hours: { days: MORNINGS.days, start: at('09:00'), end: at('12:00') }, slotMinutes: 45,
        free: [at('09:00'), at('09:45'), at('10:30'), at('11:15')],
      });
      // 9:45 to 10:30, then 15 minutes kept free: 10:30 is too soon, and 9:00 would leave no gap before 9:45.
      await createAppointment(b.db, { accountId: b.tenant.account.id, leadId: b.lead.id, dateTime: newYork('2030-03-05', '09:45'), durationMinutes: 45 });
      const plan = await freeSlots(b.scope, '2030-03-05');
      assert.deepEqual(plan.ok && plan.free, [at('11:15')]);
      assert.deepEqual(await b.book('2030-03-05', '10:30'), { ok: false, reason: 'taken', hours: plan.ok ? plan.hours : null });
      assert.deepEqual(await nearbyFreeSlots(b.scope, '2030-03-05', at('10:30')), [{ date: '2030-03-05', minutes: at('11:15') }]);

      const booked = await b.book('2030-03-05', '11:15');
      assert.equal(booked.ok, true);
      const [row] = await b.db.select().from(appointments).where(eq(appointments.id, booked.ok ? booked.appointmentId : ''));
      assert.equal(row?.durationMinutes, 45);
      assert.equal(row?.dateTime.toISOString(), newYork('2030-03-05', '11:15').toISOString());
    });

    it('a time off the slot grid is refused, and so is a day past the days ahead', async () => {
      const b = await business(MORNINGS, RULES);
      const offGrid = await b.book('2030-03-05', '09:30');
      assert.equal(offGrid.ok === false && offGrid.reason, 'off-the-slot-grid');
      // 11:15 to 12:00 fits; 11:30 would run past closing.
      assert.equal((await b.book('2030-03-05', '11:30')).ok === false, true);
      // Seven days from Monday, March 4 is Monday, March 11.
      const tooFar = await freeSlots(b.scope, '2030-03-12');
      assert.deepEqual(tooFar, { ok: false, date: '2030-03-12', reason: 'too-far', lastDay: '2030-03-11', maxDaysAhead: 7 });
      assert.equal((await freeSlots(b.scope, '2030-03-11')).ok, true);
      assert.equal((await b.book('2030-03-12', '09:00')).ok, false);
    });

    it('an agent without rules books 30-minute slots with no buffer up to 90 days ahead', async () => {
      const b = await business(null, null);
      const plan = await freeSlots(b.scope, '2030-03-05');
      assert.equal(plan.ok && plan.slotMinutes, 30);
      assert.deepEqual(plan.ok && plan.free.slice(0, 3), [at('09:00'), at('09:30'), at('10:00')]);
      await createAppointment(b.db, { accountId: b.tenant.account.id, leadId: b.lead.id, dateTime: newYork('2030-03-05', '09:00'), durationMinutes: 30 });
      const after = await freeSlots(b.scope, '2030-03-05');
      assert.equal(after.ok && after.free[0], at('09:30'));
      assert.equal((await freeSlots(b.scope, '2030-05-31')).ok, true);
      assert.deepEqual(await freeSlots(b.scope, '2030-06-03'), { ok: false, date: '2030-06-03', reason: 'too-far', lastDay: '2030-06-02', maxDaysAhead: 90 });
    });

    it('the call tools speak in the agent\'s slot length and horizon', async () => {
      const b = await business(MORNINGS, RULES);
      const theCall = await createCall(b.db, { accountId: b.tenant.account.id, aiAgentId: b.agent.id, status: 'in-progress' });
      const tools = callTools({
        db: b.db, callLogs: ctx.server.app.callLogsCache, accountId: b.tenant.account.id, aiAgentId: b.agent.id, callId: theCall.id,
        callerNumber: uniquePhone(), timeZone: NEW_YORK, workingHours: MORNINGS, bookingRules: RULES, now: () => MONDAY_8AM,
      }, { transfer: () => '', end: () => undefined, booked: () => undefined });
      const run = (name: string, args: unknown): Promise<ToolResult> => tools.find((t) => t.name === name)!.run(args as never);
      assert.match(tools.find((t) => t.name === 'book_appointment')!.description, /^Book a 45-minute appointment/);
      assert.equal((await run('find_free_slots', { date: '2030-03-05' })).say, 'On Tuesday, March 5 I can book you every 45 minutes from 9:00 AM to 11:15 AM.');
      assert.deepEqual(await run('book_appointment', { date: '2030-03-05', time: '10:00' }), {
        ok: false, say: 'Appointments start every 45 minutes from 9:00 AM. I can offer 9:00 AM, 9:45 AM or 10:30 AM on Tuesday, March 5 instead.',
      });
      assert.deepEqual(await run('find_free_slots', { date: '2030-03-12' }), {
        ok: false, say: 'I can book up to 7 days ahead, until Monday, March 11. Which earlier day would suit you?',
      });
    });

    it('hours with Saturday and rules saved through update-agent are read back and booked by the local responder', async () => {
      const { account, ownerToken } = await createTenant(ctx.server, { timeZone: NEW_YORK });
      const agent = await createAiAgent(ctx.server.db, { accountId: account.id, name: 'Bakery' });
      const hours = { days: ['tue', 'wed', 'thu', 'fri', 'sat'], start: '09:00', end: '12:00' };

      const bad = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { bookingRules: { ...RULES, slotMinutes: 300 } } });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.match(JSON.stringify(bad.body), /Slot length must be between 10 and 240 minutes/);

      const updated = await call(ctx.server, 'PATCH', `agent/update-agent/${agent.id}`, { token: ownerToken, body: { workingHours: hours, bookingRules: RULES } });
      assert.equal(updated.status, 200, JSON.stringify(updated.body));
      assertContract(contract.agent.updateAgent, updated.body);
      const read = await call(ctx.server, 'GET', `agent/get-agent/${agent.id}`, { token: ownerToken });
      assertContract(contract.agent.getAgent, read.body);
      assert.deepEqual([read.body.data.workingHours, read.body.data.bookingRules], [hours, RULES]);
      const copy = await call(ctx.server, 'POST', 'agent/duplicate-agent', { token: ownerToken, body: { agentId: agent.id } });
      assert.deepEqual([copy.body.data.workingHours, copy.body.data.bookingRules], [hours, RULES]);

      // The call reads the agent as the call session does, and books by what was saved.
      const [stored] = await ctx.server.db.select().from(aiAgents).where(eq(aiAgents.id, agent.id));
      const relay = { agent: stored!, business: { name: 'Bakery', description: null, website: null, phoneNumber: null, address: null }, timeZone: NEW_YORK, direction: 'inbound', partyNumber: '+15550100001' };
      assert.match(instructionsFor(relay as RelayCall, MONDAY_8AM), /Appointments can be booked on tue, wed, thu, fri, sat between 09:00 and 12:00, 45 minutes each, with 15 minutes kept free after each one, up to 7 days ahead\./);
      const theCall = await createCall(ctx.server.db, { accountId: account.id, aiAgentId: agent.id, status: 'in-progress' });
      const tools = callTools({
        db: ctx.server.db, callLogs: ctx.server.app.callLogsCache, accountId: account.id, aiAgentId: agent.id, callId: theCall.id,
        callerNumber: uniquePhone(), timeZone: NEW_YORK, workingHours: stored!.workingHours, bookingRules: stored!.bookingRules, now: () => MONDAY_8AM,
      }, { transfer: () => '', end: () => undefined, booked: () => undefined });
      const responder = createLocalResponder();
      const history: Turn[] = [];
      const say = async (text: string) => {
        history.push({ speaker: 'caller', text });
        let reply = '';
        for await (const token of responder.reply({ instructions: '', history: [...history], knowledge: [], tools, signal: new AbortController().signal })) reply += token;
        history.push({ speaker: 'agent', text: reply });
        return reply;
      };
      assert.equal(await say('I would like to book a tasting'), 'What day would suit you?');
      assert.equal(await say('Saturday'), 'What time on Saturday, March 9?');
      assert.equal(await say('11:15 am'), 'You are booked for Saturday, March 9 at 11:15 AM. Is there anything else I can help you with?');
      const [row] = await ctx.server.db.select().from(appointments).where(eq(appointments.accountId, account.id));
      assert.equal(row?.dateTime.toISOString(), newYork('2030-03-09', '11:15').toISOString());
      assert.equal(row?.durationMinutes, 45);
      assert.match(await say('Can I also book 10 am on Saturday?'), /^Appointments start every 45 minutes from 9:00 AM\. I can offer 9:00 AM or 9:45 AM on Saturday, March 9 instead\./);
    });
  });
}
