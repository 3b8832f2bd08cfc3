import type { VoiceProvider } from 'shared-contracts';
import type { PhoneDevice } from './phone-device';
import { SimulatorDevice } from './simulator-device';

/**
 * The device the API's provider calls for. The Voice SDK is loaded only when Twilio is in use,
 * so the simulator never downloads it.
 */
export async function createPhoneDevice(provider: VoiceProvider, token: string, wsBase: string): Promise<PhoneDevice> {
  if (provider === 'simulator') return new SimulatorDevice(wsBase, token);
  const { createTwilioDevice } = await import('./twilio-device');
  return createTwilioDevice(token);
}
