import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { Id } from 'shared-contracts';
import type { CalendarApiConfig } from '../../config';
import type { JobDefinition } from '../jobs';
import type { CalendarClient } from './calendar-client';
import { syncAppointmentToCalendars, type CalendarSyncDeps } from './calendar-sync';
import { googleCalendarClient } from './google-calendar-client';
import { outlookCalendarClient } from './outlook-calendar-client';

export const calendarClients = (apis: CalendarApiConfig): Partial<Record<'google-calendar' | 'outlook-calendar', CalendarClient>> => ({
  'google-calendar': googleCalendarClient(apis.googleUrl, apis.timeoutMs),
  'outlook-calendar': outlookCalendarClient(apis.microsoftGraphUrl, apis.timeoutMs),
});

/** What a calendar sync needs, wired to this app's database, key and vendors. */
export const calendarSyncDeps = (app: FastifyInstance): CalendarSyncDeps => ({
  db: app.db, credentialsKey: app.config.credentialsKey, clients: calendarClients(app.config.calendarApis), log: app.log,
});

const CalendarSyncData = v.object({ appointmentId: Id });

/**
 * Puts a booked appointment into the account's connected calendars. A job, so that a restart
 * loses none and a calendar that refused or did not answer is tried again with backoff (about
 * two hours in all) until it has the event; the sync itself is idempotent, so a retry never makes
 * a second event.
 */
export const calendarSyncJob: JobDefinition<typeof CalendarSyncData> = {
  name: 'calendar-sync',
  data: CalendarSyncData,
  retryLimit: 8,
  retryDelaySeconds: 30,
  // Well past a calendar client's own time limit, for every calendar of the account in turn.
  expireInSeconds: 300,
  async handle(app, { appointmentId }) {
    const states = await syncAppointmentToCalendars(calendarSyncDeps(app), appointmentId);
    const failed = states.filter((s) => s.status === 'failed');
    if (failed.length > 0) throw new Error(`${failed.length} of ${states.length} calendars did not take the appointment: ${failed.map((s) => s.error).join('; ')}`);
  },
};

/**
 * After a booking has committed: queues its calendar sync. The booking stands whatever happens
 * here; a queue that cannot take the job is logged.
 */
export const syncBookedAppointment = (app: FastifyInstance) => async (appointmentId: string): Promise<void> => {
  try {
    await app.jobs.send(calendarSyncJob, { appointmentId });
  } catch (err) {
    app.log.error({ err, appointmentId }, 'calendar sync could not be queued');
  }
};
