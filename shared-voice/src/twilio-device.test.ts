import { EventEmitter } from 'node:events';
import { Device } from '@twilio/voice-sdk';
import { CALLER_CALL_SID_PARAMETER, PRESENCE_REREGISTER_INTERVAL_MS, VOICE_SDK_VERSION } from 'shared-contracts';
import type { PhoneCall } from './phone-device';
import { createTwilioDevice } from './twilio-device';

// Twilio's cloud is out of reach here: the SDK's Device stands in, the product's wrapper is real.
jest.mock('@twilio/voice-sdk', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  class Device extends Emitter {
    static State = { Unregistered: 'unregistered' };
    static latest: Device | null = null;
    state = 'registered';
    constructor() {
      super();
      Device.latest = this;
    }
    registrations = 0;
    register() {
      this.registrations += 1;
      return Promise.resolve();
    }
    updateToken() {}
    destroy() {}
  }
  return { Device, Call: {} };
});
const latestDevice = () => (Device as unknown as { latest: EventEmitter & { state: string; registrations: number } }).latest;

class FakeCall extends EventEmitter {
  constructor(readonly parameters: Record<string, string>, readonly customParameters: Map<string, string>) {
    super();
  }
}

function ring(parameters: Record<string, string>, custom: Record<string, string> = {}): PhoneCall {
  const device = createTwilioDevice('token');
  let incoming: PhoneCall | null = null;
  device.on('incoming', (call) => { incoming = call; });
  latestDevice().emit('incoming', new FakeCall(parameters, new Map(Object.entries(custom))));
  device.destroy();
  return incoming!;
}

it('a ringing leg is known by the caller\'s call sid that the TwiML passes, not by its own', () => {
  const call = ring({ CallSid: 'CA-agent-leg', From: '+15551230000' }, { [CALLER_CALL_SID_PARAMETER]: 'CA-caller' });
  expect([call.sid, call.from]).toEqual(['CA-caller', '+15551230000']);
});

it('a call without that parameter keeps its own sid', () => {
  expect(ring({ CallSid: 'CA-own' }).sid).toBe('CA-own');
});

it('re-registers an unregistered device on the presence interval, but not after its token expired (31205) until a new token comes', () => {
  jest.useFakeTimers();
  try {
    const device = createTwilioDevice('token');
    const sdk = latestDevice();
    sdk.state = 'unregistered';
    jest.advanceTimersByTime(PRESENCE_REREGISTER_INTERVAL_MS);
    expect(sdk.registrations).toBe(1);

    const errors: number[] = [];
    device.on('error', (error) => errors.push(error.code));
    sdk.emit('error', { code: 31205, message: 'JWT token expired' });
    expect(errors).toEqual([31205]);
    jest.advanceTimersByTime(PRESENCE_REREGISTER_INTERVAL_MS * 3);
    expect(sdk.registrations).toBe(1);

    device.updateToken('next');
    jest.advanceTimersByTime(PRESENCE_REREGISTER_INTERVAL_MS);
    expect(sdk.registrations).toBe(2);
    device.destroy();
  } finally {
    jest.useRealTimers();
  }
});

it('runs the Voice SDK version the spec names', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { dependencies } = require('../package.json') as { dependencies: Record<string, string> };
  expect(dependencies['@twilio/voice-sdk']).toBe(VOICE_SDK_VERSION);
});
