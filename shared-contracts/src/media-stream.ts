import * as v from 'valibot';

/**
 * Twilio Media Streams' bidirectional WebSocket protocol: the call's audio, both ways, for an
 * agent whose speech runs through our own pipeline (the administrator's speech clients) instead
 * of Twilio's. Twilio sends the caller's audio as `media` frames of mu-law at 8 kHz and echoes
 * each `mark` we send once the audio before it has played; `clear` drops audio not yet played.
 */
export const MEDIA_STREAM_PATH = '/v1/telephony/media-stream';

/** A frame larger than this is refused unread (Twilio's frames hold 20 ms of audio, a few hundred bytes). */
export const MEDIA_STREAM_MAX_FRAME_BYTES = 64 * 1024;
/** Twilio sends 50 audio frames a second, and marks and keys besides: past this the caller's side floods. */
export const MEDIA_STREAM_MAX_FRAMES_PER_SECOND = 300;
/** A stream that has not started (`start`) by then is closed. */
export const MEDIA_STREAM_START_TIMEOUT_MS = 5_000;
/** The one audio format on a phone line: 8-bit mu-law, 8,000 samples a second, one channel. */
export const MEDIA_SAMPLE_RATE = 8_000;
export const MEDIA_ENCODING = 'audio/x-mulaw';
/** 20 ms of that audio, the size of Twilio's frames and of ours. */
export const MEDIA_FRAME_BYTES = 160;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Twilio writes counters as decimal strings ("1", "460"). */
const Counter = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'A counter is a whole number as text'));
/** Base64 audio, at most this many characters in one frame. */
const Payload = v.pipe(v.string(), v.maxLength(16_384), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Audio is base64 text'));

/** Twilio → us. Twilio adds fields over time, so unknown fields are kept, never refused. */
export const MediaStreamInbound = v.variant('event', [
  v.looseObject({ event: v.literal('connected'), protocol: v.optional(Text(32)), version: v.optional(Text(32)) }),
  v.looseObject({
    event: v.literal('start'),
    sequenceNumber: v.optional(Counter),
    streamSid: Text(64),
    start: v.looseObject({
      streamSid: v.optional(Text(64)),
      accountSid: v.optional(Text(64)),
      callSid: Text(64),
      tracks: v.optional(v.pipe(v.array(Text(32)), v.maxLength(4))),
      customParameters: v.optional(v.record(Text(64), Text(512)), {}),
      mediaFormat: v.optional(v.looseObject({
        encoding: Text(64),
        sampleRate: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(192_000)),
        channels: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(8)),
      })),
    }),
  }),
  v.looseObject({
    event: v.literal('media'),
    sequenceNumber: v.optional(Counter),
    streamSid: v.optional(Text(64)),
    media: v.looseObject({ track: v.optional(Text(32)), chunk: v.optional(Counter), timestamp: v.optional(Counter), payload: Payload }),
  }),
  v.looseObject({ event: v.literal('mark'), sequenceNumber: v.optional(Counter), streamSid: v.optional(Text(64)), mark: v.looseObject({ name: Text(64) }) }),
  v.looseObject({
    event: v.literal('dtmf'),
    sequenceNumber: v.optional(Counter),
    streamSid: v.optional(Text(64)),
    dtmf: v.looseObject({ track: v.optional(Text(32)), digit: v.pipe(v.string(), v.regex(/^[0-9*#]$/, 'A DTMF digit is 0-9, * or #')) }),
  }),
  v.looseObject({
    event: v.literal('stop'),
    sequenceNumber: v.optional(Counter),
    streamSid: v.optional(Text(64)),
    stop: v.optional(v.looseObject({ accountSid: v.optional(Text(64)), callSid: v.optional(Text(64)) })),
  }),
]);
export type MediaStreamInbound = v.InferOutput<typeof MediaStreamInbound>;
/** The inbound events we read; Twilio's newer ones are ignored, not refused. */
export const MEDIA_STREAM_INBOUND_EVENTS = ['connected', 'start', 'media', 'mark', 'dtmf', 'stop'] as const;

/** Us → Twilio. */
export const MediaStreamOutbound = v.variant('event', [
  /** Audio to play, mu-law 8 kHz in base64; Twilio queues it behind what it holds. */
  v.object({ event: v.literal('media'), streamSid: v.string(), media: v.object({ payload: v.string() }) }),
  /** Echoed back once everything sent before it has played. */
  v.object({ event: v.literal('mark'), streamSid: v.string(), mark: v.object({ name: v.string() }) }),
  /** Drops the audio not yet played; the marks behind it come back at once. */
  v.object({ event: v.literal('clear'), streamSid: v.string() }),
]);
export type MediaStreamOutbound = v.InferOutput<typeof MediaStreamOutbound>;

/**
 * Us → a USER's browser on a test call through our pipeline: Twilio's frames, and the words
 * beside the audio, which only a browser is sent (Twilio's wire stays as Twilio documents it).
 */
export const MediaStreamBrowserOutbound = v.variant('event', [
  ...MediaStreamOutbound.options,
  /** A piece of the agent's reply as it is written; `last` closes the line. */
  v.object({ event: v.literal('text'), streamSid: v.string(), text: v.object({ token: v.string(), last: v.boolean() }) }),
  /** The caller's turn as the transcriber heard it. */
  v.object({ event: v.literal('heard'), streamSid: v.string(), heard: v.object({ text: v.string() }) }),
  /** The session is over; `handoffData` is the relay's (RelayHandoff as JSON): where the caller goes. */
  v.object({ event: v.literal('end'), streamSid: v.string(), end: v.object({ handoffData: v.string() }) }),
]);
export type MediaStreamBrowserOutbound = v.InferOutput<typeof MediaStreamBrowserOutbound>;

/** How an agent's calls are spoken and heard. */
export const SPEECH_PATHS = ['twilio', 'pipeline'] as const;
export type SpeechPath = (typeof SPEECH_PATHS)[number];
export const SPEECH_PATH_LABELS: Record<SpeechPath, string> = {
  twilio: 'Twilio speaks',
  pipeline: 'Our pipeline',
};
