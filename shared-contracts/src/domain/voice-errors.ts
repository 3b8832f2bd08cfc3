/**
 * The voice SDK's error codes, each with the text a user sees. The texts say
 * what happened and, where the user can act, what to do.
 */
export const MALFORMED_INVITE_TEXT = 'Malformed invite from gateway';
/** The SDK's bad-request code, which a malformed invite raises. */
export const MALFORMED_INVITE_CODE = 31100;

export const VOICE_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  20101: 'Your calling session is invalid. Please sign in again.',
  20104: 'Your calling session has expired. Please sign in again.',
  31000: 'Lost connection to the call service. Check your internet connection.',
  31003: 'The call\'s audio connection was interrupted. Check your internet connection.',
  31005: 'The connection to the call service closed unexpectedly. Reconnecting…',
  31009: 'Cannot reach the call service. Check your internet connection.',
  31201: 'Could not sign in to the call service. Please sign in again.',
  31204: 'Your calling session is invalid. Please sign in again.',
  31205: 'Your calling session has expired. Please sign in again.',
  31206: 'Too many call requests. Please wait a moment and try again.',
  31208: 'Microphone access was blocked. Allow the microphone in your browser settings.',
  31401: 'Microphone access was denied. Allow the microphone in your browser settings.',
  31402: 'Could not use your microphone. Check that one is connected and not in use.',
  31480: 'The person you are calling is temporarily unavailable.',
  31486: 'The line is busy.',
  31603: 'The call was declined.',
  53000: 'Lost connection to the call service. Reconnecting…',
  53001: 'Lost connection to the call service. Reconnecting…',
};

export const VOICE_UNKNOWN_ERROR_TEXT = 'An unknown call error occurred.';

/** The user-facing text for a voice SDK error code; unknown codes get the unknown-error text. */
export const voiceErrorMessage = (code: number | undefined | null): string => {
  if (code === MALFORMED_INVITE_CODE) return MALFORMED_INVITE_TEXT;
  return (code != null ? VOICE_ERROR_MESSAGES[code] : undefined) ?? VOICE_UNKNOWN_ERROR_TEXT;
};

/** An expired token (31205) stops presence re-registration; a new token is needed. */
export const stopsReregistration = (code: number): boolean => code === 31205;

/** Codes that mean the access token must be fetched again before the device can work. */
export const TOKEN_ERROR_CODES: readonly number[] = [20101, 20104, 31204, 31205];
export const isTokenError = (code: number): boolean => TOKEN_ERROR_CODES.includes(code);

export const MICROPHONE_DENIED_CODE = 31401;
export const MEDIA_ACQUISITION_FAILED_CODE = 31402;

/** A getUserMedia failure → its SDK code: a denial is 31401, any other capture failure 31402. */
export function mediaErrorCode(error: unknown): number {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' ? MICROPHONE_DENIED_CODE : MEDIA_ACQUISITION_FAILED_CODE;
}
