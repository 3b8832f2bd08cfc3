import { TRANSFER_TEXTS } from 'shared-contracts';
import { nameFrom } from '../responders/caller-words';

/** The longest name and reason a message keeps: what a person reads in the call log. */
const MAX_NAME = 100;
const MAX_REASON = 500;
const MAX_NUMBER = 100;

/** A message being taken for a call back, turn by turn. */
export interface MessageDraft {
  /** What the agent asked last: the caller's next turn answers it. */
  asking: 'name' | 'reason' | 'number';
  /** Why the caller wanted a person, as the transfer said it: the reason when the caller gives none. */
  handoffReason: string;
  callerName: string | null;
  reason: string | null;
  /** The caller ID when it is a number to call back, else what the caller gives. */
  phoneNumber: string | null;
}

export interface CallbackMessage {
  callerName: string | null;
  phoneNumber: string | null;
  reason: string;
}

export type MessageStep =
  | { kind: 'ask'; say: string; draft: MessageDraft }
  | { kind: 'taken'; say: string; message: CallbackMessage };

const cut = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** A caller ID that can be called back: a US number in E.164. */
export const callableNumber = (number: string): string | null => (/^\+1\d{10}$/.test(number) ? number : null);

/** The number a caller says ("five five five, 123 4567", "+1 555 123 4567") as E.164 when it is one. */
function spokenNumber(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/** The message starts: the agent has said nobody is available and asked for the caller's name. */
export const startMessage = (handoffReason: string, callerId: string): MessageDraft => ({
  asking: 'name', handoffReason, callerName: null, reason: null, phoneNumber: callableNumber(callerId),
});

/**
 * One caller turn of taking a message: the answer to what was asked, then the next question, or
 * the message once it is whole. A pure step: the session says `say` and stores the message.
 */
export function messageStep(draft: MessageDraft, turn: string): MessageStep {
  const next: MessageDraft = { ...draft };
  if (draft.asking === 'name') {
    next.callerName = nameFrom(turn, true) ?? (cut(turn, MAX_NAME) || null);
    next.asking = 'reason';
    return { kind: 'ask', say: TRANSFER_TEXTS.askReason, draft: next };
  }
  if (draft.asking === 'reason') {
    next.reason = cut(turn, MAX_REASON) || null;
    if (next.phoneNumber === null) {
      next.asking = 'number';
      return { kind: 'ask', say: TRANSFER_TEXTS.askNumber, draft: next };
    }
  } else {
    next.phoneNumber = spokenNumber(turn) ?? (cut(turn, MAX_NUMBER) || null);
  }
  return { kind: 'taken', say: TRANSFER_TEXTS.messageTaken, message: messageOf(next) };
}

/**
 * What a message holds so far: also when the caller hangs up part way, nothing they said is lost
 * (the reason falls back to why they asked for a person).
 */
export const messageOf = (draft: MessageDraft): CallbackMessage => ({
  callerName: draft.callerName,
  phoneNumber: draft.phoneNumber,
  reason: draft.reason ?? draft.handoffReason,
});
