import { Call, Device } from '@twilio/voice-sdk';
import {
  CALLER_CALL_SID_PARAMETER, PRESENCE_REREGISTER_INTERVAL_MS, TOKEN_EXPIRY_WARNING_MS, UNKNOWN_CALLER_TEXT, VOICE_CODEC_PREFERENCES,
  stopsReregistration,
} from 'shared-contracts';
import { Emitter } from './emitter';
import type { AudioDevices, PhoneCall, PhoneCallEvents, PhoneDevice, PhoneDeviceEvents, VoiceError } from './phone-device';

const toVoiceError = (error: { code?: number; message?: string }): VoiceError => ({
  code: typeof error.code === 'number' ? error.code : 0,
  message: error.message ?? 'Unknown error',
});

/** One Twilio call behind the PhoneCall interface. */
function wrapCall(call: Call, fallbackFrom: string): PhoneCall {
  const events = new Emitter<PhoneCallEvents>();
  call.on('accept', () => events.emit('accept'));
  call.on('disconnect', () => events.emit('disconnect'));
  call.on('cancel', () => events.emit('cancel'));
  call.on('reject', () => events.emit('reject'));
  call.on('error', (error: { code?: number; message?: string }) => events.emit('error', toVoiceError(error)));
  call.on('warning', (name: string) => events.emit('warning', name));
  call.on('warning-cleared', (name: string) => events.emit('warning-cleared', name));
  return {
    from: call.parameters?.From ?? fallbackFrom,
    // A ringing leg names the caller's call; our own outgoing call is known by its own sid.
    sid: call.customParameters?.get(CALLER_CALL_SID_PARAMETER) ?? call.parameters?.CallSid ?? null,
    accept: () => call.accept(),
    reject: () => call.reject(),
    disconnect: () => call.disconnect(),
    sendDigits: (digits) => call.sendDigits(digits),
    mute: (muted) => call.mute(muted),
    on: (event, listener) => events.on(event, listener),
  };
}

/** Twilio's Voice SDK behind the PhoneDevice interface. */
export function createTwilioDevice(token: string): PhoneDevice {
  const device = new Device(token, {
    codecPreferences: VOICE_CODEC_PREFERENCES.map((codec) => codec as Call.Codec),
    tokenRefreshMs: TOKEN_EXPIRY_WARNING_MS,
    closeProtection: true,
  });
  const events = new Emitter<PhoneDeviceEvents>();
  device.on('registered', () => events.emit('registered'));
  device.on('unregistered', () => events.emit('unregistered'));
  device.on('incoming', (call: Call) => events.emit('incoming', wrapCall(call, UNKNOWN_CALLER_TEXT)));
  // An expired token (31205) cannot register again: presence waits for the next token.
  let tokenExpired = false;
  device.on('error', (error: { code?: number; message?: string }) => {
    const voiceError = toVoiceError(error);
    if (stopsReregistration(voiceError.code)) tokenExpired = true;
    events.emit('error', voiceError);
  });
  device.on('tokenWillExpire', () => events.emit('tokenWillExpire'));
  // Twilio drops a registration it has not heard from; re-register as the SDK's presence interval says.
  const presence = setInterval(() => {
    if (!tokenExpired && device.state === Device.State.Unregistered) void device.register().catch(() => undefined);
  }, PRESENCE_REREGISTER_INTERVAL_MS);

  const list = (map: Map<string, MediaDeviceInfo> | undefined) => [...(map?.values() ?? [])];
  return {
    register: () => device.register(),
    connect: async (to) => wrapCall(await device.connect({ params: { To: to } }), to),
    updateToken: (next) => {
      tokenExpired = false;
      device.updateToken(next);
    },
    destroy: () => {
      clearInterval(presence);
      device.destroy();
    },
    audioDevices: (): AudioDevices => ({
      inputs: list(device.audio?.availableInputDevices), outputs: list(device.audio?.availableOutputDevices),
    }),
    setInputDevice: async (deviceId) => {
      await device.audio?.setInputDevice(deviceId);
    },
    setOutputDevice: async (deviceId) => {
      await device.audio?.speakerDevices.set(deviceId);
    },
    on: (event, listener) => events.on(event, listener),
  };
}
