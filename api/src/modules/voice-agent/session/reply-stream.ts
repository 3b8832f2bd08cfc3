import type { FastifyBaseLogger } from 'fastify';
import { HOLDING_TEXT, RESPONDER_FALLBACK_TEXT } from 'shared-contracts';
import type { ReplyInput, Responder } from '../responders/responder';

/** How long a caller may hear nothing while a reply is under way. */
export interface ReplyTimings {
  /**
   * Silence after the caller's turn, or after the last words of the reply, before the caller
   * hears the holding sentence; the same again after it, and the reply gives way to the fallback.
   */
  stallMs: number;
  /** The knowledge lookup's share of the first wait: past it the reply goes on without passages. */
  knowledgeMs: number;
}

export interface ReplyState {
  controller: AbortController;
  /** Everything the caller has been sent of this reply, in order. */
  sent: string;
  /** What the caller heard before they interrupted (Twilio's utteranceUntilInterrupt), once they have. */
  heard: string | null;
}

export interface StreamReplyInput {
  reply: ReplyState;
  responder: Responder;
  knowledge(): Promise<string[]>;
  input: Omit<ReplyInput, 'knowledge' | 'signal'>;
  speak(text: string, done: boolean): void;
  timings: ReplyTimings;
  log: FastifyBaseLogger;
  /** Told as the responder's words reach the caller, and when it fell silent (the call's trace). */
  observe?: { token(): void; held(): void; fellBack(): void };
}

const TIMED_OUT = Symbol('timed out');
const ABORTED = Symbol('aborted');

/**
 * Streams one reply to the caller under a watchdog over the whole reply, not only its first
 * token: whenever the responder (the knowledge lookup, the model, a tool it runs) leaves the
 * caller in silence for `stallMs`, the caller hears the holding sentence; silent as long again,
 * the reply is dropped for the fallback, which offers a person. Returns what the caller heard.
 */
export async function streamReply(run: StreamReplyInput): Promise<string> {
  const { reply, timings, log } = run;
  const { signal } = reply.controller;
  let lastHeard = Date.now();
  const remaining = () => Math.max(0, lastHeard + timings.stallMs - Date.now());
  const say = (text: string, done: boolean) => {
    const spaced = reply.sent === '' || /\s$/.test(reply.sent) || /^\s/.test(text) ? text : ` ${text}`;
    reply.sent += spaced;
    run.speak(spaced, done);
    lastHeard = Date.now();
  };

  const knowledge = await settleWithin(run.knowledge(), Math.min(timings.knowledgeMs, remaining()), signal).catch((err: unknown) => {
    log.warn({ err }, 'knowledge lookup failed');
    return [];
  });
  const stream = run.responder.reply({ ...run.input, knowledge: Array.isArray(knowledge) ? knowledge : [], signal })[Symbol.asyncIterator]();
  if (!Array.isArray(knowledge) && knowledge === TIMED_OUT) log.warn('knowledge lookup too slow: replying without it');

  let failed = false;
  let holding = false;
  try {
    // The request for the next words stays open across the holding sentence: what it brings
    // when the responder speaks again is the reply's next words, never dropped.
    let pending: Promise<IteratorResult<string>> | null = null;
    for (;;) {
      pending ??= stream.next();
      const next = await settleWithin(pending, remaining(), signal);
      if (next === ABORTED) break;
      if (next === TIMED_OUT) {
        if (!holding) {
          log.warn('responder silent mid-reply: holding sentence said');
          holding = true;
          run.observe?.held();
          say(HOLDING_TEXT, true);
          continue;
        }
        log.warn('responder silent after the holding sentence: fallback said');
        failed = true;
        break;
      }
      pending = null;
      if (next.done) break;
      if (next.value === '') continue;
      holding = false;
      reply.sent += next.value;
      run.observe?.token();
      run.speak(next.value, false);
      lastHeard = Date.now();
    }
  } catch (err) {
    if (!signal.aborted) {
      log.warn({ err }, 'responder failed');
      failed = true;
    }
  }
  if (failed || signal.aborted) {
    reply.controller.abort();
    void stream.return?.().catch(() => {});
  }
  // Interrupted: the caller heard only part of it, and that part is what the transcript keeps.
  if (reply.heard !== null) return reply.heard;
  if (failed) {
    run.observe?.fellBack();
    say(RESPONDER_FALLBACK_TEXT, true);
  }
  else run.speak('', true);
  return reply.sent.trim();
}

/** The promise's value, or why there is none in time: the signal aborted, or `ms` passed. */
async function settleWithin<T>(promise: Promise<T>, ms: number, signal: AbortSignal): Promise<T | typeof TIMED_OUT | typeof ABORTED> {
  if (signal.aborted) return ABORTED;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stops = new Promise<typeof TIMED_OUT | typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  try {
    return await Promise.race([promise, stops]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort!);
  }
}
