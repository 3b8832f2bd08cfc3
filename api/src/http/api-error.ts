import type { ApiErrorBody, ApiErrorType } from 'shared-contracts';
import { SESSION_EXPIRED_TEXT } from 'shared-contracts';

/** A failure the client is meant to read: its body is sent as is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: ApiErrorType,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get body(): ApiErrorBody {
    return this.errors ? { type: this.type, message: this.message, errors: this.errors } : { type: this.type, message: this.message };
  }
}

export const INTERNAL_ERROR_TEXT = 'Something went wrong on our side. Please try again.';
export const FORBIDDEN_TEXT = 'You do not have access to this resource';
export const NOT_FOUND_TEXT = 'Not found';
export const INVALID_CREDENTIALS_TEXT = 'Invalid email or password';

export const badRequest = (message: string, errors?: string[]) => new ApiError(400, 'BadRequest', message, errors);
export const unauthorized = () => new ApiError(401, 'Unauthorized', SESSION_EXPIRED_TEXT);
export const invalidCredentials = () => new ApiError(401, 'InvalidCredentials', INVALID_CREDENTIALS_TEXT);
export const forbidden = () => new ApiError(403, 'Forbidden', FORBIDDEN_TEXT);
export const notFound = () => new ApiError(404, 'NotFound', NOT_FOUND_TEXT);
/** The request is sound, but the thing it acts on is not in a state that allows it (taken, ended, busy). */
export const conflict = (message: string) => new ApiError(409, 'Conflict', message);

/** The error type a plain status code maps to, for errors raised by fastify itself (bad JSON, body too large...). */
export function typeForStatus(status: number): ApiErrorType {
  switch (status) {
    case 401: return 'Unauthorized';
    case 403: return 'Forbidden';
    case 404: return 'NotFound';
    case 409: return 'Conflict';
    case 413: return 'PayloadTooLarge';
    case 429: return 'TooManyRequests';
    case 503: return 'ServiceUnavailable';
    default: return status >= 500 ? 'InternalError' : 'BadRequest';
  }
}
