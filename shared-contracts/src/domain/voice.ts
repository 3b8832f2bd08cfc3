/** The voice SDK's constants the softphone and the simulator share. */

export const VOICE_SDK_VERSION = '2.13.0';

/** The access token is refreshed when this long is left of its ttl. */
export const TOKEN_EXPIRY_WARNING_MS = 10_000;
export const PRESENCE_REREGISTER_INTERVAL_MS = 30_000;
export const RINGTONE_START_MAX_MS = 2_000;
/** Codec preference, most preferred first. */
export const VOICE_CODEC_PREFERENCES = ['pcmu', 'opus'] as const;
export const VOICE_DEFAULT_LOG_LEVEL = 'error';
/** The other part of the SDK logs at this level. */
export const VOICE_SECONDARY_LOG_LEVEL = 'warn';
export const ECHO_TEST_DURATION_MS = 20_000;
export const SIGNALING_PREFLIGHT_TIMEOUT_MS = 10_000;
export const WEBSOCKET_CONNECT_TIMEOUT_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 15_000;
/** A reconnecting call fails after this long. */
export const RECONNECTING_TIMEOUT_MS = 30_000;

/** How long each sound may play; `incoming` loops until the call is answered or ends. */
export const SOUND_MAX_DURATION_MS = { disconnect: 3_000, outgoing: 3_000, dtmf: 1_000 } as const;
export const LOOPING_SOUNDS = ['incoming'] as const;

/** DTMF tones sent during a call; a `w` in the digits waits DTMF_PAUSE_MS. */
export const DTMF_TONE_MS = 160;
export const DTMF_GAP_MS = 70;
export const DTMF_PAUSE_MS = 500;
/** The tone length the other part of the SDK uses. */
export const DTMF_SHORT_TONE_MS = 100;

export interface BackoffOptions { min: number; max: number; factor: number; jitter?: number }
export const ICE_RECONNECT_BACKOFF: BackoffOptions = { min: 1, max: 30_000, factor: 1.1, jitter: 0.5 };
export const DEFAULT_BACKOFF: BackoffOptions = { min: 100, max: 10_000, factor: 2 };

/**
 * Delay before retry `attempt` (0-based): min × factor^attempt, spread by ±jitter, capped at
 * max. `random` is injectable so tests are deterministic.
 */
export function backoffDelayMs(options: BackoffOptions, attempt: number, random: () => number = Math.random): number {
  const base = options.min * options.factor ** Math.max(0, attempt);
  const jitter = options.jitter ?? 0;
  const spread = jitter > 0 ? base * jitter * (random() * 2 - 1) : 0;
  return Math.min(options.max, Math.max(0, Math.round(base + spread)));
}

/** Call quality monitoring. */
export const CALL_QUALITY = {
  sampleIntervalMs: 1_000,
  warningsEnabledAfterMs: 5_000,
  /** A warning cannot be cleared within this long of being raised. */
  warningMinDurationMs: 5_000,
  metricsBatchSize: 10,
  thresholds: {
    jitterMax: 30,
    rttMax: 400,
    mosMin: 3,
    /** Bytes sent or received below this raise after `raiseCount` samples and clear after `clearCount`. */
    bytesMin: 1,
    bytesRaiseCount: 3,
    bytesClearCount: 2,
    packetLossMaxPercent: 1,
    packetLossAverageSamples: 7,
    packetLossAverageMaxPercent: 3,
    audioLevelMinDeviation: 327.67,
    audioLevelSamples: 10,
  },
} as const;

/** Audio output is considered constant when the volume is unchanged for this many samples. */
export const CONSTANT_AUDIO_SAMPLES = 10;

export const DEVICE_STATES = ['unregistered', 'registering', 'registered', 'destroyed'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export type DeviceAction = 'register' | 'unregister' | 'destroy';

/** Register only from unregistered; unregister only from registered; once destroyed only destroying is allowed. */
export function canDevice(state: DeviceState, action: DeviceAction): boolean {
  if (action === 'destroy') return true;
  if (action === 'register') return state === 'unregistered';
  return state === 'registered';
}

export const CALL_STATES = ['pending', 'connecting', 'ringing', 'open', 'reconnecting', 'closed'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Accept, reject and ignore work only on a pending incoming call. */
export const canAnswer = (state: CallState): boolean => state === 'pending';

export const VOICE_MESSAGE_CONTENT_REQUIRED_TEXT = 'Message content is required';
export const VOICE_MESSAGE_TYPE_REQUIRED_TEXT = 'Message type must be a non-empty string';

/** A call message needs non-empty content and a non-empty string message type. */
export function voiceMessageError(message: { content?: unknown; messageType?: unknown }): string | null {
  const { content, messageType } = message;
  if (content === undefined || content === null || content === '') return VOICE_MESSAGE_CONTENT_REQUIRED_TEXT;
  if (typeof messageType !== 'string' || messageType === '') return VOICE_MESSAGE_TYPE_REQUIRED_TEXT;
  return null;
}

/**
 * The <Parameter> on each agent's <Client> leg naming the caller's call. Twilio gives the agent's
 * leg its own CallSid; the softphone reads this one to look the call up (who, why, transcript).
 */
export const CALLER_CALL_SID_PARAMETER = 'callerCallSid';
