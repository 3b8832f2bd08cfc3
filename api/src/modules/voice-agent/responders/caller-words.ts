import * as chrono from 'chrono-node';
import { wallClock, type CalendarDate } from '../../../zoned-time';

// What the local responder reads in a caller's turn. Speech-to-text gives plain sentences, so
// word patterns suffice for intents; dates and times go to chrono-node, relative to the
// business's own clock.

const NUMBER_WORDS: Record<string, string> = {
  one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', eleven: '11', twelve: '12',
};

/** Curly quotes straight, number words as digits ("three pm" → "3 pm"), spaces collapsed. */
export function plainWords(text: string): string {
  return text.replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi, (word) => NUMBER_WORDS[word.toLowerCase()]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const has = (pattern: RegExp) => (text: string) => pattern.test(plainWords(text).toLowerCase());

const PERSON = /\b(person|human|humans|representative|operator|receptionist|real people)\b/;
const SOMEONE = /\b(agent|someone|somebody|anyone|anybody|staff|manager)\b/;
const ASKING = /\b(talk|speak|connect|transfer|put me through|get me|reach|want|need|give me|can i have)\b/;

/** The caller asks for a person: "can I talk to a person", "representative", "I need someone". */
export function wantsPerson(text: string): boolean {
  const words = plainWords(text).toLowerCase();
  if (PERSON.test(words)) return true;
  const bare = words.replace(/[^a-z ]/g, '').trim();
  return SOMEONE.test(words) && (ASKING.test(words) || /^(an? )?(agent|someone|somebody)( please)?$/.test(bare));
}

const GOODBYE = /\b(good ?bye|bye|bye bye|that's all|that is all|thats all|nothing else|have a (good|nice|great) (day|one|evening)|hang up)\b/;
const NO_THANKS = /^(no|nope|no thanks|no thank you|no that's it|no that is it|that's it|that is it)[.! ]*(thanks|thank you)?[.!]*$/;

/** The caller is done: "goodbye", "that's all", "nothing else", or a bare "no, thank you". */
export function saysGoodbye(text: string): boolean {
  const words = plainWords(text).toLowerCase();
  return GOODBYE.test(words) || NO_THANKS.test(words.replace(/,/g, ''));
}

export const wantsAppointment = has(/\b(book|booking|appointment|appointments|schedule|reserve|reservation|set up a time|make a time)\b/);

/** The caller drops the booking they started: "never mind", "cancel that". */
export const dropsBooking = has(/\b(never ?mind|cancel (that|it)|forget (it|that)|not now|don't book)\b/);

/** The caller's words cut to `max` characters, to keep as a transfer's reason or an appointment's notes. */
export const keptShort = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const NAME_WORD = /^[\p{L}][\p{L}'-]*$/u;
const NOT_NAMES = new Set(['yes', 'yeah', 'no', 'sure', 'okay', 'ok', 'please', 'thanks', 'thank', 'you', 'hello', 'hi', 'um', 'uh', 'the', 'a', 'and', 'booking', 'appointment']);
const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function nameIn(words: string): string | null {
  const parts = words.replace(/[.,!?;:]+/g, ' ').trim().split(/\s+/).filter((p) => p !== '');
  if (parts.length === 0 || parts.length > 4) return null;
  if (!parts.every((p) => NAME_WORD.test(p) && !NOT_NAMES.has(p.toLowerCase()))) return null;
  return parts.map(titleCase).join(' ');
}

/**
 * The caller's name from "my name is Ada Lovelace". With `answering` (the agent has just asked for
 * the name) a bare "Ada Lovelace" or "it's Ada" counts too.
 */
export function nameFrom(text: string, answering = false): string | null {
  const words = plainWords(text);
  const introduced = /\b(?:my name is|my name's|name is)\s+([^.,!?]+)/i.exec(words);
  if (introduced) return nameIn(introduced[1]!);
  if (!answering) return null;
  const answer = /^(?:(?:yes|sure|okay|ok)[, ]+)?(?:it's|it is|this is|i am|i'm|call me|put it under)?\s*(.+)$/i.exec(words);
  return answer ? nameIn(answer[1]!) : null;
}

export interface When {
  date: CalendarDate | null;
  /** Minutes since midnight, local time. */
  minutes: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

// chrono's patterns are large regular expressions that V8 compiles on their first two runs:
// ~300 ms, which would otherwise land on the first callers who name a day. Paying it when the
// server loads keeps it off every call.
for (let run = 0; run < 2; run += 1) chrono.parse('next Monday or tomorrow at 3pm, December 3 at 10:30', new Date(), { forwardDate: true });

/**
 * The day and time in the caller's words, as the business's wall clock reads them: "tomorrow at
 * 3pm", "next Monday", "December 3 at 10:30". A bare hour from 1 to 7 means the afternoon (nobody
 * books at 3 in the morning). With `expectingTime` a lone number ("how about 4") is a time too.
 */
export function readWhen(text: string, now: Date, timeZone: string, expectingTime = false): When {
  const clock = wallClock(now, timeZone);
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  // chrono counts "tomorrow" from the reference's fields in the server's zone, so the reference
  // carries the business's wall clock in those fields.
  const reference = new Date(year, month - 1, day, Math.floor(clock.minutes / 60), clock.minutes % 60);
  const words = plainWords(text);
  const when: When = { date: null, minutes: null };
  const read = (input: string) => {
    for (const result of chrono.parse(input, reference, { forwardDate: true })) {
      const start = result.start;
      if (when.date === null && (start.isCertain('day') || start.isCertain('weekday'))) {
        when.date = `${start.get('year')}-${pad(start.get('month')!)}-${pad(start.get('day')!)}`;
      }
      if (when.minutes === null && start.isCertain('hour')) {
        let hour = start.get('hour')!;
        if (!start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
        when.minutes = hour * 60 + (start.get('minute') ?? 0);
      }
    }
  };
  read(words);
  if (when.minutes === null && expectingTime) {
    const lone = /\b([01]?\d|2[0-3])(:[0-5]\d)?\b/.exec(words);
    if (lone) read(`at ${lone[0]}`);
  }
  return when;
}
