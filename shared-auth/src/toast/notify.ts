import { enqueueSnackbar } from 'notistack';
import { extractErrorText } from 'shared-contracts';
import { isApiError } from '../http/api-error';
import { isUnauthorizedBody } from '../http/session-expiry';

/**
 * Toasts through the page's one notistack (a shared singleton); the host mounts the
 * SnackbarProvider top-right with at most 3 visible.
 */
export const notify = {
  success(text: string): void {
    enqueueSnackbar(text, { variant: 'success' });
  },
  /** Accepts any thrown value or a text; the text shown follows the spec's extraction order. */
  error(error: unknown): void {
    // An expired session has already said so ("Session expired, Please login again."), once.
    if (isApiError(error) && isUnauthorizedBody(error.data)) return;
    enqueueSnackbar(extractErrorText(error), { variant: 'error' });
  },
  info(text: string): void {
    enqueueSnackbar(text, { variant: 'info' });
  },
  warning(text: string): void {
    enqueueSnackbar(text, { variant: 'warning' });
  },
};
