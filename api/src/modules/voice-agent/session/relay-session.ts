import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import { Id, RELAY_CALL_PARAMETER, RELAY_PROMPT_MAX_CHARS, RESPONDER_FALLBACK_TEXT, type RelayHandoff, type RelayInbound, type RelayOutbound } from 'shared-contracts';
import type { Db } from '../../../db/client';
import type { CallLogChanges } from '../../call/call-logs-cache';
import type { RealtimeService } from '../../realtime';
import { greetingOf, instructionsFor, openRelayCall, type RelayCall } from './call-record';
import { callTools, type CallTool } from '../tools/call-tools';
import type { RelayAdmission } from '../transport/relay-handshake';
import type { Responder, Turn } from '../responders/responder';
import { addTranscriptLine } from './transcript-lines';

type Frame<T extends RelayInbound['type']> = Extract<RelayInbound, { type: T }>;

/** What a session needs from the server; the route wires the real ones, tests and benchmarks their own. */
export interface RelaySessionDeps {
  db: Db;
  /** Told when the call's log entry changes (connected, its lead found or made). */
  callLogs: CallLogChanges;
  realtime: RealtimeService;
  log: FastifyBaseLogger;
  responderFor(call: RelayCall): Promise<Responder>;
  searchKnowledge(aiAgentId: string, text: string): Promise<string[]>;
  /** Claims the call for this session; false when another session already holds it. */
  claim(callId: string, session: RelaySession): boolean;
  /** The session is over, however it ended (its wrap-up follows); `handedOff` when a person takes the caller. */
  finished(call: RelayCall, session: RelaySession, outcome: { handedOff: boolean; reason: string }): Promise<void>;
  /**
   * After an `end` with a handoff: queue the caller for a person. Twilio asks our <Connect action>
   * URL for that; when the simulator or a browser carries the call, this does it.
   */
  handOff(call: RelayCall, reason: string, admission: RelaySessionAdmission): Promise<void>;
  /** An appointment booked on the call has committed: queue what follows it (its calendar sync). */
  booked(appointmentId: string): Promise<void>;
  firstTokenTimeoutMs: number;
  now(): Date;
}

export type RelaySessionAdmission = Exclude<RelayAdmission, { kind: 'refused' }>;

/** Said when the agent's time on the call (its max call minutes) runs out. */
export const TIME_LIMIT_TEXT = 'We have reached the time limit for this call. Thank you for calling, goodbye.';
/** Said when the caller presses 0: the keypad's way to ask for a person. */
export const KEYPAD_TRANSFER_TEXT = 'Putting you through to a person now.';
/** A carrier that does not close the socket after our `end` is closed on this long after it. */
const END_GRACE_MS = 5_000;

const TIMED_OUT = Symbol('timed out');
const ABORTED = Symbol('aborted');

interface ReplyState {
  controller: AbortController;
  /** Every token sent so far, in order. */
  sent: string;
  /** What the caller heard before they interrupted (Twilio's utteranceUntilInterrupt), once they have. */
  heard: string | null;
}

/**
 * One call's conversation over the relay protocol, whoever carries it (Twilio, the simulator's
 * caller, a browser). Frames are handled in order, except `interrupt`, which stops the running
 * reply at once. Each caller turn goes to the responder with the call so far and the knowledge
 * that matches it; the reply streams back token by token. What was said is handed to the
 * transcript as it is said, and stored off the turn's path: the first token never waits for a
 * write, and the session's end (and a handoff to a person) waits until every line is stored.
 */
export class RelaySession {
  private call: RelayCall | null = null;
  private responder: Responder | null = null;
  private tools: readonly CallTool[] = [];
  private instructions = '';
  private readonly history: Turn[] = [];
  private reply: ReplyState | null = null;
  private partialPrompt = '';
  private frames: Promise<void> = Promise.resolve();
  private transferReason: string | null = null;
  private endRequested = false;
  private ended = false;
  private handoff: RelayHandoff | null = null;
  private closed = false;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private readonly unsaved = new Set<Promise<void>>();

  constructor(
    private readonly deps: RelaySessionDeps,
    readonly admission: RelaySessionAdmission,
    private readonly send: (frame: RelayOutbound) => void,
    /** Closes the socket; `refused` when the session was not admitted to a call. */
    private readonly hangUp: (refused?: string) => void,
  ) {}

  get callId(): string | null {
    return this.call?.callId ?? null;
  }

  receive(frame: RelayInbound): void {
    if (frame.type === 'interrupt') {
      this.interrupt(frame);
      return;
    }
    this.enqueue(() => this.handle(frame));
  }

  private enqueue(work: () => Promise<void>): void {
    this.frames = this.frames.then(work).catch((err: unknown) => {
      this.deps.log.error({ err, callId: this.callId }, 'relay frame failed');
    });
  }

