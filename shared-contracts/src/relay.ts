import * as v from 'valibot';
import { parseMessage } from './socket';

/**
 * Twilio ConversationRelay's WebSocket protocol, the one way a caller reaches an AI agent: Twilio
 * on a real call, the telephony simulator's caller (terminal, tests) and the browser's "Talk in
 * the browser" all speak it to the same endpoint. Twilio turns speech into `prompt` text and our
 * `text` tokens into speech.
 */
export const RELAY_PATH = '/v1/telephony/relay';

/** A frame larger than this is refused unread (Twilio's own frames are far smaller). */
export const RELAY_MAX_FRAME_BYTES = 64 * 1024;
/** The longest thing a caller says in one turn: a frame's text, and all of a turn's partial frames together. */
export const RELAY_PROMPT_MAX_CHARS = 8_000;
/** A relay socket that has not named its call (`setup`) by then is closed. */
export const RELAY_SETUP_TIMEOUT_MS = 5_000;
/**
 * Bounds on what one caller can make a session do: finished turns (a prompt's last frame, a key)
 * and frames of any kind per second, and transcript lines per call. A person speaks a turn every
 * second or two; anything past these is a flood, refused by ending the session.
 */
export const RELAY_MAX_TURNS_PER_SECOND = 5;
export const RELAY_MAX_FRAMES_PER_SECOND = 200;
export const RELAY_MAX_LINES_PER_CALL = 1_000;
/** The ConversationRelay <Parameter> naming our call log row. */
export const RELAY_CALL_PARAMETER = 'callId';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** Twilio writes durations as numbers on some pages and as strings ("460") on others: both are read. */
const Milliseconds = v.union([
  v.pipe(v.number(), v.minValue(0)),
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'A duration is a whole number of milliseconds'), v.transform(Number)),
]);

/** Twilio → us. Twilio adds fields over time, so unknown fields are kept, never refused. */
export const RelayInbound = v.variant('type', [
  v.looseObject({
    type: v.literal('setup'),
    sessionId: v.optional(Text(128)),
    callSid: Text(64),
    from: v.optional(Text(64)),
    to: v.optional(Text(64)),
    direction: v.optional(Text(32)),
    customParameters: v.optional(v.record(Text(64), Text(512)), {}),
  }),
  v.looseObject({ type: v.literal('prompt'), voicePrompt: Text(RELAY_PROMPT_MAX_CHARS), lang: v.optional(Text(16)), last: v.optional(v.boolean(), true) }),
  v.looseObject({
    type: v.literal('interrupt'),
    utteranceUntilInterrupt: v.optional(Text(16_000), ''),
    durationUntilInterruptMs: v.optional(Milliseconds),
  }),
  v.looseObject({ type: v.literal('dtmf'), digit: v.pipe(v.string(), v.regex(/^[0-9*#]$/, 'A DTMF digit is 0-9, * or #')) }),
  v.looseObject({ type: v.literal('error'), description: v.optional(Text(2_000), '') }),
]);
export type RelayInbound = v.InferOutput<typeof RelayInbound>;
/** The inbound frame types we read; Twilio's newer ones are ignored, not refused. */
export const RELAY_INBOUND_TYPES = ['setup', 'prompt', 'interrupt', 'dtmf', 'error'] as const;

/** Us → Twilio. */
export const RelayOutbound = v.variant('type', [
  /**
   * One token of the agent's reply; `last` closes the reply. `lang` speaks it in another language;
   * `preemptible` lets the next reply replace it (a holding sentence).
   */
  v.looseObject({
    type: v.literal('text'), token: v.string(), last: v.boolean(), lang: v.optional(v.string()),
    interruptible: v.optional(v.boolean()), preemptible: v.optional(v.boolean()),
  }),
  v.looseObject({
    type: v.literal('play'), source: v.string(), loop: v.optional(v.number()),
    interruptible: v.optional(v.boolean()), preemptible: v.optional(v.boolean()),
  }),
  v.looseObject({ type: v.literal('sendDigits'), digits: v.string() }),
  v.looseObject({ type: v.literal('language'), ttsLanguage: v.optional(v.string()), transcriptionLanguage: v.optional(v.string()) }),
  /** Ends the session; `handoffData` (a JSON string) goes to the <Connect action> URL. */
  v.looseObject({ type: v.literal('end'), handoffData: v.optional(v.string()) }),
]);
/** The outbound frame types a caller's side reads. */
export const RELAY_OUTBOUND_TYPES = ['text', 'play', 'sendDigits', 'language', 'end'] as const;
export type RelayOutbound = v.InferOutput<typeof RelayOutbound>;

/** Why a session ended, as its handoffData says it. */
/** `speech-fallback`: our speech pipeline failed mid-call and the call goes on with Twilio's voice (ConversationRelay). */
export const RELAY_HANDOFF_REASONS = ['live-agent-handoff', 'transfer-to-number', 'call-ended', 'speech-fallback'] as const;
export const RelayHandoff = v.object({
  reasonCode: v.picklist(RELAY_HANDOFF_REASONS),
  /** What the caller wants, in the agent's words: the human agent reads it when the call rings. */
  reason: v.optional(Text(500), ''),
  /** With `transfer-to-number`: the number the call is sent on to (the <Connect action> dials it). */
  transferTo: v.optional(Text(32)),
});
export type RelayHandoff = v.InferOutput<typeof RelayHandoff>;

/** The handoffData of an `end` frame, or null when it is absent or not ours. */
export function parseRelayHandoff(handoffData: string | undefined): RelayHandoff | null {
  if (handoffData === undefined) return null;
  try {
    const parsed = v.safeParse(RelayHandoff, JSON.parse(handoffData));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export type RelayFrameParse<F> =
  | { ok: true; frame: F }
  /** `ignored`: a well-formed frame of a type this side does not read (Twilio adds types over time). */
  | { ok: false; error: string; ignored?: true };

/**
 * Parses one relay frame; an error text instead of an exception, so a bad frame is logged, not
 * fatal. A frame whose type is not one the schema knows is `ignored` rather than refused.
 */
export function parseRelayFrame<S extends typeof RelayInbound | typeof RelayOutbound>(
  schema: S,
  raw: string,
): RelayFrameParse<v.InferOutput<S>> {
  if (raw.length > RELAY_MAX_FRAME_BYTES) return { ok: false, error: 'Frame is too large' };
  const parsed = parseMessage(schema, raw);
  if (parsed.ok) return { ok: true, frame: parsed.message };
  const known: readonly string[] = schema === RelayInbound ? RELAY_INBOUND_TYPES : RELAY_OUTBOUND_TYPES;
  const type = typeOfFrame(raw);
  if (type !== null && !known.includes(type)) return { ok: false, error: `Frame type "${type.slice(0, 40)}" is not read here`, ignored: true };
  return parsed;
}

/** The `type` of a frame that parsed as JSON but failed its schema; only called on a refused frame. */
function typeOfFrame(raw: string): string | null {
  const parsed = parseMessage(v.looseObject({ type: v.string() }), raw);
  return parsed.ok ? parsed.message.type : null;
}

/** What the UI calls the stand-in that answers when no AI model is configured. */
export const LOCAL_RESPONDER_LABEL = 'Local responder: no AI model configured';

/** What the agent says first when Twilio's voice takes on a call our speech pipeline was holding. */
export const SPEECH_RESUMED_TEXT = 'Sorry, the line broke up for a moment. I am here: please go on.';

/** What the agent says when its model fails or is silent too long: never dead air. */
export const RESPONDER_FALLBACK_TEXT = 'Sorry, I am having trouble answering right now. I can put you through to a person: just say "a person".';
