/** The error body every API error carries; the client's extraction order reads `errors[0]` first. */
export interface ApiErrorBody {
  /** Machine-readable kind; `Unauthorized` makes the client end the session. */
  type: ApiErrorType;
  message: string;
  errors?: string[];
}

export const API_ERROR_TYPES = [
  'BadRequest', 'Unauthorized', 'InvalidCredentials', 'Forbidden', 'NotFound', 'Conflict',
  'TooManyRequests', 'PayloadTooLarge', 'InternalError', 'ServiceUnavailable', 'ContractMismatch',
] as const;
export type ApiErrorType = (typeof API_ERROR_TYPES)[number];

/** Client-side failures that never reached a server response. */
export const FETCH_ERROR = 'FETCH_ERROR';
export const TIMEOUT_ERROR = 'TIMEOUT_ERROR';
export const PARSING_ERROR = 'PARSING_ERROR';
export type FetchLayerStatus = typeof FETCH_ERROR | typeof TIMEOUT_ERROR | typeof PARSING_ERROR;

export const UNEXPECTED_ERROR_TEXT = 'Unexpected error occurred';
export const SESSION_EXPIRED_TEXT = 'Session expired, Please login again.';
/** A 503: a service the API depends on (its database) does not answer; the same request may work in a moment. */
export const SERVICE_UNAVAILABLE_TEXT = 'The service is temporarily unavailable. Please try again.';

const record = (x: unknown): Record<string, unknown> | undefined =>
  typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : undefined;

const firstText = (source: Record<string, unknown> | undefined): string | undefined => {
  if (!source) return undefined;
  const errors = source.errors;
  if (Array.isArray(errors) && typeof errors[0] === 'string' && errors[0] !== '') return errors[0];
  for (const key of ['errorMessage', 'message'] as const) {
    const value = source[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
};

/** The built-in errors JavaScript throws when the program itself is at fault. */
const PROGRAM_FAULTS = new Set(['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'EvalError', 'URIError']);

/**
 * Their text ("Cannot read properties of undefined") describes the code, not anything the user
 * did or can do. Checked by name, since an error from another realm (an iframe, a test's
 * jsdom) is not an instance of this realm's classes.
 */
const isProgramFault = (error: unknown): boolean => {
  const name = record(error)?.name;
  return typeof name === 'string' && PROGRAM_FAULTS.has(name);
};

/**
 * First entry of data.errors, data.errorMessage, data.message, then errors,
 * errorMessage, message on the error itself, then a plain string, else "Unexpected error occurred".
 * A fault of the program itself (a TypeError and the like) always reads "Unexpected error occurred".
 */
export function extractErrorText(error: unknown): string {
  if (isProgramFault(error)) return UNEXPECTED_ERROR_TEXT;
  const self = record(error);
  return (
    firstText(record(self?.data)) ??
    firstText(self) ??
    (typeof error === 'string' && error !== '' ? error : undefined) ??
    UNEXPECTED_ERROR_TEXT
  );
}