  private async handle(frame: RelayInbound): Promise<void> {
    if (frame.type === 'setup') return this.closed ? undefined : this.setup(frame);
    if (this.call === null) {
      if (!this.closed) this.deps.log.warn({ type: frame.type }, 'relay frame before setup ignored');
      return;
    }
    // Frames that arrived before the socket closed or the agent ended the call are still read:
    // what the caller said is kept, though no longer answered.
    switch (frame.type) {
      case 'prompt': return this.prompt(frame);
      case 'dtmf': return this.dtmf(frame);
      case 'error':
        this.deps.log.warn({ callId: this.callId, description: frame.description }, 'relay reported an error');
        return;
    }
  }

  private async setup(frame: Frame<'setup'>): Promise<void> {
    if (this.call !== null) {
      this.deps.log.warn({ callId: this.callId }, 'second relay setup ignored');
      return;
    }
    const callId = frame.customParameters[RELAY_CALL_PARAMETER];
    const refuse = (reason: string) => {
      this.deps.log.warn({ callSid: frame.callSid, callId, reason }, 'relay session refused');
      this.hangUp(reason);
    };
    if (!v.is(Id, callId)) return refuse('no call named');
    if (this.admission.kind === 'browser' && this.admission.callId !== callId) return refuse('the link is for another call');
    const call = await openRelayCall(this.deps, callId, frame.callSid);
    if (call === null) return refuse('unknown or finished call');
    if (!this.deps.claim(call.callId, this)) return refuse('the call already has a session');
    this.call = call;
    this.instructions = instructionsFor(call, this.deps.now());
    this.responder = await this.deps.responderFor(call);
    this.tools = callTools({
      db: this.deps.db,
      callLogs: this.deps.callLogs,
      accountId: call.accountId,
      aiAgentId: call.agent.id,
      callId: call.callId,
      callerNumber: /^\+1\d{10}$/.test(call.partyNumber) ? call.partyNumber : null,
      timeZone: call.timeZone,
      workingHours: call.agent.workingHours,
      now: this.deps.now,
    }, {
      transfer: (reason) => { this.transferReason = reason; },
      end: () => { this.endRequested = true; },
      booked: (appointmentId) => this.deps.booked(appointmentId),
    });
    // The carrier speaks the greeting (ConversationRelay's welcomeGreeting); the transcript starts with it.
    const greeting = greetingOf(call.agent);
    this.history.push({ speaker: 'agent', text: greeting });
    this.save('ai', greeting);
    const limit = setTimeout(() => this.enqueue(async () => {
      if (!this.closed && !this.ended) await this.say(TIME_LIMIT_TEXT, { reasonCode: 'call-ended', reason: '' });
    }), call.agent.maxCallMinutes * 60_000);
    limit.unref?.();
    this.timers.push(limit);
  }

  private async prompt(frame: Frame<'prompt'>): Promise<void> {
    // Partial frames of one turn are kept up to one turn's length; a sender that never ends
    // the turn cannot grow the session without bound.
    this.partialPrompt = (this.partialPrompt + frame.voicePrompt).slice(0, RELAY_PROMPT_MAX_CHARS);
    if (!frame.last) return;
    const text = this.partialPrompt.trim();
    this.partialPrompt = '';
    if (text === '') return;
    if (this.callerSaid(text)) await this.turn(text);
  }

  /** The keypad: 0 asks for a person; other keys reach the agent as words. */
  private async dtmf(frame: Frame<'dtmf'>): Promise<void> {
    if (frame.digit === '0') {
      if (this.callerSaid('(pressed 0)')) await this.say(KEYPAD_TRANSFER_TEXT, { reasonCode: 'live-agent-handoff', reason: 'The caller pressed 0 for a person.' });
      return;
    }
    const text = `I pressed ${frame.digit}.`;
    if (this.callerSaid(text)) await this.turn(text);
  }

  /** Keeps what the caller said; true while the call goes on, so the words are to be answered. */
  private callerSaid(text: string): boolean {
    this.history.push({ speaker: 'caller', text });
    this.save('lead', text);
    return !this.closed && !this.ended;
  }

  private async turn(text: string): Promise<void> {
    await this.answer(text);
    if (this.transferReason !== null) return this.end({ reasonCode: 'live-agent-handoff', reason: this.transferReason });
    if (this.endRequested) return this.end({ reasonCode: 'call-ended', reason: '' });
  }

  /**
   * Hands a line to the transcript without waiting for it to be stored: lines are stored in the
   * order they are handed over (transcript-lines.ts), and the session's end waits for them.
   */
  private save(authorType: 'ai' | 'lead', text: string): void {
    const call = this.call!;
    const saved = addTranscriptLine(this.deps.db, this.deps.realtime, call, authorType, text).catch((err: unknown) => {
      this.deps.log.error({ err, callId: call.callId, authorType }, 'transcript line not saved');
    });
    this.unsaved.add(saved);
    void saved.finally(() => this.unsaved.delete(saved));
  }

