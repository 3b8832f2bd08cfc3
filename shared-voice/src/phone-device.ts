/**
 * The one interface the softphone talks to: a wrapper around Twilio's Voice SDK, or the local
 * simulator's device, which behaves the same way against the API's simulator.
 */
export interface VoiceError {
  code: number;
  message: string;
}

export interface PhoneCallEvents extends Record<string, unknown[]> {
  accept: [];
  disconnect: [];
  cancel: [];
  reject: [];
  error: [VoiceError];
  warning: [string];
  'warning-cleared': [string];
}

export interface PhoneCall {
  /** The caller's number (the call's From parameter); the dialled number for outbound calls. */
  readonly from: string;
  /** The call's CallSid, when the device knows it (an incoming call always has one). */
  readonly sid: string | null;
  accept(): void;
  reject(): void;
  disconnect(): void;
  /** 0-9, *, # and w only. */
  sendDigits(digits: string): void;
  mute(muted: boolean): void;
  on<K extends keyof PhoneCallEvents>(event: K, listener: (...args: PhoneCallEvents[K]) => void): () => void;
}

export interface PhoneDeviceEvents extends Record<string, unknown[]> {
  registered: [];
  unregistered: [];
  incoming: [PhoneCall];
  error: [VoiceError];
  tokenWillExpire: [];
}

export interface AudioDevices {
  inputs: MediaDeviceInfo[];
  outputs: MediaDeviceInfo[];
}

export interface PhoneDevice {
  register(): Promise<void>;
  /** Outbound calls pass a To parameter. */
  connect(to: string): Promise<PhoneCall>;
  updateToken(token: string): void;
  destroy(): void;
  /** Microphones and speakers, when the browser lets us list them. */
  audioDevices(): AudioDevices;
  setInputDevice(deviceId: string): Promise<void>;
  setOutputDevice(deviceId: string): Promise<void>;
  on<K extends keyof PhoneDeviceEvents>(event: K, listener: (...args: PhoneDeviceEvents[K]) => void): () => void;
}
