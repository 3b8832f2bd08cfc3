import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import { issuesText, refusedWhole } from '../../../http/parse-input';
import { callClockOf, checkToolArgs, refusedArgs, runChecked, type CallTool, type ToolResult } from '../tools/call-tools';
import { ANYTHING_ELSE_TEXT, bookingStep, type Booking, type BookingStep, type StepContext, type StepEvent, type ToolCall } from './booking-step';
import { keptShort, saysGoodbye, wantsAppointment, wantsPerson } from './caller-words';
import { ANSWER_PREFIX, localWrapUp } from './local-wrap-up';
import { answerFromPassages } from './passage-answer';
import type { ReplyInput, Responder } from './responder';

export { ANYTHING_ELSE_TEXT, ASK_DAY_TEXT, askTimeText } from './booking-step';

export const HELP_TEXT = 'I can answer your questions, book an appointment, or put you through to a person. What would you like?';
export const GOODBYE_TEXT = 'Thank you for calling. Goodbye!';
const NO_ANSWER_TEXT = 'Sorry, I do not have an answer to that.';
const NO_TRANSFER_TEXT = 'Sorry, I cannot put you through to a person on this call.';
/** The reason a person reads with a transfer: the caller's own words, kept short. */
const MAX_REASON = 300;

/** Where "tomorrow" is: by default the clock of the call's tools (callTools), else the server's clock in UTC. */
export interface LocalResponderOptions {
  now?: () => Date;
  /** IANA name, e.g. "America/New_York". */
  timeZone?: string;
}

/** Where one call with the local responder is: a booking under way, or a transfer asked for. */
export interface LocalState {
  booking: Booking | null;
  transferring: boolean;
}

export const NEW_CALL: LocalState = { booking: null, transferring: false };

/**
 * What to say, and a tool to run once it has been said in full (an interrupted goodbye does not
 * end the call); or a tool to run first, its answer handed back to localStep.
 */
export type LocalStep =
  | { state: LocalState; reply: string; afterwards?: ToolCall }
  | { state: LocalState; action: ToolCall };

const looksLikeQuestion = (text: string) => /\?\s*$|^(what|when|where|who|why|how|do|does|is|are|can|could|will|would)\b/i.test(text.trim());
const isThanks = (text: string) => /^(ok(ay)?[, ]+)?(thanks|thank you)( (very|so) much)?[.! ]*$/i.test(text.trim());
const inBooking = (step: BookingStep): LocalStep => ({ ...step, state: { booking: step.state, transferring: false } });

/**
 * The local responder's conversation, pure: it ends the call on goodbye, puts the caller through
 * when they ask for a person, books an appointment by asking for a day and a time (bookingStep),
 * and otherwise answers from the knowledge passages that matched the caller's turn.
 */
export function localStep(state: LocalState, event: StepEvent, context: StepContext): LocalStep {
  if ('answer' in event) {
    if (state.transferring) return { state: NEW_CALL, reply: event.answer?.say ?? NO_TRANSFER_TEXT };
    return inBooking(bookingStep(state.booking, event, context));
  }
  const text = event.heard;
  const heard: LocalState = { booking: state.booking, transferring: false };
  if (text === '') return { state: heard, reply: HELP_TEXT };
  if (wantsPerson(text)) {
    return { state: { booking: null, transferring: true }, action: { tool: 'transfer_to_person', args: { reason: keptShort(text, MAX_REASON) } } };
  }
  if (saysGoodbye(text)) return { state: NEW_CALL, reply: GOODBYE_TEXT, afterwards: { tool: 'end_call', args: {} } };
  if (state.booking !== null || wantsAppointment(text)) return inBooking(bookingStep(state.booking, event, context));
  const answer = answerFromPassages(text, context.knowledge);
  if (answer !== null) return { state: heard, reply: `${ANSWER_PREFIX} ${answer}` };
  if (isThanks(text)) return { state: heard, reply: `You are welcome. ${ANYTHING_ELSE_TEXT}` };
  return { state: heard, reply: looksLikeQuestion(text) ? `${NO_ANSWER_TEXT} ${HELP_TEXT}` : HELP_TEXT };
}

/** Runs one of the call's tools by name, its arguments checked once; null when the call has no such tool. */
async function useTool(tools: readonly CallTool[], { tool: name, args }: ToolCall): Promise<ToolResult | null> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return null;
  const parsed = checkToolArgs(tool, args);
  if (parsed.ok) return runChecked(tool, parsed.output);
  return refusedWhole(parsed.issues) ? refusedArgs(parsed.issues) : { ok: false, say: issuesText(parsed.issues) };
}

/**
 * The responder that needs no AI model: the default on a fresh install. Deterministic and made
 * once per call (it keeps the call's LocalState across turns); it runs the tools localStep asks
 * for and streams the reply.
 */
export function createLocalResponder(options: LocalResponderOptions = {}): Responder {
  let state = NEW_CALL;

  const contextFor = (input: ReplyInput): StepContext => {
    const tools = callClockOf(input.tools);
    return {
      now: (options.now ?? tools?.now ?? (() => new Date()))(),
      timeZone: options.timeZone ?? tools?.timeZone ?? 'UTC',
      knowledge: input.knowledge,
    };
  };

  /** Steps through the caller's turn, running each tool the step asks for. */
  async function respond(text: string, input: ReplyInput): Promise<{ reply: string; afterwards?: ToolCall }> {
    const context = contextFor(input);
    let step = localStep(state, { heard: text }, context);
    while ('action' in step) {
      state = step.state;
      step = localStep(state, { answer: await useTool(input.tools, step.action) }, context);
    }
    state = step.state;
    return step;
  }

  return {
    label: LOCAL_RESPONDER_LABEL,
    async *reply(input) {
      if (input.signal.aborted) return;
      const last = input.history.at(-1);
      const { reply, afterwards } = await respond(last?.speaker === 'caller' ? last.text.trim() : '', input);
      // Word by word, as a model streams: the transport and the tests see the same shape of reply.
      for (const token of reply.match(/\S+\s*/g) ?? []) {
        if (input.signal.aborted) return;
        yield token;
      }
      if (afterwards && !input.signal.aborted) await useTool(input.tools, afterwards);
    },
    async wrapUp(transcript, facts) {
      return localWrapUp(transcript, facts);
    },
  };
}
