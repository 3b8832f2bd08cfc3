import { connectIntegration } from './connect';
import { disconnectIntegration } from './disconnect';
import { getConnections } from './get-connections';
import { listIntegrations } from './list-integrations';

export { localConsentRoute } from './local-consent-route';
export { calendarSyncJob, calendarSyncDeps, syncBookedAppointment } from './calendar-sync-job';
export { syncAppointmentToCalendars, type CalendarSyncDeps } from './calendar-sync';
export { calendarEventStates, type CalendarEventState } from './calendar-event-states';
export { openIntegrationCredential } from './integration-credentials';
export { squareClientFor } from './square-client';

export const integrationEndpoints = [listIntegrations, getConnections, connectIntegration, disconnectIntegration];
