import { DIALER_ALLOWED_DIGITS } from './limits';
import { isUsPhone, normalizePhoneB, notUsPhoneText } from './phone';

/** The softphone's texts and dialing rules. */
export const DIAL_EMPTY_NUMBER_TEXT = 'Please enter a phone number to call';
export const DIAL_NOT_US_NUMBER_TEXT = notUsPhoneText();
export const CALL_DEVICE_NOT_READY_TEXT = 'Call device not ready';
export const QUEUE_FINISH_CURRENT_CALL_TEXT = 'Finish your current call before calling from queue';
export const QUEUE_FIRST_NUMBER_TEXT = 'Please call the first number in queue before proceeding to others';
/** The server's answer when the caller an agent took from the queue had already been taken by another. */
export const QUEUE_ENTRY_TAKEN_TEXT = 'Another agent is already calling this caller back';

export const SOFTPHONE_TEXT = {
  ready: 'Ready For Call',
  onQueueCall: 'Queue Call / Mobile',
  phonePlaceholder: 'ex: +1211111111',
  queueTitle: 'Queue List',
  queueEmpty: 'No numbers in queue',
  queueNext: '(Next)',
  incomingTitle: 'Incoming call',
  reject: 'Reject',
  accept: 'Accept',
} as const;

export const incomingCallText = (caller: string): string => `${caller} is calling you`;

/** The dial pad's keys, in the order they are laid out. */
export const DIAL_PAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** One DTMF/dial character: 0-9, *, # or w (a pause). */
export const isAllowedDialDigit = (key: string): boolean => DIALER_ALLOWED_DIGITS.test(key);

export type DialPadAction =
  | { kind: 'dtmf'; digit: string }
  | { kind: 'append'; number: string }
  | { kind: 'ignored' };

/** A dial pad key sends a DTMF digit during a call; otherwise it is appended to the number. */
export function dialPadPress(key: string, state: { onCall: boolean; number: string }): DialPadAction {
  if (!isAllowedDialDigit(key)) return { kind: 'ignored' };
  return state.onCall ? { kind: 'dtmf', digit: key } : { kind: 'append', number: state.number + key };
}

export type DialCheck = { ok: true; number: string } | { ok: false; error: string };

/**
 * Whether a manual call can start, and the number it dials. The typed text is normalised as
 * every typed number is (rule B), so text without a digit is no number at all, and anything
 * but a US number is refused before it reaches the network. The number is checked before the device.
 */
export function checkDial(state: { number: string; deviceReady: boolean }): DialCheck {
  const number = normalizePhoneB(state.number);
  if (number === '') return { ok: false, error: DIAL_EMPTY_NUMBER_TEXT };
  if (!isUsPhone(number)) return { ok: false, error: DIAL_NOT_US_NUMBER_TEXT };
  if (!state.deviceReady) return { ok: false, error: CALL_DEVICE_NOT_READY_TEXT };
  return { ok: true, number };
}

export type QueueTake<T> = { ok: true; entry: T; rest: T[] } | { ok: false; error: string };

/**
 * Calling from the queue: only when not on a call, and only the first entry; the entry
 * leaves the queue when it is called.
 */
export function takeFromQueue<T extends { id: string }>(queue: readonly T[], entryId: string, onCall: boolean): QueueTake<T> {
  if (onCall) return { ok: false, error: QUEUE_FINISH_CURRENT_CALL_TEXT };
  const [first, ...rest] = queue;
  if (first === undefined || first.id !== entryId) return { ok: false, error: QUEUE_FIRST_NUMBER_TEXT };
  return { ok: true, entry: first, rest };
}