  private async allSaved(): Promise<void> {
    await Promise.all(this.unsaved);
  }

  /** Streams the responder's reply to the caller's turn, with the fallback when it fails or stays silent. */
  private async answer(turn: string): Promise<void> {
    const call = this.call!;
    const state: ReplyState = { controller: new AbortController(), sent: '', heard: null };
    this.reply = state;
    const knowledge = await this.deps.searchKnowledge(call.agent.id, turn).catch((err: unknown) => {
      this.deps.log.warn({ err, callId: call.callId }, 'knowledge lookup failed');
      return [];
    });
    const stream = this.responder!.reply({
      instructions: this.instructions, history: [...this.history], knowledge, tools: this.tools, signal: state.controller.signal,
    })[Symbol.asyncIterator]();
    let failed = false;
    try {
      for (let first = true; ; first = false) {
        const next = await nextOrStop(stream, state.controller.signal, first ? this.deps.firstTokenTimeoutMs : null);
        if (next === ABORTED) break;
        if (next === TIMED_OUT) {
          this.deps.log.warn({ callId: call.callId, label: this.responder!.label }, 'responder sent no first token in time');
          failed = true;
          break;
        }
        if (next.done) break;
        if (next.value === '') continue;
        state.sent += next.value;
        this.send({ type: 'text', token: next.value, last: false });
      }
    } catch (err) {
      if (!state.controller.signal.aborted) {
        this.deps.log.warn({ err, callId: call.callId, label: this.responder!.label }, 'responder failed');
        failed = true;
      }
    }
    if (failed || state.controller.signal.aborted) {
      state.controller.abort();
      void stream.return?.().catch(() => {});
    }
    this.reply = null;
    // Interrupted: the caller heard only part of it, and that part is what the transcript keeps.
    const said = state.heard ?? (failed ? `${state.sent} ${RESPONDER_FALLBACK_TEXT}`.trim() : state.sent.trim());
    if (state.heard === null) {
      if (failed) this.send({ type: 'text', token: state.sent === '' ? RESPONDER_FALLBACK_TEXT : ` ${RESPONDER_FALLBACK_TEXT}`, last: false });
      this.send({ type: 'text', token: '', last: true });
    }
    if (said !== '') {
      this.history.push({ speaker: 'agent', text: said });
      this.save('ai', said);
    }
  }

  private interrupt(frame: Frame<'interrupt'>): void {
    const reply = this.reply;
    if (reply === null || reply.heard !== null) return;
    // Twilio reports what it had spoken; a carrier that reports nothing had spoken nothing of it.
    reply.heard = frame.utteranceUntilInterrupt.trim();
    reply.controller.abort();
  }

  /** Says a fixed sentence as one reply, then ends the session. */
  private async say(text: string, handoff: RelayHandoff): Promise<void> {
    this.send({ type: 'text', token: text, last: true });
    this.history.push({ speaker: 'agent', text });
    this.save('ai', text);
    await this.end(handoff);
  }

  /**
   * Ends the session with its handoff data. A handoff puts the caller in the account's queue:
   * Twilio asks our <Connect action> URL for that; with the simulator or a browser we are the
   * carrier and do it here.
   */
  private async end(handoff: RelayHandoff): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.handoff = handoff;
    this.send({ type: 'end', handoffData: JSON.stringify(handoff) });
    if (handoff.reasonCode === 'live-agent-handoff') {
      // The person who takes the caller reads the transcript so far: all of it is stored first.
      await this.allSaved();
      await this.deps.handOff(this.call!, handoff.reason, this.admission);
    }
    const grace = setTimeout(() => this.hangUp(), END_GRACE_MS);
    grace.unref?.();
    this.timers.push(grace);
  }

  /** The socket closed, however (hang-up, our end, a dropped network, server shutdown): release everything once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.reply?.controller.abort();
    await this.frames;
    await this.allSaved();
    if (this.call === null) return;
    await this.deps.finished(this.call, this, {
      handedOff: this.handoff?.reasonCode === 'live-agent-handoff',
      reason: this.handoff?.reason ?? '',
    });
  }
}

/** The stream's next token, or why there is none: the signal aborted, or the first token was too slow. */
async function nextOrStop(
  stream: AsyncIterator<string>, signal: AbortSignal, timeoutMs: number | null,
): Promise<IteratorResult<string> | typeof TIMED_OUT | typeof ABORTED> {
  if (signal.aborted) return ABORTED;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stops = new Promise<typeof TIMED_OUT | typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== null) timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    return await Promise.race([stream.next(), stops]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort!);
  }
}
