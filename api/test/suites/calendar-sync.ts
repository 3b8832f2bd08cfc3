import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { contract, type IntegrationProvider } from 'shared-contracts';
import { appointmentCalendarEvents, localCalendarEvents } from '../../src/db/schema';
import { rawSql } from '../../src/db/raw-sql';
import { calendarSyncDeps, calendarSyncJob, syncAppointmentToCalendars, syncBookedAppointment } from '../../src/modules/integrations';
import { UNREADABLE_CREDENTIAL_TEXT } from '../../src/modules/integrations/calendar-sync';
import { localConnector, type IntegrationConnector } from '../../src/modules/integrations/connector';
import { useConnector } from '../../src/modules/integrations/connector-of';
import { callTools } from '../../src/modules/voice-agent/tools/call-tools';
import { createAiAgent, createAppointment, createCall, createIntegrationConnection, createLead, createTenant, uniquePhone } from '../factories';
import { assertContract } from '../helpers/contract-shape';
import { JOB_SCHEMA } from '../../src/modules/jobs/job-queue';
import { calendarApis as fake, CALENDAR_TIMEOUT_MS as TIMEOUT_MS, call, startServer, type TestServer } from '../helpers/server';
import type { SuiteContext } from '../helpers/suite-context';
import { waitFor } from '../helpers/wait-for';

const NEW_YORK = 'America/New_York';
/** Monday, March 4, 2030, 8:00 AM in New York. */
const MONDAY_8AM = new Date('2030-03-04T13:00:00Z');
const REDIRECT_URI = 'http://localhost:3000/dashboard/account/integrations';

/** Stands in for the vendors' OAuth: the consent code is exchanged for the token the calendar API will see. */
const vendorConnector = (publicApiUrl: string): IntegrationConnector => ({
  ...localConnector(publicApiUrl),
  async exchangeCode(provider, code) {
    return { credential: `${provider}-token-${code}`, accountLabel: 'owner@example.com' };
  },
});

