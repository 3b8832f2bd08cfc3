import type { FastifyInstance } from 'fastify';
import type { CalendarApiConfig } from '../../config';
import type { Db } from '../../db/client';
import { servicePlugin } from '../../plugins/service-plugin';
import type { CalendarClient } from './calendar-client';
import { syncAppointmentToCalendars, type CalendarSyncDeps } from './calendar-sync';
import { googleCalendarClient } from './google-calendar-client';
import { outlookCalendarClient } from './outlook-calendar-client';

export interface CalendarSyncService {
  /** What `syncAppointmentToCalendars` needs, wired to this app (a job queue's worker calls it with these). */
  deps: CalendarSyncDeps;
  /**
   * Syncs a just-booked appointment without holding up whoever booked it: returns at once; what
   * each calendar answered is recorded on the appointment's rows, and an unexpected fault is logged.
   */
  later(appointmentId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    calendarSync: CalendarSyncService;
  }
}

export const calendarClients = (apis: CalendarApiConfig): Partial<Record<'google-calendar' | 'outlook-calendar', CalendarClient>> => ({
  'google-calendar': googleCalendarClient(apis.googleUrl, apis.timeoutMs),
  'outlook-calendar': outlookCalendarClient(apis.microsoftGraphUrl, apis.timeoutMs),
});

// Call tools are built from a database handle alone (the relay session makes them), so a booking
// they make finds the calendar sync of the app serving that database here. The latest app
// started on a database serves it; several share one only in tests.
const servicesByDb = new WeakMap<Db, CalendarSyncService[]>();

/** After a booking through `db` has committed: syncs it in the background, when an app serves `db`. */
export function syncCalendarsLater(db: Db, appointmentId: string): void {
  servicesByDb.get(db)?.at(-1)?.later(appointmentId);
}

/** `app.calendarSync`; on close it waits for the syncs it started, so none outlives the database. */
export const calendarSyncPlugin = servicePlugin('calendar-sync', async (app: FastifyInstance) => {
  const deps: CalendarSyncDeps = {
    db: app.db, credentialsKey: app.config.credentialsKey, clients: calendarClients(app.config.calendarApis), log: app.log,
  };
  const running = new Set<Promise<void>>();
  const service: CalendarSyncService = {
    deps,
    later(appointmentId) {
      const run: Promise<void> = syncAppointmentToCalendars(deps, appointmentId).then(
        () => undefined,
        (err: unknown) => app.log.error({ err, appointmentId }, 'calendar sync failed'),
      ).finally(() => running.delete(run));
      running.add(run);
    },
  };
  app.decorate('calendarSync', service);
  const services = servicesByDb.get(app.db) ?? [];
  services.push(service);
  servicesByDb.set(app.db, services);
  app.addHook('onClose', async () => {
    services.splice(services.indexOf(service), 1);
    await Promise.all(running);
  });
});
