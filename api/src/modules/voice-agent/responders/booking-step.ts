import type { ToolResult } from '../tools/call-tools';
import type { CalendarDate } from '../../../zoned-time';
import { dropsBooking, keptShort, nameFrom, readWhen } from './caller-words';
import { ANSWER_PREFIX } from './local-wrap-up';
import { answerFromPassages } from './passage-answer';
import { NEED_NAME_TEXT } from './slot-answers';
import { clockTime, spokenDay, spokenTime } from './spoken-time';

// The local responder's booking dialogue as a pure step: the caller's words or a tool's answer
// go in; what to say, or which tool to run first, comes out. The tools (free times, the caller's
// lead, the booking itself) are run by whoever calls the step, which hands their answers back.

export const ASK_DAY_TEXT = 'What day would suit you?';
export const ANYTHING_ELSE_TEXT = 'Is there anything else I can help you with?';
export const DROPPED_TEXT = `No problem, I have not booked anything. ${ANYTHING_ELSE_TEXT}`;
export const NO_BOOKING_TOOL_TEXT = 'Sorry, I cannot book appointments on this call. I can put you through to a person instead.';
export const askTimeText = (date: CalendarDate) => `What time on ${spokenDay(date)}?`;
const TIME_EXAMPLE_TEXT = 'For example, 10 AM or 2:30 PM.';
const DAY_EXAMPLE_TEXT = 'For example, tomorrow or next Monday.';
/** An appointment's notes: the caller's own words, kept short. */
const MAX_NOTES = 300;

export type BookingTool = 'find_free_slots' | 'find_or_create_lead' | 'book_appointment';

/** A booking being put together over several turns. */
export interface Booking {
  date: CalendarDate | null;
  minutes: number | null;
  name: string | null;
  /** What the agent asked last, so that a short answer ("tomorrow", "3 pm", "Ada") is read as that. */
  asked: 'day' | 'time' | 'name';
  lead: 'unchecked' | 'known' | 'needs-name';
  /** The caller's words that started it, kept as the appointment's notes ("a cleaning, please"). */
  request: string;
  /** The tool the step asked for, whose answer it reads next. */
  waiting: BookingTool | null;
}

/** A tool for the step's caller to run, with its arguments. */
export interface ToolCall<Name extends string = string> {
  tool: Name;
  args: Record<string, unknown>;
}

/** The caller spoke, or the tool the step asked for answered (null: the call has no such tool). */
export type StepEvent = { heard: string } | { answer: ToolResult | null };

/** The business's clock, where "tomorrow" is read, and the knowledge passages matching the turn. */
export interface StepContext {
  now: Date;
  /** IANA name, e.g. "America/New_York". */
  timeZone: string;
  knowledge: readonly string[];
}

/** Something to say (the turn is answered; a null state means no booking is under way), or a tool to run first. */
export type BookingStep =
  | { state: Booking | null; reply: string }
  | { state: Booking; action: ToolCall<BookingTool> };

export function bookingStep(booking: Booking | null, event: StepEvent, context: StepContext): BookingStep {
  if ('heard' in event) return heard(booking, event.heard, context);
  if (booking?.waiting == null) throw new Error('A tool answered a booking that asked for none');
  const ready = { ...booking, waiting: null };
  switch (booking.waiting) {
    case 'find_free_slots': return dayChecked(ready, event.answer);
    case 'find_or_create_lead': return towardsBooking({ ...ready, lead: event.answer === null || event.answer.ok ? 'known' : 'needs-name' });
    case 'book_appointment': return booked(ready, event.answer);
  }
}

const ask = <T extends BookingTool>(booking: Booking, tool: T, args: Record<string, unknown>) =>
  ({ state: { ...booking, waiting: tool }, action: { tool, args } });

