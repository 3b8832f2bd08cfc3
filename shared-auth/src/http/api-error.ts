import type { FetchLayerStatus } from 'shared-contracts';
import { FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR } from 'shared-contracts';

/**
 * Every failed call: `status` is the HTTP status with `data` the response body, or one of the
 * fetch-layer statuses when no readable response arrived. `extractErrorText(error)` reads
 * `data.errors[0]`, `data.errorMessage`, `data.message`, then `message`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number | FetchLayerStatus,
    readonly data: unknown,
    message: string,
    /** For PARSING_ERROR: the HTTP status of the unreadable response. */
    readonly originalStatus?: number,
  ) {
    super(message);
  }

  get isFetchLayer(): boolean {
    return typeof this.status === 'string';
  }
}

export const FETCH_LAYER_TEXT: Record<FetchLayerStatus, string> = {
  [FETCH_ERROR]: 'Could not reach the server. Check your connection and try again.',
  [TIMEOUT_ERROR]: 'The server took too long to answer. Please try again.',
  [PARSING_ERROR]: 'The server sent a response that could not be read.',
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
