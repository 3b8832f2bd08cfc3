import { EventEmitter } from 'node:events';
import { Device } from '@twilio/voice-sdk';
import { CALLER_CALL_SID_PARAMETER } from 'shared-contracts';
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
    destroy() {}
  }
  return { Device, Call: {} };
});
const latestDevice = () => (Device as unknown as { latest: EventEmitter }).latest;

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