export function calendarSyncSuite(ctx: SuiteContext) {
  describe('calendar sync', () => {
    /**
     * The API with the vendors' OAuth stood in for; its calendar APIs, like every test server's, are
     * the process's fake calendars (any instance may work a calendar-sync job).
     */
    let server: TestServer;

    before(async () => {
      server = await startServer(ctx.server.db, {}, (app) => useConnector(app, vendorConnector(app.config.publicApiUrl)));
    });
    after(async () => {
      await server?.close();
    });

    const db = () => ctx.server.db;
    /** A run of the sync by hand, as a retry of the job runs it. */
    const sync = (appointmentId: string) => syncAppointmentToCalendars(calendarSyncDeps(server.app), appointmentId);
    /** The queue's record of the appointment's calendar-sync job. */
    const jobsOf = async (appointmentId: string) => (await rawSql(db())(
      `SELECT state, retry_count AS "retryCount" FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'appointmentId' = $2`,
      [calendarSyncJob.name, appointmentId],
    )).rows;
    const rowsOf = (appointmentId: string) => db().select().from(appointmentCalendarEvents).where(eq(appointmentCalendarEvents.appointmentId, appointmentId));
    /** The rows once every calendar has answered the sync the booking started. */
    const settled = (appointmentId: string, calendars = 1) =>
      waitFor(() => rowsOf(appointmentId), (rows) => rows.length === calendars && rows.every((r) => r.status !== 'pending'));

    async function business() {
      const tenant = await createTenant(server, { timeZone: NEW_YORK });
      const agent = await createAiAgent(db(), { accountId: tenant.account.id, name: 'Ava' });
      return { tenant, agent };
    }

    /** Connects a calendar through integrations/connect; answers the connection and the token its calendar API sees. */
    async function connect(token: string, provider: IntegrationProvider) {
      const code = `code-${randomUUID()}`;
      const response = await call(server, 'POST', 'integrations/connect', { token, body: { authType: 'oauth', provider, code, redirectUri: REDIRECT_URI } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return { id: response.body.data.id as string, token: `${provider}-token-${code}` };
    }

    /**
     * The AI agent books on a call with `book_appointment`, and the booking queues its calendar
     * sync as the relay's does; answers the appointment's id, the tool's answer and how long it took.
     */
    async function bookOnCall(b: Awaited<ReturnType<typeof business>>, args: { date: string; time: string; name: string }) {
      const callerNumber = uniquePhone();
      const theCall = await createCall(db(), { accountId: b.tenant.account.id, aiAgentId: b.agent.id, status: 'in-progress', fromNumber: callerNumber });
      const booked: string[] = [];
      const tools = callTools({
        db: db(), callLogs: server.app.callLogsCache, accountId: b.tenant.account.id, aiAgentId: b.agent.id, callId: theCall.id, callerNumber, timeZone: NEW_YORK, workingHours: null, now: () => MONDAY_8AM,
      }, {
        transfer: () => '',
        end: () => {},
        booked: async (id) => {
          booked.push(id);
          await syncBookedAppointment(server.app)(id);
        },
      });
      const started = performance.now();
      const answer = await tools.find((t) => t.name === 'book_appointment')!.run(args);
      const ms = performance.now() - started;
      assert.equal(answer.ok, true, answer.say);
      return { appointmentId: booked[0]!, callerNumber, answer, ms };
    }

    const report = async (token: string) => {
      const response = await call(server, 'POST', 'appointment/get-appointments-reports', { token, body: { from: '2030-03-01', to: '2030-03-31' } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assertContract(contract.appointment.getAppointmentsReports, response.body);
      return response.body.data as Array<{ id: string; calendarEvents: unknown[] }>;
    };

    it('an appointment the AI agent books appears once in the connected Google Calendar, at the business\'s hour', async () => {
      const b = await business();
      const google = await connect(b.tenant.ownerToken, 'google-calendar');
      const booking = await bookOnCall(b, { date: '2030-03-05', time: '10:00', name: 'Ada Lovelace' });
      const [row] = await settled(booking.appointmentId);
      assert.equal(row!.status, 'synced', row!.error ?? '');

      const sent = fake.requestsWith(google.token);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.vendor, 'google');
      assert.deepEqual(sent[0]!.body.start, { dateTime: '2030-03-05T10:00:00', timeZone: NEW_YORK });
      assert.deepEqual(sent[0]!.body.end, { dateTime: '2030-03-05T10:30:00', timeZone: NEW_YORK });
      assert.equal(sent[0]!.body.summary, 'Appointment with Ada Lovelace');
      assert.equal(sent[0]!.body.description, `Caller: Ada Lovelace, ${booking.callerNumber}\nBooked by the AI agent Ava on a call.`);
      assert.equal(row!.externalEventId, fake.eventsWith(google.token)[0]!.id);
      assert.equal(row!.connectionId, google.id);

      // Another run (the job queue's, or a retry) finds it there and sends nothing.
      const again = await sync(booking.appointmentId);
      assert.deepEqual(again.map((e) => [e.status, e.externalEventId]), [['synced', row!.externalEventId]]);
      assert.equal(fake.requestsWith(google.token).length, 1);
      assert.equal(fake.eventsWith(google.token).length, 1);

      const [listed] = await report(b.tenant.ownerToken);
      assert.deepEqual(listed!.calendarEvents, [{ provider: 'google-calendar', status: 'synced', error: null }]);
    });

    it('Outlook Calendar gets the appointment through Microsoft Graph', async () => {
      const b = await business();
      const outlook = await connect(b.tenant.ownerToken, 'outlook-calendar');
      const booking = await bookOnCall(b, { date: '2030-03-06', time: '14:30', name: 'Grace Hopper' });
      const [row] = await settled(booking.appointmentId);
      assert.equal(row!.status, 'synced', row!.error ?? '');
      const sent = fake.requestsWith(outlook.token);
      assert.equal(sent.length, 1);
      assert.equal(sent[0]!.vendor, 'microsoft');
      assert.deepEqual(sent[0]!.body, {
        subject: 'Appointment with Grace Hopper',
        body: { contentType: 'text', content: `Caller: Grace Hopper, ${booking.callerNumber}\nBooked by the AI agent Ava on a call.` },
        start: { dateTime: '2030-03-06T14:30:00', timeZone: NEW_YORK },
        end: { dateTime: '2030-03-06T15:00:00', timeZone: NEW_YORK },
        transactionId: row!.id,
      });
      assert.equal(row!.externalEventId, fake.eventsWith(outlook.token)[0]!.id);
      await sync(booking.appointmentId);
      assert.equal(fake.requestsWith(outlook.token).length, 1);
    });

    it('a calendar that refuses the event is recorded with its reason, shown on the report, and tried again by the next sync', async () => {
      const b = await business();
      const google = await connect(b.tenant.ownerToken, 'google-calendar');
      fake.answer({ kind: 'refuse', status: 401, message: 'Invalid Credentials' });
      try {
        const booking = await bookOnCall(b, { date: '2030-03-07', time: '09:00', name: 'Alan Turing' });
        const [failed] = await settled(booking.appointmentId);
        assert.deepEqual([failed!.status, failed!.error, failed!.externalEventId, failed!.attempts], ['failed', 'Google Calendar answered 401: Invalid Credentials', null, 1]);
        // The job failed with it, so the queue tries it again later.
        await waitFor(() => jobsOf(booking.appointmentId), (jobs) => jobs.length === 1 && jobs[0]!.state === 'retry');
        assert.equal(fake.eventsWith(google.token).length, 0);
        const [listed] = await report(b.tenant.ownerToken);
        assert.deepEqual(listed!.calendarEvents, [{ provider: 'google-calendar', status: 'failed', error: 'Google Calendar answered 401: Invalid Credentials' }]);

        fake.answer({ kind: 'normal' });
        const retried = await sync(booking.appointmentId);
        assert.deepEqual(retried.map((e) => [e.status, e.error]), [['synced', null]]);
        const [row] = await rowsOf(booking.appointmentId);
        assert.deepEqual([row!.attempts, row!.externalEventId], [2, fake.eventsWith(google.token)[0]!.id]);
        assert.equal(fake.eventsWith(google.token).length, 1);
      } finally {
        fake.answer({ kind: 'normal' });
      }
    });

    it('a calendar that does not answer never delays the caller, is recorded, and its retry makes no second event', async () => {
      const b = await business();
      const google = await connect(b.tenant.ownerToken, 'google-calendar');
      // Google stores the event but its answer never arrives.
      fake.answer({ kind: 'store-then-hang' });
      try {
        const booking = await bookOnCall(b, { date: '2030-03-08', time: '11:00', name: 'Katherine Johnson' });
        assert.ok(booking.ms < TIMEOUT_MS, `the booking answered in ${Math.round(booking.ms)} ms, not after the calendar's time limit`);
        const [failed] = await settled(booking.appointmentId);
        assert.deepEqual([failed!.status, failed!.error], ['failed', 'Google Calendar did not answer within 1.5 s']);

        fake.answer({ kind: 'normal' });
        const retried = await sync(booking.appointmentId);
        assert.equal(retried[0]!.status, 'synced');
        // The retry carried the same event id, so Google kept the one it had.
        assert.equal(fake.requestsWith(google.token).length, 2);
        assert.equal(fake.eventsWith(google.token).length, 1);
        assert.equal(retried[0]!.externalEventId, fake.eventsWith(google.token)[0]!.id);
      } finally {
        fake.answer({ kind: 'normal' });
      }
    });

    it('two syncs of one appointment at once send it once', async () => {
      const b = await business();
      const google = await connect(b.tenant.ownerToken, 'google-calendar');
      const lead = await createLead(db(), { accountId: b.tenant.account.id });
      const appointment = await createAppointment(db(), { accountId: b.tenant.account.id, leadId: lead.id, dateTime: new Date('2030-03-05T15:00:00Z') });
      await Promise.all([sync(appointment.id), sync(appointment.id), sync(appointment.id)]);
      const [row] = await settled(appointment.id);
      assert.equal(row!.status, 'synced');
      assert.equal(fake.requestsWith(google.token).length, 1);
      assert.equal(fake.requestsWith(google.token)[0]!.body.description, `Caller: ${lead.fullName}, ${lead.phoneNumber}\nBooked from the dashboard.`);
    });

    it('an account without a calendar sends nothing, and an account\'s calendar only ever gets its own appointments', async () => {
      const alone = await business();
      const withGoogle = await business();
      const withOutlook = await business();
      const google = await connect(withGoogle.tenant.ownerToken, 'google-calendar');
      const outlook = await connect(withOutlook.tenant.ownerToken, 'outlook-calendar');
      const before = fake.requests.length;

      const lonely = await bookOnCall(alone, { date: '2030-03-11', time: '09:00', name: 'No Calendar' });
      assert.deepEqual(await sync(lonely.appointmentId), []);
      assert.deepEqual(await rowsOf(lonely.appointmentId), []);
      assert.equal(fake.requests.length, before);

      const forGoogle = await bookOnCall(withGoogle, { date: '2030-03-11', time: '09:00', name: 'Google Caller' });
      const forOutlook = await bookOnCall(withOutlook, { date: '2030-03-11', time: '09:00', name: 'Outlook Caller' });
      await settled(forGoogle.appointmentId);
      await settled(forOutlook.appointmentId);
      const sent = fake.requests.slice(before);
      assert.deepEqual(sent.map((r) => [r.vendor, r.authorization, r.body.summary ?? r.body.subject]).sort(), [
        ['google', `Bearer ${google.token}`, 'Appointment with Google Caller'],
        ['microsoft', `Bearer ${outlook.token}`, 'Appointment with Outlook Caller'],
      ]);
      assert.deepEqual((await rowsOf(forGoogle.appointmentId)).map((r) => r.connectionId), [google.id]);
      assert.deepEqual((await rowsOf(forOutlook.appointmentId)).map((r) => r.connectionId), [outlook.id]);
    });

    it('an AI agent that names one of the calendars books into that one only; otherwise every connected calendar gets it', async () => {
      const b = await business();
      const google = await connect(b.tenant.ownerToken, 'google-calendar');
      const outlook = await connect(b.tenant.ownerToken, 'outlook-calendar');
      const both = await bookOnCall(b, { date: '2030-03-12', time: '09:00', name: 'Both Calendars' });
      const rows = await settled(both.appointmentId, 2);
      assert.deepEqual(rows.map((r) => r.status), ['synced', 'synced']);
      const [listed] = await report(b.tenant.ownerToken);
      assert.deepEqual(listed!.calendarEvents, [
        { provider: 'google-calendar', status: 'synced', error: null },
        { provider: 'outlook-calendar', status: 'synced', error: null },
      ]);

      const chooser = await createAiAgent(db(), { accountId: b.tenant.account.id, name: 'Olly', calendarIntegrationId: outlook.id });
      const chosen = await bookOnCall({ ...b, agent: chooser }, { date: '2030-03-12', time: '10:00', name: 'Outlook Only' });
      assert.deepEqual((await settled(chosen.appointmentId)).map((r) => r.connectionId), [outlook.id]);
      assert.deepEqual(fake.requestsWith(google.token).map((r) => r.body.summary), ['Appointment with Both Calendars']);
      assert.deepEqual(fake.requestsWith(outlook.token).map((r) => r.body.subject), ['Appointment with Both Calendars', 'Appointment with Outlook Only']);
    });

    it('a calendar connected through the local consent page keeps the event in the local calendar; nothing leaves the machine', async () => {
      const b = await business();
      // The product's own flow with no vendor app: the consent page approves at once.
      const catalogue = (await call(ctx.server, 'GET', 'integrations', { token: b.tenant.ownerToken })).body.data as Array<{ provider: string; authorizeUrl: string }>;
      const consent = new URL(catalogue.find((e) => e.provider === 'google-calendar')!.authorizeUrl.replace(/^https?:\/\/[^/]+/, ctx.server.origin));
      consent.searchParams.set('redirect_uri', REDIRECT_URI);
      consent.searchParams.set('state', 'google-calendar');
      const code = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code');
      const connected = await call(ctx.server, 'POST', 'integrations/connect', {
        token: b.tenant.ownerToken, body: { authType: 'oauth', provider: 'google-calendar', code, redirectUri: REDIRECT_URI },
      });
      assert.equal(connected.status, 200, JSON.stringify(connected.body));
      const before = fake.requests.length;

      const booking = await bookOnCall(b, { date: '2030-03-13', time: '16:00', name: 'Local Caller' });
      const [row] = await settled(booking.appointmentId);
      assert.equal(row!.status, 'synced', row!.error ?? '');
      await sync(booking.appointmentId);
      const kept = await db().select().from(localCalendarEvents).where(eq(localCalendarEvents.id, row!.externalEventId!));
      assert.deepEqual(kept.map((e) => [e.provider, e.summary, e.startLocal, e.endLocal, e.timeZone]), [
        ['google-calendar', 'Appointment with Local Caller', '2030-03-13T16:00:00', '2030-03-13T16:30:00', NEW_YORK],
      ]);
      assert.equal(fake.requests.length, before);
    });

    it('a connection whose credential cannot be read is recorded as failed and sends nothing', async () => {
      const b = await business();
      // Stored without the app's encryption, as a copied or corrupted row would be.
      const broken = await createIntegrationConnection(db(), { accountId: b.tenant.account.id, provider: 'google-calendar' });
      const lead = await createLead(db(), { accountId: b.tenant.account.id });
      const appointment = await createAppointment(db(), { accountId: b.tenant.account.id, leadId: lead.id });
      const before = fake.requests.length;
      assert.deepEqual((await sync(appointment.id)).map((e) => [e.connectionId, e.status, e.error]), [[broken.id, 'failed', UNREADABLE_CREDENTIAL_TEXT]]);
      assert.equal(fake.requests.length, before);
    });
  });
}