function heard(booking: Booking | null, text: string, context: StepContext): BookingStep {
  if (booking !== null && dropsBooking(text)) return { state: null, reply: DROPPED_TEXT };
  const started = booking === null;
  const b: Booking = booking === null
    ? { date: null, minutes: null, name: null, asked: 'day', lead: 'unchecked', request: keptShort(text, MAX_NOTES), waiting: null }
    : { ...booking, waiting: null };
  const when = readWhen(text, context.now, context.timeZone, b.asked === 'time');
  const name = nameFrom(text, b.asked === 'name' && when.date === null && when.minutes === null);
  const newDay = when.date !== null && when.date !== b.date;
  if (when.date !== null) b.date = when.date;
  if (when.minutes !== null) b.minutes = when.minutes;
  if (name !== null) b.name = name;
  const learned = when.date !== null || when.minutes !== null || name !== null;
  // A question in the middle of a booking gets its answer, then the booking's question again.
  const aside = () => {
    const answer = learned ? null : answerFromPassages(text, context.knowledge);
    return answer === null ? '' : `${ANSWER_PREFIX} ${answer} `;
  };

  if (b.date === null) return askDay(b, started || learned, aside);
  if (b.minutes === null) return newDay ? ask(b, 'find_free_slots', { date: b.date }) : askTime(b, b.date, learned, aside);
  return towardsBooking(b);
}

function askDay(b: Booking, plainly: boolean, aside: () => string): BookingStep {
  const state: Booking = { ...b, asked: 'day' };
  if (b.minutes !== null) return { state, reply: `What day would suit you for ${spokenTime(b.minutes)}?` };
  if (plainly) return { state, reply: ASK_DAY_TEXT };
  const answer = aside();
  return { state, reply: answer ? `${answer}${ASK_DAY_TEXT}` : `Sorry, I did not catch a day. ${ASK_DAY_TEXT} ${DAY_EXAMPLE_TEXT}` };
}

function askTime(b: Booking, date: CalendarDate, plainly: boolean, aside: () => string): BookingStep {
  const state: Booking = { ...b, asked: 'time' };
  if (plainly) return { state, reply: askTimeText(date) };
  const answer = aside();
  return { state, reply: answer ? `${answer}${askTimeText(date)}` : `Sorry, I did not catch a time. ${askTimeText(date)} ${TIME_EXAMPLE_TEXT}` };
}

/** The day's free times were looked up: a day that cannot be booked is asked for again, with the tool's reason. */
function dayChecked(b: Booking, day: ToolResult | null): BookingStep {
  if (day !== null && !day.ok) {
    return { state: { ...b, date: null, asked: 'day' }, reply: day.say.trim().endsWith('?') ? day.say : `${day.say} What other day would suit you?` };
  }
  return askTime(b, b.date!, true, () => '');
}

/** Day and time are known: the caller is looked up as a lead (asked their name when unknown), then booked. */
function towardsBooking(b: Booking): BookingStep {
  if (b.lead === 'unchecked') return ask(b, 'find_or_create_lead', b.name ? { name: b.name } : {});
  if (b.lead === 'needs-name' && b.name === null) {
    return { state: { ...b, asked: 'name' }, reply: b.asked === 'name' ? `Sorry, I did not catch your name. ${NEED_NAME_TEXT}` : NEED_NAME_TEXT };
  }
  return ask(b, 'book_appointment', { date: b.date, time: clockTime(b.minutes!), ...(b.name ? { name: b.name } : {}), notes: b.request });
}

function booked(b: Booking, result: ToolResult | null): BookingStep {
  if (result === null) return { state: null, reply: NO_BOOKING_TOOL_TEXT };
  if (result.ok) return { state: null, reply: `${result.say} ${ANYTHING_ELSE_TEXT}` };
  // Taken, past or outside hours: the answer names other times; the caller picks one.
  if (result.say === NEED_NAME_TEXT) return { state: { ...b, minutes: null, asked: 'name', lead: 'needs-name' }, reply: result.say };
  return { state: { ...b, minutes: null, asked: 'time' }, reply: result.say };
}
