import {
  CALL_DEVICE_NOT_READY_TEXT, DIAL_EMPTY_NUMBER_TEXT, DIAL_NOT_US_NUMBER_TEXT, DIAL_PAD_KEYS, QUEUE_FINISH_CURRENT_CALL_TEXT,
  QUEUE_FIRST_NUMBER_TEXT, SOFTPHONE_TEXT, checkDial, dialPadPress, incomingCallText, isAllowedDialDigit, takeFromQueue,
} from './dialer';
import { QUEUE_PLACEHOLDER_NUMBER } from './limits';

test('spec texts', () => {
  expect(SOFTPHONE_TEXT.phonePlaceholder).toBe('ex: +1211111111');
  expect(SOFTPHONE_TEXT.queueEmpty).toBe('No numbers in queue');
  expect(incomingCallText('+12125550100')).toBe('+12125550100 is calling you');
  expect(QUEUE_PLACEHOLDER_NUMBER).toMatch(/^\+1\d{10}$/);
});

describe('allowed digits: 0-9, *, # and w', () => {
  test.each([...'0123456789*#w'])('%s is allowed', (k) => expect(isAllowedDialDigit(k)).toBe(true));
  test.each(['a', 'W', '+', ' ', '', '12', 'ww', '-'])('%j is not', (k) => expect(isAllowedDialDigit(k)).toBe(false));
  test('the pad has 1-9, *, 0, #', () => expect(DIAL_PAD_KEYS.join('')).toBe('123456789*0#'));
});

describe('dial pad press', () => {
  test('during a call: a DTMF digit', () => expect(dialPadPress('5', { onCall: true, number: '+1212' })).toEqual({ kind: 'dtmf', digit: '5' }));
  test('otherwise: appended', () => expect(dialPadPress('#', { onCall: false, number: '+1212' })).toEqual({ kind: 'append', number: '+1212#' }));
  test('other keys are ignored', () => expect(dialPadPress('x', { onCall: false, number: '' })).toEqual({ kind: 'ignored' }));
});

describe('checkDial', () => {
  test('an empty number first', () => {
    expect(checkDial({ number: '', deviceReady: false })).toEqual({ ok: false, error: DIAL_EMPTY_NUMBER_TEXT });
    expect(checkDial({ number: '   ', deviceReady: true })).toEqual({ ok: false, error: DIAL_EMPTY_NUMBER_TEXT });
  });
  test('text without a digit is no number', () =>
    expect(checkDial({ number: 'abc', deviceReady: true })).toEqual({ ok: false, error: DIAL_EMPTY_NUMBER_TEXT }));
  test.each(['123', '+44 20 7946 0958', '555-0100', '+1 212 555 01000'])('%j is not a US number', (number) => {
    expect(checkDial({ number, deviceReady: true })).toEqual({ ok: false, error: DIAL_NOT_US_NUMBER_TEXT });
  });
  test('then the device', () => expect(checkDial({ number: '+12125550100', deviceReady: false })).toEqual({ ok: false, error: CALL_DEVICE_NOT_READY_TEXT }));
  test.each(['+12125550100', '(212) 555-0100', '1 212 555 0100', ' +1 212-555-0100 '])('%j dials +12125550100', (number) =>
    expect(checkDial({ number, deviceReady: true })).toEqual({ ok: true, number: '+12125550100' }));
});

describe('takeFromQueue', () => {
  const queue = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  test('the first entry is taken and leaves the queue', () =>
    expect(takeFromQueue(queue, 'a', false)).toEqual({ ok: true, entry: { id: 'a' }, rest: [{ id: 'b' }, { id: 'c' }] }));
  test('not during a call, even the first', () => expect(takeFromQueue(queue, 'a', true)).toEqual({ ok: false, error: QUEUE_FINISH_CURRENT_CALL_TEXT }));
  test('not a later entry', () => expect(takeFromQueue(queue, 'b', false)).toEqual({ ok: false, error: QUEUE_FIRST_NUMBER_TEXT }));
  test('the call check comes first', () => expect(takeFromQueue(queue, 'c', true)).toEqual({ ok: false, error: QUEUE_FINISH_CURRENT_CALL_TEXT }));
  test('an empty queue or unknown id', () => {
    expect(takeFromQueue([], 'a', false)).toEqual({ ok: false, error: QUEUE_FIRST_NUMBER_TEXT });
    expect(takeFromQueue(queue, 'z', false)).toEqual({ ok: false, error: QUEUE_FIRST_NUMBER_TEXT });
  });
  test('the input queue is not changed', () => {
    takeFromQueue(queue, 'a', false);
    expect(queue).toHaveLength(3);
  });
});
