import { useApi } from 'shared-auth';
import { MAX_PAGE_SIZE, contract } from 'shared-contracts';

/**
 * Appointments from `from` to `to` (inclusive days). A day is padded each side because the
 * server cuts days in the account's zone and the calendar in the user's.
 */
export const useAppointmentsBetween = (enabled: boolean, from: string, to: string, pad: (d: string, n: number) => string) =>
  useApi(
    contract.appointment.getAppointmentsReports,
    enabled ? { body: { from: pad(from, -1), to: pad(to, 1), page: 1, limit: MAX_PAGE_SIZE } } : null,
    { keepPreviousData: true },
  );
