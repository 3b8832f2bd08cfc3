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
/** The ConversationRelay <Parameter> naming our call log row. */
export const RELAY_CALL_PARAMETER = 'callId';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));

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
    durationUntilInterruptMs: v.optional(v.number()),
  }),
  v.looseObject({ type: v.literal('dtmf'), digit: v.pipe(v.string(), v.regex(/^[0-9*#]$/, 'A DTMF digit is 0-9, * or #')) }),
  v.looseObject({ type: v.literal('error'), description: v.optional(Text(2_000), '') }),
]);
export type RelayInbound = v.InferOutput<typeof RelayInbound>;

/** Us → Twilio. */
export const RelayOutbound = v.variant('type', [
  /** One token of the agent's reply; `last` closes the reply. */
  v.object({ type: v.literal('text'), token: v.string(), last: v.boolean(), interruptible: v.optional(v.boolean()) }),
  v.object({ type: v.literal('play'), source: v.string(), interruptible: v.optional(v.boolean()) }),
  v.object({ type: v.literal('sendDigits'), digits: v.string() }),
  v.object({ type: v.literal('language'), ttsLanguage: v.optional(v.string()), transcriptionLanguage: v.optional(v.string()) }),
  /** Ends the session; `handoffData` (a JSON string) goes to the <Connect action> URL. */
  v.object({ type: v.literal('end'), handoffData: v.optional(v.string()) }),
]);
export type RelayOutbound = v.InferOutput<typeof RelayOutbound>;

/** Why a session ended, as its handoffData says it. */
export const RELAY_HANDOFF_REASONS = ['live-agent-handoff', 'call-ended'] as const;
export const RelayHandoff = v.object({
  reasonCode: v.picklist(RELAY_HANDOFF_REASONS),
  /** What the caller wants, in the agent's words: the human agent reads it when the call rings. */
  reason: v.optional(Text(500), ''),
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

/** Parses one relay frame; an error text instead of an exception, so a bad frame is logged, not fatal. */
export function parseRelayFrame<S extends typeof RelayInbound | typeof RelayOutbound>(
  schema: S,
  raw: string,
): { ok: true; frame: v.InferOutput<S> } | { ok: false; error: string } {
  if (raw.length > RELAY_MAX_FRAME_BYTES) return { ok: false, error: 'Frame is too large' };
  const parsed = parseMessage(schema, raw);
  return parsed.ok ? { ok: true, frame: parsed.message } : parsed;
}

/** What the UI calls the stand-in that answers when no AI model is configured. */
export const LOCAL_RESPONDER_LABEL = 'Local responder: no AI model configured';

/** What the agent says when its model fails or is silent too long: never dead air. */
export const RESPONDER_FALLBACK_TEXT = 'Sorry, I am having trouble answering right now. I can put you through to a person: just say "a person".';
