import * as v from 'valibot';
import { LOCAL_RESPONDER_LABEL } from 'shared-contracts';
import { callClockOf, type CallTool, type ToolResult } from '../tools/call-tools';
import { dropsBooking, nameFrom, readWhen, saysGoodbye, wantsAppointment, wantsPerson } from './caller-words';
import { ANSWER_PREFIX, localWrapUp } from './local-wrap-up';
import { answerFromPassages } from './passage-answer';
import type { ReplyInput, Responder } from './responder';
import { NEED_NAME_TEXT } from './slot-answers';
import { clockTime, spokenDay, spokenTime } from './spoken-time';
import type { CalendarDate } from '../tools/zoned-time';

export const HELP_TEXT = 'I can answer your questions, book an appointment, or put you through to a person. What would you like?';
export const ASK_DAY_TEXT = 'What day would suit you?';
export const GOODBYE_TEXT = 'Thank you for calling. Goodbye!';
export const ANYTHING_ELSE_TEXT = 'Is there anything else I can help you with?';
export const askTimeText = (date: CalendarDate) => `What time on ${spokenDay(date)}?`;
const NO_ANSWER_TEXT = 'Sorry, I do not have an answer to that.';
const TIME_EXAMPLE_TEXT = 'For example, 10 AM or 2:30 PM.';
const DAY_EXAMPLE_TEXT = 'For example, tomorrow or next Monday.';
/** The reason a person reads with a transfer, and an appointment's notes: the caller's own words, kept short. */
const MAX_REASON = 300;
const MAX_NOTES = 300;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Where "tomorrow" is: by default the clock of the call's tools (callTools), else the server's clock in UTC. */
export interface LocalResponderOptions {
  now?: () => Date;
  /** IANA name, e.g. "America/New_York". */
  timeZone?: string;
}

/** A booking being put together over several turns. */
interface Booking {
  date: CalendarDate | null;
  minutes: number | null;
  name: string | null;
  /** What the agent asked last, so that a short answer ("tomorrow", "3 pm", "Ada") is read as that. */
  asked: 'day' | 'time' | 'name';
  lead: 'unchecked' | 'known' | 'needs-name';
  /** The caller's words that started it, kept as the appointment's notes ("a cleaning, please"). */
  request: string;
}

interface Step {
  say: string;
  /** Done once the reply has been said in full (an interrupted goodbye does not end the call). */
  afterwards?: () => Promise<unknown>;
}

const looksLikeQuestion = (text: string) => /\?\s*$|^(what|when|where|who|why|how|do|does|is|are|can|could|will|would)\b/i.test(text.trim());
const isThanks = (text: string) => /^(ok(ay)?[, ]+)?(thanks|thank you)( (very|so) much)?[.! ]*$/i.test(text.trim());

/** Runs one of the call's tools by name, with its own argument check; null when the call has no such tool. */
async function useTool(tools: readonly CallTool[], name: string, args: Record<string, unknown>): Promise<ToolResult | null> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return null;
  const parsed = v.safeParse(tool.args, args);
  if (!parsed.success) return { ok: false, say: parsed.issues.map((issue) => issue.message).join('; ') };
  return tool.run(parsed.output);
}

/**
 * The responder that needs no AI model: the default on a fresh install. Deterministic and made
 * once per call (a booking is put together across turns). It ends the call on goodbye, puts the
 * caller through when they ask for a person, books an appointment by asking for a day and a time,
 * and otherwise answers from the knowledge passages that matched the caller's turn.
 */
