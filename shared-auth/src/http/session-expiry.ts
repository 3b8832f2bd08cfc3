import { enqueueSnackbar } from 'notistack';
import { SESSION_EXPIRED_TEXT } from 'shared-contracts';
import { resetAuth } from '../auth/auth-actions';

const record = (x: unknown): Record<string, unknown> | undefined =>
  typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : undefined;

/** The server's `{ type: 'Unauthorized' }` error body: the token is no longer valid. */
export const isUnauthorizedBody = (body: unknown): boolean => record(body)?.type === 'Unauthorized';

/** Toast "Session expired, Please login again." and reset auth. */
export function endExpiredSession(): void {
  // Several requests in flight usually fail together: one toast is enough.
  enqueueSnackbar(SESSION_EXPIRED_TEXT, { variant: 'error', key: 'session-expired', preventDuplicate: true });
  resetAuth();
}
