import { getAppointmentsReports } from './get-appointments-reports';

export const appointmentEndpoints = [getAppointmentsReports];