export function createLocalResponder(options: LocalResponderOptions = {}): Responder {
  let booking: Booking | null = null;

  const clockFor = (input: ReplyInput) => {
    const tools = callClockOf(input.tools);
    return {
      now: (options.now ?? tools?.now ?? (() => new Date()))(),
      timeZone: options.timeZone ?? tools?.timeZone ?? 'UTC',
    };
  };

  async function continueBooking(text: string, input: ReplyInput): Promise<Step> {
    const started = booking === null;
    const b: Booking = booking ??= { date: null, minutes: null, name: null, asked: 'day', lead: 'unchecked', request: cut(text, MAX_NOTES) };
    const clock = clockFor(input);
    const when = readWhen(text, clock.now, clock.timeZone, b.asked === 'time');
    const name = nameFrom(text, b.asked === 'name' && when.date === null && when.minutes === null);
    const newDay = when.date !== null && when.date !== b.date;
    if (when.date !== null) b.date = when.date;
    if (when.minutes !== null) b.minutes = when.minutes;
    if (name !== null) b.name = name;
    const learned = when.date !== null || when.minutes !== null || name !== null;
    // A question in the middle of a booking gets its answer, then the booking's question again.
    const aside = () => {
      const answer = learned ? null : answerFromPassages(text, input.knowledge);
      return answer === null ? '' : `${ANSWER_PREFIX} ${answer} `;
    };

    if (b.date === null) {
      b.asked = 'day';
      if (b.minutes !== null) return { say: `What day would suit you for ${spokenTime(b.minutes)}?` };
      if (started || learned) return { say: ASK_DAY_TEXT };
      const answer = aside();
      return { say: answer ? `${answer}${ASK_DAY_TEXT}` : `Sorry, I did not catch a day. ${ASK_DAY_TEXT} ${DAY_EXAMPLE_TEXT}` };
    }
    if (b.minutes === null) {
      if (newDay) {
        const day = await useTool(input.tools, 'find_free_slots', { date: b.date });
        if (day && !day.ok) {
          b.date = null;
          b.asked = 'day';
          return { say: day.say.trim().endsWith('?') ? day.say : `${day.say} What other day would suit you?` };
        }
      }
      b.asked = 'time';
      if (learned) return { say: askTimeText(b.date) };
      const answer = aside();
      return { say: answer ? `${answer}${askTimeText(b.date)}` : `Sorry, I did not catch a time. ${askTimeText(b.date)} ${TIME_EXAMPLE_TEXT}` };
    }
    if (b.lead === 'unchecked') {
      const lead = await useTool(input.tools, 'find_or_create_lead', b.name ? { name: b.name } : {});
      b.lead = lead === null || lead.ok ? 'known' : 'needs-name';
    }
    if (b.lead === 'needs-name' && b.name === null) {
      const again = b.asked === 'name';
      b.asked = 'name';
      return { say: again ? `Sorry, I did not catch your name. ${NEED_NAME_TEXT}` : NEED_NAME_TEXT };
    }
    const booked = await useTool(input.tools, 'book_appointment', {
      date: b.date, time: clockTime(b.minutes), ...(b.name ? { name: b.name } : {}), notes: b.request,
    });
    if (booked === null) {
      booking = null;
      return { say: 'Sorry, I cannot book appointments on this call. I can put you through to a person instead.' };
    }
    if (booked.ok) {
      booking = null;
      return { say: `${booked.say} ${ANYTHING_ELSE_TEXT}` };
    }
    // Taken, past or outside hours: the answer names other times; the caller picks one.
    b.minutes = null;
    b.asked = booked.say === NEED_NAME_TEXT ? 'name' : 'time';
    if (b.asked === 'name') b.lead = 'needs-name';
    return { say: booked.say };
  }

  async function respond(text: string, input: ReplyInput): Promise<Step> {
    if (text === '') return { say: HELP_TEXT };
    if (wantsPerson(text)) {
      booking = null;
      const transfer = await useTool(input.tools, 'transfer_to_person', { reason: cut(text, MAX_REASON) });
      return { say: transfer?.say ?? 'Sorry, I cannot put you through to a person on this call.' };
    }
    if (saysGoodbye(text)) {
      booking = null;
      return { say: GOODBYE_TEXT, afterwards: () => useTool(input.tools, 'end_call', {}) };
    }
    if (booking !== null && dropsBooking(text)) {
      booking = null;
      return { say: `No problem, I have not booked anything. ${ANYTHING_ELSE_TEXT}` };
    }
    if (booking !== null || wantsAppointment(text)) return continueBooking(text, input);
    const answer = answerFromPassages(text, input.knowledge);
    if (answer !== null) return { say: `${ANSWER_PREFIX} ${answer}` };
    if (isThanks(text)) return { say: `You are welcome. ${ANYTHING_ELSE_TEXT}` };
    return { say: looksLikeQuestion(text) ? `${NO_ANSWER_TEXT} ${HELP_TEXT}` : HELP_TEXT };
  }

  return {
    label: LOCAL_RESPONDER_LABEL,
    async *reply(input) {
      if (input.signal.aborted) return;
      const last = input.history.at(-1);
      const step = await respond(last?.speaker === 'caller' ? last.text.trim() : '', input);
      // Word by word, as a model streams: the transport and the tests see the same shape of reply.
      for (const token of step.say.match(/\S+\s*/g) ?? []) {
        if (input.signal.aborted) return;
        yield token;
      }
      if (step.afterwards && !input.signal.aborted) await step.afterwards();
    },
    async wrapUp(transcript, facts) {
      return localWrapUp(transcript, facts);
    },
  };
}
