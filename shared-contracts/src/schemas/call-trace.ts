import * as v from 'valibot';

/** A turn whose first token took at least this long counts as slow (the call logs' "Slow turns" filter). */
export const SLOW_TURN_MS = 1_500;
export const TRACE_TOOL_OUTCOMES = ['ok', 'refused', 'error', 'timeout'] as const;

/** One tool the agent ran during a turn. */
export const TraceToolCall = v.object({
  name: v.string(),
  /** The arguments as the responder gave them (bounded, as the tool checked them). */
  args: v.unknown(),
  /** What the tool answered (a sentence, or the business's endpoint's answer, capped). */
  result: v.string(),
  outcome: v.picklist(TRACE_TOOL_OUTCOMES),
  /** From the turn's start. */
  startMs: v.number(),
  durationMs: v.number(),
  /** A custom tool's endpoint answer status; null for built-in tools and requests that got none. */
  httpStatus: v.nullable(v.number()),
});
export type TraceToolCallValue = v.InferOutput<typeof TraceToolCall>;

/**
 * One caller turn and the agent's answer to it. Times are milliseconds from `at`, the moment the
 * caller finished speaking; null when that point was never reached (no reply, an interruption).
 */
export const CallTraceTurn = v.object({
  index: v.number(),
  /** When the caller finished speaking (ISO). */
  at: v.string(),
  caller: v.string(),
  knowledge: v.object({ passages: v.array(v.string()), durationMs: v.nullable(v.number()) }),
  tools: v.array(TraceToolCall),
  firstTokenMs: v.nullable(v.number()),
  lastTokenMs: v.nullable(v.number()),
  reply: v.string(),
  /** What the caller heard before they spoke over the reply; null when they did not. */
  heardBeforeInterruption: v.nullable(v.string()),
  /** The responder was silent too long: the holding sentence, then the fallback. */
  held: v.boolean(),
  fellBack: v.boolean(),
  /** Not answered by the responder: handed to a person, a message being taken, the call ending. */
  handledBy: v.nullable(v.picklist(['transfer', 'message', 'keypad'])),
  /** On our speech pipeline: from the end of the caller's speech to the reply's first audio sent. */
  firstAudioMs: v.optional(v.nullable(v.number()), null),
});
export type CallTraceTurnValue = v.InferOutput<typeof CallTraceTurn>;

export const CallTrace = v.object({
  callId: v.string(),
  /** The model that answered, or LOCAL_RESPONDER_LABEL. */
  responder: v.string(),
  endReason: v.nullable(v.string()),
  turns: v.array(CallTraceTurn),
  slowestFirstTokenMs: v.nullable(v.number()),
  /** Why our speech pipeline handed the call to Twilio's voice mid-call; null when it did not. */
  speechFallback: v.nullable(v.string()),
  /** The version of the agent the call ran on. */
  agentVersion: v.nullable(v.number()),
});
export type CallTrace = v.InferOutput<typeof CallTrace>;
