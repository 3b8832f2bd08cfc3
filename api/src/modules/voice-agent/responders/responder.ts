import type { CallAnalysisValue, CallResult } from 'shared-contracts';
import type { AnalysisRequest } from './call-analysis';
import type { CallTool } from '../tools/call-tools';

/** One line of a call's transcript, as the responder sees it. */
export interface Turn {
  speaker: 'caller' | 'agent';
  text: string;
}

export interface ReplyInput {
  /** The agent's instructions with the business profile and the current date and time. */
  instructions: string;
  /** The call so far, oldest first, ending with the caller's new turn. */
  history: readonly Turn[];
  /** Knowledge passages that match the caller's turn, best first. */
  knowledge: readonly string[];
  /** The actions the agent may take during the reply (already bound to this call). */
  tools: readonly CallTool[];
  /** Aborted when the caller interrupts or the call ends. */
  signal: AbortSignal;
}

export interface CallWrapUp {
  summary: string;
  outcome: CallResult;
  sentiment: 'positive' | 'neutral' | 'negative';
  /** The business's own analysis of the call, when the wrap-up was asked for one. */
  analysis?: CallAnalysisValue;
}

/** What the wrap-up knows for certain, whatever a model says, and the analysis to fill in. */
export interface WrapUpFacts {
  appointmentBooked: boolean;
  transferred: boolean;
  /** Absent when the agent defines no analysis fields and no success criterion. */
  analysis?: AnalysisRequest;
}

/**
 * What answers the caller: a language model from the administrator's AI clients, or the local
 * responder when none is configured. `reply` yields the reply's text as it is produced (the
 * first token must not wait for the whole reply) and runs tools through `input.tools`.
 */
export interface Responder {
  /** Shown in the UI: the model's name, or LOCAL_RESPONDER_LABEL. */
  readonly label: string;
  reply(input: ReplyInput): AsyncIterable<string>;
  /** The call's summary, outcome and sentiment once it is over, and its analysis when asked. */
  wrapUp(transcript: readonly Turn[], facts: WrapUpFacts, signal: AbortSignal): Promise<CallWrapUp>;
}
