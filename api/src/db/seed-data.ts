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

const TRANSCRIPTS: ReadonlyArray<ReadonlyArray<['ai' | 'agent' | 'lead', string]>> = [
  [
    ['ai', 'Thank you for calling. How can I help you today?'],
    ['lead', 'Hi, I would like to book a cleaning for next week.'],
    ['ai', 'Of course. I have Tuesday at 10 AM or Thursday at 2 PM. Which works better?'],
    ['lead', 'Thursday at 2 works.'],
    ['ai', 'You are booked for Thursday at 2 PM. You will get a text reminder the day before.'],
  ],
  [
    ['agent', 'Good afternoon, this is the front desk. What can I do for you?'],
    ['lead', 'I need to move my appointment, something came up.'],
    ['agent', 'No problem. Would Monday morning suit you?'],
    ['lead', 'Monday at nine would be perfect, thanks.'],
  ],
  [
    ['ai', 'Hello! I am calling to remind you about your appointment tomorrow.'],
    ['lead', 'Thanks for the reminder. Do I need to bring anything?'],
    ['ai', 'Just your insurance card and a photo ID. See you tomorrow!'],
  ],
  [
    ['ai', 'Thanks for calling. Are you asking about a new listing or an existing one?'],
    ['lead', 'A new one. Is the house on Maple Street still available?'],
    ['ai', 'It is. Would you like me to schedule a viewing with an agent?'],
    ['lead', 'Yes please, Saturday if possible.'],
  ],
];

export const transcript = (random: Random) => random.pick(TRANSCRIPTS);

export const SMS_LINES: ReadonlyArray<['inbound' | 'outbound', string]> = [
  ['outbound', 'Hi, this is the front desk following up on your call earlier.'],
  ['inbound', 'Thanks! Can I come in on Friday instead?'],
  ['outbound', 'Friday at 11 AM is open. Shall I book it?'],
  ['inbound', 'Yes please.'],
  ['outbound', 'Done. See you Friday!'],
];
