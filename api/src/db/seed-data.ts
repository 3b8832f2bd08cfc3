import { randomUUID } from 'node:crypto';
import type { CALL_STATUSES } from 'shared-contracts';

type CallStatus = (typeof CALL_STATUSES)[number];

/** A small seeded PRNG (mulberry32): the demo data looks random but is the same on every fresh start. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
export type Random = ReturnType<typeof createRandom>;

export const id = (): string => randomUUID();

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mason', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Harper', 'Logan', 'Ella', 'James'];
const LAST = ['Nguyen', 'Patel', 'Garcia', 'Johnson', 'Kim', 'Brown', 'Martinez', 'Lopez', 'Clark', 'Walker', 'Hall', 'Young'];

export function leadNames(random: Random, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(`${random.pick(FIRST)} ${random.pick(LAST)}`);
  return [...names];
}

/** Fictional US numbers in the 555 exchange, `block` keeping each account's numbers apart. */
export const demoNumber = (block: number, n: number): string => `+1555${String(block).padStart(3, '0')}${String(n).padStart(4, '0')}`;

const STATUS_WEIGHTS: Array<[CallStatus, number]> = [['completed', 70], ['missed', 12], ['voicemail', 8], ['busy', 5], ['failed', 5]];

export function callStatus(random: Random): CallStatus {
  let roll = random.int(1, 100);
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll <= 0) return status;
  }
  return 'completed';
}

/** A moment `daysAgo` days back, during office hours (UTC offsets aside, good enough for demo charts). */
export function officeHoursAgo(random: Random, daysAgo: number): Date {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() - daysAgo);
  at.setUTCHours(random.int(13, 22), random.int(0, 59), random.int(0, 59), 0);
  // Today's calls must not be in the future.
  return at.getTime() > Date.now() ? new Date(Date.now() - random.int(60, 3600) * 1000) : at;
}

const DISPOSITION_WEIGHTS: Array<[string, number]> = [['Resolved', 60], ['Callback', 22], ['Escalated', 12], ['Wrong number', 6]];

/**
 * When a caller who waited for a person began to wait, was answered and was wrapped up, so the
 * desk report has figures from the first sign-in. An unanswered call was abandoned in the queue.
 */
export function deskTimes(random: Random, startedAt: Date, answered: boolean, durationSeconds: number, handedOverAfterSeconds: number) {
  const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);
  const queuedAt = at(handedOverAfterSeconds);
  if (!answered) return { queuedAt };
  const wait = Math.max(2, Math.min(random.int(4, 75), durationSeconds - handedOverAfterSeconds - 20));
  let roll = random.int(1, 100);
  const disposition = DISPOSITION_WEIGHTS.find(([, weight]) => (roll -= weight) <= 0)?.[0] ?? 'Resolved';
  return {
    queuedAt,
    personAnsweredAt: at(handedOverAfterSeconds + wait),
    wrapUpDueAt: at(durationSeconds + 120),
    wrappedUpAt: at(durationSeconds + random.int(12, 110)),
    disposition,
    dispositionNotes: disposition === 'Callback' ? 'Call back with the quote tomorrow morning.' : null,
  };
}

/** One answered call's turns; on a call a human agent took, the seed gives the AI's lines to the agent. */
export type Transcript = ReadonlyArray<['ai' | 'lead', string]>;

/** What callers and the agents of a dental practice talk about. */
export const DENTAL_TRANSCRIPTS: readonly Transcript[] = [
  [
    ['ai', 'Thank you for calling Acme Dental. How can I help you today?'],
    ['lead', 'Hi, I would like to book a teeth cleaning for next week.'],
    ['ai', 'Of course. Our hygienist has Tuesday at 10 AM or Thursday at 2 PM. Which works better?'],
    ['lead', 'Thursday at 2 works.'],
    ['ai', 'You are booked for a cleaning on Thursday at 2 PM. You will get a text reminder the day before.'],
  ],
  [
    ['ai', 'Good afternoon, Acme Dental front desk. What can I do for you?'],
    ['lead', 'I need to move my filling appointment, something came up.'],
    ['ai', 'No problem. The dentist has Monday morning open. Would that suit you?'],
    ['lead', 'Monday at nine would be perfect, thanks.'],
  ],
  [
    ['ai', 'Hello! This is Acme Dental calling to remind you about your checkup tomorrow.'],
    ['lead', 'Thanks for the reminder. Do I need to bring anything?'],
    ['ai', 'Just your dental insurance card and a photo ID. See you tomorrow!'],
  ],
  [
    ['ai', 'Acme Dental, after-hours line. How can I help?'],
    ['lead', 'I cracked a tooth at dinner and it really hurts.'],
    ['ai', 'I am sorry to hear that. I can book the first emergency visit tomorrow at 8 AM. Rinsing with warm salt water may ease it tonight.'],
    ['lead', 'Yes, please book it.'],
    ['ai', 'Done. The dentist will see you at 8 AM.'],
  ],
];

/** What callers and the agents of a real-estate agency talk about. */
export const REALTY_TRANSCRIPTS: readonly Transcript[] = [
  [
    ['ai', 'Thanks for calling Globex Realty. Are you asking about a new listing or an existing one?'],
    ['lead', 'A new one. Is the house on Maple Street still available?'],
    ['ai', 'It is. Would you like me to schedule a viewing with an agent?'],
    ['lead', 'Yes please, Saturday if possible.'],
  ],
  [
    ['ai', 'Hi, this is Globex Realty. You asked about homes near Riverside Park; is now a good time?'],
    ['lead', 'Yes. We are looking for three bedrooms with a garden.'],
    ['ai', 'Two of our listings fit. Shall I book viewings for this weekend?'],
    ['lead', 'Sunday afternoon would be great.'],
  ],
  [
    ['ai', 'Globex Realty, how can I help?'],
    ['lead', 'I am thinking of selling my condo and would like to know what it is worth.'],
    ['ai', 'One of our agents can come by for a free valuation. Would Wednesday at 5 PM work?'],
    ['lead', 'Wednesday works.'],
  ],
];

export const SMS_LINES: ReadonlyArray<['inbound' | 'outbound', string]> = [
  ['outbound', 'Hi, this is the front desk following up on your call earlier.'],
  ['inbound', 'Thanks! Can I come in on Friday instead?'],
  ['outbound', 'Friday at 11 AM is open. Shall I book it?'],
  ['inbound', 'Yes please.'],
  ['outbound', 'Done. See you Friday!'],
];
