import { enqueueSnackbar } from 'notistack';
import { UNEXPECTED_ERROR_TEXT, extractErrorText } from 'shared-contracts';
import { isApiError } from '../http/api-error';
import { isUnauthorizedBody } from '../http/session-expiry';

/** The reason the server gave in its answer, else `fallback` (a network failure or a bare 500 gave none). */
function serverReasonOr(error: unknown, fallback: string): string {
  const reason = isApiError(error) ? extractErrorText({ data: error.data }) : UNEXPECTED_ERROR_TEXT;
  return reason === UNEXPECTED_ERROR_TEXT ? fallback : reason;
}

/**
 * Toasts through the page's one notistack (a shared singleton); the host mounts the
 * SnackbarProvider top-right with at most 3 visible.
 */
export const notify = {
  success(text: string): void {
    enqueueSnackbar(text, { variant: 'success' });
  },
  /**
   * Accepts any thrown value or a text; the text shown follows the spec's extraction order.
   * With a `fallback` (e.g. "Failed to update preference"), only a reason the server gave is
   * shown, and the fallback otherwise.
   */
  error(error: unknown, fallback?: string): void {
    // An expired session has already said so ("Session expired, Please login again."), once.
    if (isApiError(error) && isUnauthorizedBody(error.data)) return;
    enqueueSnackbar(fallback === undefined ? extractErrorText(error) : serverReasonOr(error, fallback), { variant: 'error' });
  },
  info(text: string): void {
    enqueueSnackbar(text, { variant: 'info' });
  },
  warning(text: string): void {
    enqueueSnackbar(text, { variant: 'warning' });
  },
};
