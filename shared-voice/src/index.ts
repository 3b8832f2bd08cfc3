// The browser phone: Twilio's Voice SDK, or the local simulator's device, behind one interface.
// The softphone's agents and a USER supervising a call both place and take calls with it.
export { createPhoneDevice } from './create-device';
export type { AudioDevices, PhoneCall, PhoneCallEvents, PhoneDevice, PhoneDeviceEvents, VoiceError } from './phone-device';
