import { SOFTPHONE_TEXT } from 'shared-contracts';
import {
  initialSoftphoneState, isOnCall, qualityWarningText, softphoneHeader, softphoneReducer, type SoftphoneEvent, type SoftphoneState,
} from './softphone-machine';

const run = (events: SoftphoneEvent[], from: SoftphoneState = initialSoftphoneState) => events.reduce(softphoneReducer, from);

describe('softphone state machine', () => {
  test('keys append to the number when idle; only 0-9, *, # and w', () => {
    const state = run(['1', '2', '*', '#', 'w', 'x', '0'].map((key) => ({ type: 'key', key }) as const));
    expect(state.number).toBe('12*#w0');
  });

  test('during a call the number is read-only: keys and typing leave it unchanged (keys send DTMF instead)', () => {
    const onCall = run([{ type: 'typed', number: '+15551230000' }, { type: 'dialing', number: '+15551230000' }, { type: 'connected', at: 1000 }]);
    expect(run([{ type: 'key', key: '5' }, { type: 'typed', number: '999' }], onCall).number).toBe('+15551230000');
  });

  test('incoming call: accept starts the timer and shows the caller; reject returns to idle', () => {
    const ringing = run([{ type: 'incoming', caller: '+15551112222' }]);
    expect(ringing).toMatchObject({ phase: 'incoming', caller: '+15551112222' });
    const accepted = softphoneReducer(ringing, { type: 'accepted', at: 5000 });
    expect(accepted).toMatchObject({ phase: 'onCall', number: '+15551112222', answeredAt: 5000, caller: null });
    expect(softphoneReducer(ringing, { type: 'rejected' })).toMatchObject({ phase: 'idle', caller: null });
  });

  test('the CallSid of a call that rang here is kept from the first ring until the call ends, for its caller\'s context', () => {
    const ringing = run([{ type: 'incoming', caller: '+15551112222', callSid: 'CA0123' }]);
    expect(ringing.callSid).toBe('CA0123');
    const accepted = softphoneReducer(ringing, { type: 'accepted', at: 1 });
    expect(accepted.callSid).toBe('CA0123');
    expect(run([{ type: 'muted', muted: true }, { type: 'warning', name: 'high-rtt' }], accepted).callSid).toBe('CA0123');
    expect(softphoneReducer(accepted, { type: 'disconnected' }).callSid).toBeNull();
    expect(softphoneReducer(ringing, { type: 'rejected' }).callSid).toBeNull();
    expect(run([{ type: 'incoming', caller: '+15551112222' }]).callSid).toBeNull();
    expect(run([{ type: 'dialing', number: '+15550000001' }, { type: 'connected', at: 1 }]).callSid).toBeNull();
  });

  test('accept and reject do nothing unless a call is waiting; a second call is not offered while on one', () => {
    expect(softphoneReducer(initialSoftphoneState, { type: 'accepted', at: 1 })).toBe(initialSoftphoneState);
    expect(softphoneReducer(initialSoftphoneState, { type: 'rejected' })).toBe(initialSoftphoneState);
    const onCall = run([{ type: 'dialing', number: '+15550000001' }, { type: 'connected', at: 1 }]);
    expect(softphoneReducer(onCall, { type: 'incoming', caller: '+15550000009' })).toBe(onCall);
  });

  test('disconnect clears the timer, the number, mute and warnings', () => {
    const busy = run([
      { type: 'dialing', number: '+15550000001' }, { type: 'connected', at: 1 }, { type: 'muted', muted: true }, { type: 'warning', name: 'high-rtt' },
    ]);
    expect(busy).toMatchObject({ muted: true, warnings: ['high-rtt'] });
    expect(softphoneReducer(busy, { type: 'disconnected' })).toEqual(initialSoftphoneState);
  });

  test('a dial that could not connect goes back to idle with its number kept; on a call it changes nothing', () => {
    const failed = softphoneReducer(run([{ type: 'dialing', number: '+15550000001' }]), { type: 'dialFailed' });
    expect(failed).toEqual({ ...initialSoftphoneState, number: '+15550000001' });
    const onCall = run([{ type: 'dialing', number: '+15550000001' }, { type: 'connected', at: 1 }]);
    expect(softphoneReducer(onCall, { type: 'dialFailed' })).toBe(onCall);
  });

  test('quality warnings show while they last, once each, and only during a call', () => {
    const onCall = run([{ type: 'dialing', number: '+15550000001' }]);
    const warned = run([{ type: 'warning', name: 'high-jitter' }, { type: 'warning', name: 'high-jitter' }, { type: 'warning', name: 'low-mos' }], onCall);
    expect(warned.warnings).toEqual(['high-jitter', 'low-mos']);
    expect(softphoneReducer(warned, { type: 'warningCleared', name: 'high-jitter' }).warnings).toEqual(['low-mos']);
    expect(softphoneReducer(initialSoftphoneState, { type: 'warning', name: 'low-mos' }).warnings).toEqual([]);
    expect(qualityWarningText('high-jitter')).toBe('Choppy audio: the connection is unsteady');
    expect(qualityWarningText('something-new')).toBe('Call quality warning: something-new');
  });

  test('header: Ready For Call when idle; Queue Call / Mobile with the number and a running hh:mm:ss timer', () => {
    expect(softphoneHeader(initialSoftphoneState, 0)).toEqual({ title: SOFTPHONE_TEXT.ready, number: null, timer: null, held: null });
    const dialing = run([{ type: 'dialing', number: '+15550000001' }]);
    expect(softphoneHeader(dialing, 99_000)).toEqual({ title: 'Queue Call / Mobile', number: '+15550000001', timer: '00:00:00', held: null });
    const onCall = softphoneReducer(dialing, { type: 'connected', at: 10_000 });
    expect(softphoneHeader(onCall, 10_000 + 3_725_400).timer).toBe('01:02:05');
    expect(isOnCall(onCall)).toBe(true);
  });

  test('hold: only on a connected call; the header counts the time on hold; a new call starts off hold', () => {
    const dialing = run([{ type: 'dialing', number: '+15550000001' }]);
    expect(softphoneReducer(dialing, { type: 'held', heldSince: 1_000 }).heldSince).toBeNull();
    const held = softphoneReducer(softphoneReducer(dialing, { type: 'connected', at: 0 }), { type: 'held', heldSince: 60_000 });
    expect(softphoneHeader(held, 72_000)).toMatchObject({ timer: '00:01:12', held: 'On hold 00:00:12' });
    expect(softphoneReducer(held, { type: 'held', heldSince: null }).heldSince).toBeNull();
    expect(softphoneReducer(held, { type: 'disconnected' }).heldSince).toBeNull();
  });
});
