import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toJsonSchema } from '@valibot/to-json-schema';
import { and, eq } from 'drizzle-orm';
import { contract, TRANSFER_TEXTS } from 'shared-contracts';
import { appointments, calls, leads, type WorkingHoursValue } from '../../src/db/schema';
import { callTools, END_CALL_TEXT, type ToolResult } from '../../src/modules/voice-agent/tools/call-tools';
import { createLocalResponder } from '../../src/modules/voice-agent/responders/local-responder';
import type { Turn } from '../../src/modules/voice-agent/responders/responder';
import { createAiAgent, createAppointment, createCall, createLead, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { call } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';

const NEW_YORK = 'America/New_York';
/** Monday, March 4, 2030, 8:00 AM in New York (standard time, UTC-5). */
const MONDAY_8AM = new Date('2030-03-04T13:00:00Z');
/** An instant given as New York wall-clock time in March 2030 (before the clocks change on the 10th). */
const newYork = (date: string, time: string) => new Date(`${date}T${time}:00-05:00`);

interface CallOptions {
  now?: Date;
  workingHours?: WorkingHoursValue | null;
  callerNumber?: string | null;
  timeZone?: string;
}

export function callToolsSuite(ctx: SuiteContext) {
  /** An account with an AI agent on a live call, and that call's tools with what they asked of the call. */
  async function onCall(options: CallOptions = {}) {
    const db = ctx.server.db;
    const timeZone = options.timeZone ?? NEW_YORK;
    const tenant = await createTenant(ctx.server, { timeZone });
    const workingHours = options.workingHours === undefined ? null : options.workingHours;
    const agent = await createAiAgent(db, { accountId: tenant.account.id, name: 'Ava', workingHours });
    const callerNumber = options.callerNumber === undefined ? uniquePhone() : options.callerNumber;
    const theCall = await createCall(db, {
      accountId: tenant.account.id, aiAgentId: agent.id, status: 'in-progress', fromNumber: callerNumber ?? 'Browser',
    });
    const effects = { transfers: [] as string[], ends: 0, booked: [] as string[] };
    const now = options.now ?? MONDAY_8AM;
    const tools = callTools({
      db, callLogs: ctx.server.app.callLogsCache, accountId: tenant.account.id, aiAgentId: agent.id, callId: theCall.id, callerNumber, timeZone, workingHours, now: () => now,
    }, {
      transfer: (reason) => {
        effects.transfers.push(reason);
        return TRANSFER_TEXTS.toQueue;
      },
      end: () => { effects.ends += 1; },
      booked: (id) => { effects.booked.push(id); },
    });
    const run = (name: string, args: unknown): Promise<ToolResult> => tools.find((t) => t.name === name)!.run(args as never);
    const appointmentsOf = () => db.select().from(appointments).where(eq(appointments.accountId, tenant.account.id));
    const leadsOf = () => db.select().from(leads).where(eq(leads.accountId, tenant.account.id));
    return { db, tenant, agent, theCall, callerNumber, tools, run, effects, appointmentsOf, leadsOf };
  }

  describe('call tools', () => {
    it('find_free_slots lists the free half hours of a day in the account\'s time zone and the agent\'s hours', async () => {
      const c = await onCall({ workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '12:00' } });
      const lead = await createLead(c.db, { accountId: c.tenant.account.id });
      await createAppointment(c.db, { accountId: c.tenant.account.id, leadId: lead.id, dateTime: newYork('2030-03-05', '10:00'), durationMinutes: 30 });
      // A cancelled appointment frees its slot.
      await createAppointment(c.db, { accountId: c.tenant.account.id, leadId: lead.id, dateTime: newYork('2030-03-05', '11:00'), status: 'cancelled' });
      assert.deepEqual(await c.run('find_free_slots', { date: '2030-03-05' }), {
        ok: true, say: 'On Tuesday, March 5 I can book you at 9:00 AM, at 9:30 AM or every half hour from 10:30 AM to 11:30 AM.',
      });

      // A 45-minute appointment at 9:15 blocks both 9:00 and 9:30.
      await createAppointment(c.db, { accountId: c.tenant.account.id, leadId: lead.id, dateTime: newYork('2030-03-06', '09:15'), durationMinutes: 45 });
      assert.equal((await c.run('find_free_slots', { date: '2030-03-06' })).say, 'On Wednesday, March 6 I can book you every half hour from 10:00 AM to 11:30 AM.');
    });

    it('find_free_slots never offers a time that has passed, and books up to 90 days ahead', async () => {
      // 10:10 AM on Monday: the 10:00 slot has started.
      const c = await onCall({ now: newYork('2030-03-04', '10:10'), workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '09:00', end: '12:00' } });
      assert.equal((await c.run('find_free_slots', { date: '2030-03-04' })).say, 'On Monday, March 4 I can book you every half hour from 10:30 AM to 11:30 AM.');
      const past = await c.run('find_free_slots', { date: '2030-03-03' });
      assert.deepEqual([past.ok, past.say], [false,
        'Sunday, March 3 has already passed. I can offer Monday, March 4 at 10:30 AM, Tuesday, March 5 at 9:00 AM or Wednesday, March 6 at 9:00 AM instead.']);
      assert.equal((await c.run('find_free_slots', { date: '2030-06-02' })).ok, true, '90 days ahead');
      const tooFar = await c.run('find_free_slots', { date: '2030-06-03' });
      assert.deepEqual([tooFar.ok, tooFar.say], [false, 'I can book up to 90 days ahead, until Sunday, June 2. Which earlier day would suit you?']);

      // Late in the day nothing is left: the next days are offered.
      const evening = await onCall({ now: newYork('2030-03-04', '16:45') });
      const full = await evening.run('find_free_slots', { date: '2030-03-04' });
      assert.deepEqual([full.ok, full.say], [false,
        'There are no free times left on Monday, March 4. I can offer Tuesday, March 5 at 9:00 AM, Wednesday, March 6 at 9:00 AM or Thursday, March 7 at 9:00 AM instead.']);
    });

    it('an agent with no working hours books Monday to Friday, 9 to 5', async () => {
      const c = await onCall({ workingHours: null });
      assert.equal((await c.run('find_free_slots', { date: '2030-03-05' })).say, 'On Tuesday, March 5 I can book you every half hour from 9:00 AM to 4:30 PM.');
      const saturday = await c.run('find_free_slots', { date: '2030-03-09' });
      assert.deepEqual([saturday.ok, saturday.say], [false,
        'We do not book appointments on Saturdays. Appointments are Monday to Friday, 9:00 AM to 5:00 PM. I can offer Monday, March 11 at 9:00 AM, Tuesday, March 12 at 9:00 AM or Wednesday, March 13 at 9:00 AM instead.']);
    });

    it('book_appointment books the caller as a lead, and the appointments report and the call show it', async () => {
      const c = await onCall();
      const result = await c.run('book_appointment', { date: '2030-03-05', time: '15:00', name: 'Ada Lovelace', notes: 'A cleaning' });
      assert.deepEqual(result, { ok: true, say: 'You are booked for Tuesday, March 5 at 3:00 PM.' });

      const [row] = await c.appointmentsOf();
      assert.ok(row);
      assert.deepEqual(c.effects.booked, [row.id]);
      assert.deepEqual(
        [row.dateTime.toISOString(), row.durationMinutes, row.callId, row.aiAgentId, row.status, row.notes],
        [newYork('2030-03-05', '15:00').toISOString(), 30, c.theCall.id, c.agent.id, 'scheduled', 'A cleaning'],
      );
      const [lead] = await c.leadsOf();
      assert.deepEqual([lead?.id, lead?.fullName, lead?.phoneNumber], [row.leadId, 'Ada Lovelace', c.callerNumber]);
      const [linked] = await c.db.select({ leadId: calls.leadId }).from(calls).where(eq(calls.id, c.theCall.id));
      assert.equal(linked?.leadId, lead?.id, 'the call log names the caller');

      const report = await call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: c.tenant.ownerToken, body: { from: '2030-03-05', to: '2030-03-05' } });
      assert.equal(report.status, 200, JSON.stringify(report.body));
      assertContract(contract.appointment.getAppointmentsReports, report.body);
      assert.deepEqual(report.body.data, [{
        id: row.id, dateTime: '2030-03-05T20:00:00.000Z', durationMinutes: 30, status: 'scheduled',
        lead: { id: lead!.id, fullName: 'Ada Lovelace', phoneNumber: c.callerNumber }, aiAgent: { id: c.agent.id, name: 'Ava' },
        callId: c.theCall.id, notes: 'A cleaning', calendarEvents: [],
      }]);

      // The slot is gone from the day's free times; a second booking reuses the caller's lead.
      assert.doesNotMatch((await c.run('find_free_slots', { date: '2030-03-05' })).say, /3:00 PM/);
      assert.equal((await c.run('book_appointment', { date: '2030-03-06', time: '09:00' })).ok, true);
      assert.equal((await c.leadsOf()).length, 1);
    });

    it('a caller already on file is booked under their lead; one we only know by number takes their name', async () => {
      const known = await onCall();
      const ada = await createLead(known.db, { accountId: known.tenant.account.id, fullName: 'Ada Lovelace', phoneNumber: known.callerNumber! });
      assert.deepEqual(await known.run('find_or_create_lead', { name: 'Someone Else' }), { ok: true, say: 'I have you on file as Ada Lovelace.' });
      await known.run('book_appointment', { date: '2030-03-05', time: '10:00' });
      assert.deepEqual((await known.appointmentsOf()).map((a) => a.leadId), [ada.id]);
      assert.deepEqual((await known.leadsOf()).map((l) => l.fullName), ['Ada Lovelace']);

      const unknown = await onCall();
      assert.deepEqual(await unknown.run('find_or_create_lead', {}), { ok: true, say: 'I have noted your phone number.' });
      assert.deepEqual((await unknown.leadsOf()).map((l) => l.fullName), [`Caller ${unknown.callerNumber}`]);
      await unknown.run('book_appointment', { date: '2030-03-05', time: '10:00', name: 'Grace Hopper' });
      assert.deepEqual((await unknown.leadsOf()).map((l) => l.fullName), ['Grace Hopper']);
    });

    it('a caller with no number is asked their name, and gets a lead only once they give it', async () => {
      const c = await onCall({ callerNumber: null });
      assert.deepEqual(await c.run('find_or_create_lead', {}), { ok: false, say: 'May I have your name for the booking?' });
      assert.deepEqual(await c.run('book_appointment', { date: '2030-03-05', time: '10:00' }), { ok: false, say: 'May I have your name for the booking?' });
      assert.deepEqual([(await c.leadsOf()).length, (await c.appointmentsOf()).length], [0, 0]);

      assert.equal((await c.run('book_appointment', { date: '2030-03-05', time: '10:00', name: 'Grace Hopper' })).ok, true);
      const [lead] = await c.leadsOf();
      assert.deepEqual([lead?.fullName, lead?.phoneNumber], ['Grace Hopper', '']);
      // Later on the same call the caller is known through the call.
      assert.deepEqual(await c.run('find_or_create_lead', {}), { ok: true, say: 'I have you on file as Grace Hopper.' });
      assert.equal((await c.leadsOf()).length, 1);
    });

    it('a taken slot is refused with the nearest free times, and two calls cannot take the same slot', async () => {
      const first = await onCall();
      assert.equal((await first.run('book_appointment', { date: '2030-03-05', time: '15:00' })).ok, true);
      const again = await first.run('book_appointment', { date: '2030-03-05', time: '15:00' });
      assert.deepEqual(again, { ok: false, say: '3:00 PM on Tuesday, March 5 is already taken. I can offer 2:00 PM, 2:30 PM or 3:30 PM on Tuesday, March 5 instead.' });
      assert.equal((await first.appointmentsOf()).length, 1);
      assert.deepEqual(first.effects.booked.length, 1);

      // Two calls of one account asking for the same slot at the same moment.
      const second = await onCall();
      const db = ctx.server.db;
      const otherCall = await createCall(db, { accountId: second.tenant.account.id, aiAgentId: second.agent.id, status: 'in-progress' });
      const otherTools = callTools({
        db, callLogs: ctx.server.app.callLogsCache, accountId: second.tenant.account.id, aiAgentId: second.agent.id, callId: otherCall.id, callerNumber: otherCall.fromNumber,
        timeZone: NEW_YORK, workingHours: null, now: () => MONDAY_8AM,
      }, { transfer: () => '', end: () => {}, booked: () => {} });
      const results = await Promise.all([
        second.run('book_appointment', { date: '2030-03-05', time: '11:00' }),
        otherTools.find((t) => t.name === 'book_appointment')!.run({ date: '2030-03-05', time: '11:00' }),
      ]);
      assert.deepEqual(results.map((r) => r.ok).sort(), [false, true]);
      assert.match(results.find((r) => !r.ok)!.say, /^11:00 AM on Tuesday, March 5 is already taken\. I can offer /);
      assert.equal((await second.appointmentsOf()).length, 1);
    });

    it('past days and times, closed days and times outside the hours are refused with what can be booked', async () => {
      const c = await onCall({ now: newYork('2030-03-04', '13:10'), workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' } });
      const cases: Array<[object, string]> = [
        [{ date: '2030-03-01', time: '10:00' }, 'Friday, March 1 has already passed. I can offer Monday, March 4 at 1:30 PM, Tuesday, March 5 at 9:00 AM or Wednesday, March 6 at 9:00 AM instead.'],
        [{ date: '2030-03-04', time: '11:00' }, '11:00 AM on Monday, March 4 has already passed. I can offer 1:30 PM, 2:00 PM or 2:30 PM on Monday, March 4 instead.'],
        [{ date: '2030-03-05', time: '18:00' }, '6:00 PM on Tuesday, March 5 is outside our hours. Appointments are Monday to Friday, 9:00 AM to 5:00 PM. I can offer 3:30 PM, 4:00 PM or 4:30 PM on Tuesday, March 5 instead.'],
        [{ date: '2030-03-05', time: '16:45' }, '4:45 PM on Tuesday, March 5 is outside our hours. Appointments are Monday to Friday, 9:00 AM to 5:00 PM. I can offer 3:30 PM, 4:00 PM or 4:30 PM on Tuesday, March 5 instead.'],
        [{ date: '2030-03-05', time: '10:15' }, 'Appointments start every half hour from 9:00 AM. I can offer 9:30 AM, 10:00 AM or 10:30 AM on Tuesday, March 5 instead.'],
        [{ date: '2030-03-10', time: '10:00' }, 'We do not book appointments on Sundays. Appointments are Monday to Friday, 9:00 AM to 5:00 PM. I can offer Monday, March 11 at 9:00 AM, Tuesday, March 12 at 9:00 AM or Wednesday, March 13 at 9:00 AM instead.'],
        [{ date: '2031-03-05', time: '10:00' }, 'I can book up to 90 days ahead, until Sunday, June 2. Which earlier day would suit you?'],
      ];
      for (const [args, say] of cases) assert.deepEqual(await c.run('book_appointment', args), { ok: false, say }, JSON.stringify(args));
      assert.deepEqual([(await c.appointmentsOf()).length, (await c.leadsOf()).length, c.effects.booked.length], [0, 0, 0]);
    });

    it('bad arguments get an answer the agent can say, never an exception', async () => {
      const c = await onCall();
      const cases: Array<[string, unknown, RegExp]> = [
        ['find_free_slots', { date: 'tomorrow' }, /The date must be written as YYYY-MM-DD/],
        ['find_free_slots', { date: 20300305 }, /The date must be written as YYYY-MM-DD/],
        ['find_free_slots', { date: '2030-02-30' }, /2030-02-30 is not a day on the calendar/],
        ['find_free_slots', {}, /The date is missing: give \{ "date": "YYYY-MM-DD" \}/],
        ['find_free_slots', null, /The date is missing/],
        ['find_free_slots', 'Tuesday', /Give the arguments as \{ "date": "YYYY-MM-DD" \}/],
        ['book_appointment', { date: '2030-03-05', time: '25:99' }, /The time must be a 24-hour time written as HH:MM/],
        ['book_appointment', { date: '2030-03-05', time: '3pm' }, /The time must be a 24-hour time/],
        ['book_appointment', { date: '2030-13-45', time: '10:00' }, /is not a day on the calendar/],
        ['book_appointment', { date: '2030-03-05' }, /The time is missing/],
        ['book_appointment', { date: '2030-03-05', time: '10:00', name: 42 }, /The name must be text/],
        ['book_appointment', { date: '2030-03-05', time: '10:00', name: 'x'.repeat(101) }, /at most 100 characters/],
        ['book_appointment', { date: '2030-03-05', time: '10:00', notes: ['a'] }, /The notes must be text/],
        ['book_appointment', { date: '2030-03-05', time: '10:00', name: 'Ada\u0000' }, /must not contain control characters/],
        ['book_appointment', [], /the arguments must be an object/],
        ['find_or_create_lead', { name: { first: 'Ada' } }, /The name must be text/],
        ['transfer_to_person', { reason: '  ' }, /Give a short reason/],
        ['transfer_to_person', { reason: 5 }, /Give a short reason/],
        ['transfer_to_person', undefined, /The reason is missing/],
        ['end_call', 'now', /Give the arguments as an empty object/],
      ];
      for (const [name, args, say] of cases) {
        const result = await c.run(name, args);
        assert.equal(result.ok, false, `${name} ${JSON.stringify(args)}`);
        assert.match(result.say, say, `${name} ${JSON.stringify(args)}`);
      }
      assert.deepEqual([(await c.appointmentsOf()).length, (await c.leadsOf()).length], [0, 0]);
      assert.deepEqual([c.effects.transfers, c.effects.ends, c.effects.booked], [[], 0, []]);
    });

    it('a call\'s tools never see or reuse another account\'s appointments and leads', async () => {
      const c = await onCall();
      const other = await createTenant(ctx.server, { timeZone: NEW_YORK });
      // The other business knows this caller, and is busy all of Tuesday morning.
      const theirLead = await createLead(c.db, { accountId: other.account.id, fullName: 'Their Lead', phoneNumber: c.callerNumber! });
      for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']) {
        await createAppointment(c.db, { accountId: other.account.id, leadId: theirLead.id, dateTime: newYork('2030-03-05', time) });
      }
      assert.match((await c.run('find_free_slots', { date: '2030-03-05' })).say, /every half hour from 9:00 AM to 4:30 PM/);
      assert.deepEqual(await c.run('find_or_create_lead', {}), { ok: true, say: 'I have noted your phone number.' });
      assert.equal((await c.run('book_appointment', { date: '2030-03-05', time: '10:00' })).ok, true);

      const [ours] = await c.appointmentsOf();
      const [ourLead] = await c.leadsOf();
      assert.notEqual(ours?.leadId, theirLead.id);
      assert.equal(ours?.leadId, ourLead?.id);
      const [theirs] = await c.db.select().from(leads).where(and(eq(leads.id, theirLead.id)));
      assert.equal(theirs?.fullName, 'Their Lead');
      const theirReport = await call(ctx.server, 'POST', 'appointment/get-appointments-reports', { token: other.ownerToken, body: {} });
      assert.equal(theirReport.body.total, 6);
    });

    it('transfer_to_person and end_call tell the call what to do next', async () => {
      const c = await onCall();
      assert.deepEqual(await c.run('transfer_to_person', { reason: ' Wants to discuss a bill ' }), { ok: true, say: TRANSFER_TEXTS.toQueue });
      assert.deepEqual(c.effects.transfers, ['Wants to discuss a bill']);
      assert.deepEqual(await c.run('end_call', {}), { ok: true, say: END_CALL_TEXT });
      assert.equal(c.effects.ends, 1);
    });

    it('every tool describes its arguments to a model as JSON Schema', async () => {
      const c = await onCall();
      assert.deepEqual(c.tools.map((t) => t.name), ['find_free_slots', 'book_appointment', 'find_or_create_lead', 'transfer_to_person', 'end_call']);
      const book = toJsonSchema(c.tools[1]!.args, { errorMode: 'ignore' }) as { properties: Record<string, { pattern?: string }>; required: string[] };
      assert.deepEqual(Object.keys(book.properties), ['date', 'time', 'name', 'notes']);
      assert.deepEqual(book.required, ['date', 'time']);
      assert.ok(book.properties.time?.pattern);
      for (const tool of c.tools) assert.ok(tool.description.length > 40, tool.name);
    });

    it('the local responder books through the call\'s tools on the account\'s clock', async () => {
      // 10:30 PM on Monday in New York, already Tuesday in UTC: "tomorrow" is Tuesday.
      const c = await onCall({ now: newYork('2030-03-04', '22:30') });
      const responder = createLocalResponder();
      const history: Turn[] = [];
      const say = async (text: string) => {
        history.push({ speaker: 'caller', text });
        let reply = '';
        for await (const token of responder.reply({ instructions: '', history: [...history], knowledge: [], tools: c.tools, signal: new AbortController().signal })) reply += token;
        history.push({ speaker: 'agent', text: reply });
        return reply;
      };
      assert.equal(await say('I would like to book an appointment'), 'What day would suit you?');
      assert.equal(await say('tomorrow'), 'What time on Tuesday, March 5?');
      assert.equal(await say('3 pm'), 'You are booked for Tuesday, March 5 at 3:00 PM. Is there anything else I can help you with?');
      const [row] = await c.appointmentsOf();
      assert.equal(row?.dateTime.toISOString(), newYork('2030-03-05', '15:00').toISOString());
      assert.equal(row?.notes, 'I would like to book an appointment');
      assert.match(await say('Can I also book 3 pm on Tuesday?'), /^3:00 PM on Tuesday, March 5 is already taken\. I can offer 2:00 PM, 2:30 PM or 3:30 PM/);
    });
  });
}
