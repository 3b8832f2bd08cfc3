import { VOICE_ERROR_MESSAGES, VOICE_UNKNOWN_ERROR_TEXT, isTokenError, mediaErrorCode, stopsReregistration, voiceErrorMessage } from './voice-errors';
import { callErrorText } from './messages';

const SPEC_CODES = [20101, 20104, 31000, 31003, 31005, 31009, 31201, 31204, 31205, 31206, 31208, 31401, 31402, 31480, 31486, 31603, 53000, 53001];

test('every code has a message, and only those', () =>
  expect(Object.keys(VOICE_ERROR_MESSAGES).map(Number).sort()).toEqual([...SPEC_CODES].sort()));

test.each(SPEC_CODES)('%d has a readable sentence', (code) => {
  const text = voiceErrorMessage(code);
  expect(text).not.toBe(VOICE_UNKNOWN_ERROR_TEXT);
  expect(text).toMatch(/^[A-Z].*[.…]$/);
});

test('specific meanings', () => {
  expect(voiceErrorMessage(31486)).toMatch(/busy/);
  expect(voiceErrorMessage(31603)).toMatch(/declined/);
  expect(voiceErrorMessage(31401)).toMatch(/Microphone/);
  expect(voiceErrorMessage(20104)).toMatch(/expired/);
});

test('unknown codes become the unknown error', () => {
  expect(voiceErrorMessage(99999)).toBe(VOICE_UNKNOWN_ERROR_TEXT);
  expect(voiceErrorMessage(undefined)).toBe(VOICE_UNKNOWN_ERROR_TEXT);
  expect(voiceErrorMessage(null)).toBe(VOICE_UNKNOWN_ERROR_TEXT);
});

test('31205 stops re-registration; others do not', () => {
  expect(stopsReregistration(31205)).toBe(true);
  expect(stopsReregistration(20104)).toBe(false);
  expect(stopsReregistration(31000)).toBe(false);
});

test('token errors', () => {
  for (const c of [20101, 20104, 31204, 31205]) expect(isTokenError(c)).toBe(true);
  expect(isTokenError(31486)).toBe(false);
});

test('microphone denial vs other capture failures', () => {
  expect(mediaErrorCode({ name: 'NotAllowedError' })).toBe(31401);
  expect(mediaErrorCode({ name: 'PermissionDeniedError' })).toBe(31401);
  expect(mediaErrorCode({ name: 'NotFoundError' })).toBe(31402);
  expect(mediaErrorCode(new Error('x'))).toBe(31402);
  expect(mediaErrorCode(null)).toBe(31402);
});

test('toast texts', () => {
  expect(voiceErrorMessage(31100)).toBe('Malformed invite from gateway');
  expect(callErrorText('Busy')).toBe('Call error: Busy');
});
