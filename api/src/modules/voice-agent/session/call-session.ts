import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  asksForPerson, CALL_END_REASONS, SPEECH_RESUMED_TEXT, TRANSFER_TEXTS, type CallEndReason,
} from 'shared-contracts';
import type { Db } from '../../../db/client';
import type { CallLogChanges } from '../../../plugins/services/call-logs-cache';
import type { RealtimeService } from '../../realtime';
import type { AccountEvents } from '../../webhooks';
import type { Responder, Turn } from '../responders/responder';
import { callTools, type CallTool } from '../tools/call-tools';
import { greetingOf, instructionsFor, openRelayCall, type RelayCall } from './call-record';
import { CallTraceRecorder, saveCallTrace } from './call-trace';
import { messageOf, messageStep, startMessage, type CallbackMessage, type MessageDraft } from './message-taking';
import { streamReply, type ReplyState, type ReplyTimings } from './reply-stream';
import { addTranscriptLine, amendTranscriptLine, transcriptSoFar } from './transcript-lines';

/** How a session ends, as the carrier is told it: hang up, or hand the caller on. */
export type SessionEnding =
  | { kind: 'hang-up'; reason: CallEndReason }
  | { kind: 'queue'; reason: CallEndReason; handoffReason: string }
  | { kind: 'number'; reason: CallEndReason; handoffReason: string; number: string }
  /** Not an end of the call: our speech pipeline failed, and Twilio's voice takes the call on (`why` says what failed). */
  | { kind: 'resume'; reason: CallEndReason; why: string };

/** The caller's side of the call, as the transport carries it. The session knows no frame. */
export interface CallerLine {
  /** Says part of a reply; `done` closes it (the carrier speaks what it holds). */
  speak(text: string, done: boolean): void;
  /** Says the greeting, where the carrier was not given it to speak itself (ConversationRelay was). */
  greet?(text: string): void;
  /** Tells the carrier the session is over and where the caller goes next. */
  end(ending: SessionEnding): void;
  /** Closes the line; `refused` when the session was not admitted to a call. */
  close(refused?: string): void;
}

/** Where a caller who asks for a person goes, in this order of preference. */
export type TransferRoute = { to: 'queue' } | { to: 'number'; number: string } | { to: 'message' };

/** What a session needs from the server; the route wires the real ones, tests and benchmarks their own. */
export interface CallSessionDeps {
  db: Db;
  /** Told when the call's log entry changes (connected, its lead found or made). */
  callLogs: CallLogChanges;
  /** The account's webhook events (the call connected). */
  events: AccountEvents;
  realtime: RealtimeService;
  log: FastifyBaseLogger;
  responderFor(call: RelayCall): Promise<Responder>;
  searchKnowledge(aiAgentId: string, text: string): Promise<string[]>;
  /** The business's own tools of the call's agent, bound to the call; none when left out. */
  customTools?(call: RelayCall): readonly CallTool[];
  /** Claims the call for this session; false when another session already holds it. */
  claim(callId: string, session: CallSession): boolean;
  /** Where a caller asking for a person goes now: an available human agent, the transfer number, or a message. */
  routeTransfer(call: RelayCall): Promise<TransferRoute>;
  /** Stores the message a caller left for a call back, and tells the account. */
  takeMessage(call: RelayCall, message: CallbackMessage): Promise<void>;
  /** The session chose how a call the carrier ends will end: its reason is kept before the carrier's report. */
  endChosen(call: RelayCall, reason: CallEndReason): Promise<void>;
  /** The session is over, however it ended (its wrap-up follows). */
  finished(call: RelayCall, session: CallSession, ending: SessionEnding): Promise<void>;
  /** Queues the caller for a person, when this server carries the call (Twilio does it through <Connect action>). */
  handOff(call: RelayCall, reason: string, session: CallSession): Promise<void>;
  /** An appointment booked on the call has committed: queue what follows it (its calendar sync). */
  booked(appointmentId: string): Promise<void>;
  timings: ReplyTimings & { routeMs: number };
  /** Transcript lines one call may store (RELAY_MAX_LINES_PER_CALL); the call ends as it reaches them. */
  maxLines: number;
  now(): Date;
}

/** Said when the agent's time on the call (its max call minutes) runs out. */
export const TIME_LIMIT_TEXT = 'We have reached the time limit for this call. Thank you for calling, goodbye.';
/** Said when a call reaches its transcript limit. */
export const LINE_LIMIT_TEXT = 'This call has gone on for as long as it can. Thank you for calling, goodbye.';
/** A carrier that does not close the line after our end is closed on this long after it. */
const END_GRACE_MS = 5_000;
/** The caller's words kept as the reason a person reads with a transfer. */
const MAX_REASON = 300;
const PRESSED_ZERO = 'The caller pressed 0 for a person.';

const sayFor = (route: TransferRoute): string =>
  route.to === 'queue' ? TRANSFER_TEXTS.toQueue : route.to === 'number' ? TRANSFER_TEXTS.toNumber : TRANSFER_TEXTS.nobodyAvailable;

/**
 * One call's conversation, whoever carries it: turns in order, each answered by the responder
 * under a watchdog (reply-stream.ts), interruptions at once, a caller's request for a person
 * heard before any model, transfers that go where they say, and an end that always leaves a
 * record. What was said is handed to the transcript as it is said and stored off the turn's path;
 * the session's end (and a handoff to a person) waits until every line is stored.
 */
export class CallSession {
  private call: RelayCall | null = null;
  private responder: Responder | null = null;
  private tools: readonly CallTool[] = [];
  private instructions = '';
  private readonly history: Turn[] = [];
  private reply: ReplyState | null = null;
  private trace: CallTraceRecorder | null = null;
  /** Why our speech pipeline failed, when it failed before the call was open: the trace keeps it once it exists. */
  private speechFailure: string | null = null;
  private work: Promise<void> = Promise.resolve();
  /** A transfer a tool chose during the reply: followed once the reply is said. */
  private transferAfterReply: { reason: string; route: TransferRoute } | null = null;
  private endAfterReply = false;
  private message: MessageDraft | null = null;
  private ending: SessionEnding | null = null;
  private closed = false;
  /** The caller's side broke a bound: the session ends once what came before is taken in. */
  private flooded: CallEndReason | null = null;
  private lines = 0;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private readonly unsaved = new Set<Promise<void>>();
  /** The agent's last reply, while the caller may still cut it short: its line and the words it holds. */
  private lastReply: { id: string; saved: Promise<void>; text: string } | null = null;
  /** The session takes on a call another one held (our speech pipeline failed): its transcript so far is the conversation's start. */
  private resumed = false;

  constructor(
    private readonly deps: CallSessionDeps,
    private readonly line: CallerLine,
    /** The carrier acts on the end itself (Twilio queues the caller, dials the number, reports the call's end). */
    readonly carrierActs: boolean,
  ) {}

  get callId(): string | null {
    return this.call?.callId ?? null;
  }

  /** The session no longer answers: it ended or its line closed. */
  get over(): boolean {
    return this.closed || this.ending !== null || this.flooded !== null;
  }

  /** The carrier names the call; refused (and the line closed) when it is not a live AI call. */
  start(callId: string, callSid: string): void {
    this.enqueue(() => this.open(callId, callSid));
  }

  callerSaid(text: string): void {
    this.enqueue(() => this.turn(text));
  }

  /** The keypad: 0 asks for a person; other keys reach the agent as words. */
  keypad(digit: string): void {
    this.enqueue(async () => {
      if (digit !== '0') return this.turn(`I pressed ${digit}.`);
      if (this.heard('(pressed 0)')) {
        this.trace?.handledBy('keypad');
        await this.transfer(PRESSED_ZERO);
      }
    });
  }

  /**
   * The caller spoke over the reply: it stops at once, and the transcript keeps what they heard.
   * A reply already written whole (its words are still being spoken) is cut to what was heard.
   */
  interrupted(heard: string): void {
    const reply = this.reply;
    if (reply === null) return this.cutLastReply(heard.trim());
    if (reply.heard !== null) return;
    reply.heard = heard.trim();
    reply.controller.abort();
  }

  private cutLastReply(heard: string): void {
    const last = this.lastReply;
    const call = this.call;
    this.lastReply = null;
    // Nothing heard at all: the line stays as written, so the record shows what the agent meant to say.
    if (last === null || call === null || heard === '' || heard.length >= last.text.length) return;
    const turn = this.history.at(-1);
    if (turn?.speaker === 'agent' && turn.text === last.text) turn.text = heard;
    const amended = last.saved
      .then(() => amendTranscriptLine(this.deps.db, this.deps.realtime, call, last.id, heard))
      .catch((err: unknown) => this.deps.log.error({ err, callId: call.callId }, 'transcript line not cut to what was heard'));
    this.unsaved.add(amended);
    void amended.finally(() => this.unsaved.delete(amended));
  }

  /**
   * Our speech pipeline cannot hear or speak any more: where Twilio carries the call, its voice
   * takes the call on (a new session, the same conversation); elsewhere the caller is handed to a
   * person. The trace keeps why.
   */
  speechFailed(why: string): void {
    if (this.over) return;
    this.deps.log.warn({ callId: this.callId, why }, 'our speech pipeline failed on a call');
    this.speechFailure ??= why;
    this.trace?.speechFellBack(why);
    this.reply?.controller.abort();
    this.enqueue(async () => {
      if (this.over || this.call === null) return;
      if (this.carrierActs) return this.end({ kind: 'resume', reason: CALL_END_REASONS.speechFallback, why });
      await this.transfer(`Our speech pipeline failed: ${why}`.slice(0, MAX_REASON));
    });
  }

  /** On our speech pipeline: the reply's first audio went out `ms` after the caller stopped speaking. */
  firstAudio(ms: number): void {
    this.trace?.firstAudio(ms);
  }

  /** The caller's side broke a bound (turns too fast, too many lines): the session ends now, unanswered. */
  refuseFlood(reason: CallEndReason): void {
    if (this.over) return;
    this.deps.log.warn({ callId: this.callId, reason }, 'relay session ended: caller flood');
    this.flooded = reason;
    this.reply?.controller.abort();
    // After the setup and turns already taken in: those are kept, no longer answered.
    this.enqueue(async () => {
      if (this.call === null) return this.line.close(reason);
      this.flooded = null;
      await this.end({ kind: 'hang-up', reason });
      this.line.close();
    });
  }

  private enqueue(work: () => Promise<void>): void {
    this.work = this.work.then(work).catch((err: unknown) => {
      this.deps.log.error({ err, callId: this.callId }, 'relay turn failed');
    });
  }

  private async open(callId: string, callSid: string): Promise<void> {
    if (this.closed) return;
    if (this.call !== null) {
      this.deps.log.warn({ callId: this.callId }, 'second relay setup ignored');
      return;
    }
    const refuse = (reason: string) => {
      this.deps.log.warn({ callSid, callId, reason }, 'relay session refused');
      this.line.close(reason);
    };
    const call = await openRelayCall(this.deps, callId, callSid);
    if (call === null) return refuse('unknown or finished call');
    if (!this.deps.claim(call.callId, this)) return refuse('the call already has a session');
    this.call = call;
    const trace = new CallTraceRecorder(call.callId, this.deps.now, this.deps.maxLines);
    this.trace = trace;
    if (this.speechFailure !== null) trace.speechFellBack(this.speechFailure);
    this.instructions = instructionsFor(call, this.deps.now());
    this.responder = await this.deps.responderFor(call);
    this.tools = trace.traced(callTools({
      db: this.deps.db,
      callLogs: this.deps.callLogs,
      accountId: call.accountId,
      aiAgentId: call.agent.id,
      callId: call.callId,
      callerNumber: /^\+1\d{10}$/.test(call.partyNumber) ? call.partyNumber : null,
      timeZone: call.timeZone,
      workingHours: call.agent.workingHours,
      bookingRules: call.agent.bookingRules,
      now: this.deps.now,
    }, {
      transfer: async (reason) => {
        const route = await this.routeFor();
        this.transferAfterReply = { reason, route };
        return sayFor(route);
      },
      end: () => { this.endAfterReply = true; },
      // A test call's booking is undone once its scenario is played: nothing follows it.
      booked: (appointmentId) => (call.isTest ? undefined : this.deps.booked(appointmentId)),
    }).concat(this.deps.customTools?.(call) ?? []));
    // A call another session held goes on from what was said; the carrier says it is back.
    const prior = await transcriptSoFar(this.deps.db, call.conversationId, this.deps.maxLines);
    this.resumed = prior.length > 0;
    this.history.push(...prior);
    this.lines = prior.length;
    // The transcript goes on with the greeting, which the carrier speaks (ConversationRelay's welcomeGreeting) or the line does.
    const greeting = this.resumed ? SPEECH_RESUMED_TEXT : greetingOf(call.agent);
    this.line.greet?.(greeting);
    this.history.push({ speaker: 'agent', text: greeting });
    this.save('ai', greeting);
    this.after(call.agent.maxCallMinutes * 60_000, () => this.enqueue(async () => {
      if (!this.over) await this.sayAndEnd(TIME_LIMIT_TEXT, { kind: 'hang-up', reason: CALL_END_REASONS.timeLimit });
    }));
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    this.timers.push(timer);
  }

  private async turn(text: string): Promise<void> {
    if (this.call === null) {
      if (!this.closed) this.deps.log.warn({ callId: this.callId }, 'caller turn before setup ignored');
      return;
    }
    if (!this.heard(text)) return;
    if (this.message !== null) {
      this.trace?.handledBy('message');
      return this.messageTurn(text);
    }
    // Heard before any model, so a caller can always leave an agent whose model is down.
    if (asksForPerson(text)) {
      this.trace?.handledBy('transfer');
      return this.transfer(text.slice(0, MAX_REASON));
    }
    await this.answer();
    const transfer = this.transferAfterReply;
    if (transfer !== null) {
      this.transferAfterReply = null;
      return this.follow(transfer.route, transfer.reason);
    }
    if (this.endAfterReply) return this.end({ kind: 'hang-up', reason: CALL_END_REASONS.agentEnded });
  }

  /** Keeps what the caller said; true while the call goes on, so the words are to be answered. */
  private heard(text: string): boolean {
    if (this.call === null) return false;
    this.trace?.beginTurn(text);
    this.lastReply = null;
    this.history.push({ speaker: 'caller', text });
    this.save('lead', text);
    return !this.over;
  }

  private async answer(): Promise<void> {
    const call = this.call!;
    const trace = this.trace!;
    const reply: ReplyState = { controller: new AbortController(), sent: '', heard: null };
    this.reply = reply;
    const said = await streamReply({
      reply,
      responder: this.responder!,
      knowledge: async () => {
        // No knowledge on the call's agent: its plan has no custom knowledge base (the passages are kept).
        if (call.agent.knowledge === '') return [];
        const started = performance.now();
        const passages = await this.deps.searchKnowledge(call.agent.id, this.history.at(-1)!.text);
        trace.knowledge(passages, started);
        return passages;
      },
      input: { instructions: this.instructions, history: [...this.history], tools: this.tools },
      speak: (text, done) => this.line.speak(text, done),
      timings: this.deps.timings,
      log: this.deps.log.child({ callId: call.callId, label: this.responder!.label }),
      observe: trace,
    });
    trace.replied(said, reply.heard);
    this.reply = null;
    if (said !== '') {
      this.history.push({ speaker: 'agent', text: said });
      const line = this.save('ai', said);
      if (line !== null && reply.heard === null) this.lastReply = { ...line, text: said };
    }
  }

  /** A caller asked for a person: the agent says where they go, then sends them there. */
  private async transfer(reason: string): Promise<void> {
    const route = await this.routeFor();
    this.sayLine(sayFor(route));
    await this.follow(route, reason);
  }

  /**
   * Where the caller goes. Routing reads the database: when it cannot answer in time, the caller
   * is sent to the transfer number if there is one, else asked for a message (nothing is promised
   * that the account cannot keep).
   */
  private async routeFor(): Promise<TransferRoute> {
    const call = this.call!;
    try {
      return await withDeadline(this.deps.routeTransfer(call), this.deps.timings.routeMs);
    } catch (err) {
      this.deps.log.warn({ err, callId: call.callId }, 'transfer route unknown: taking a message or using the transfer number');
      return call.agent.transferNumber ? { to: 'number', number: call.agent.transferNumber } : { to: 'message' };
    }
  }

  private async follow(route: TransferRoute, reason: string): Promise<void> {
    if (route.to === 'message') {
      this.message = startMessage(reason, this.call!.partyNumber);
      return;
    }
    await this.end(route.to === 'queue'
      ? { kind: 'queue', reason: CALL_END_REASONS.handedToPerson, handoffReason: reason }
      : { kind: 'number', reason: CALL_END_REASONS.transferredToNumber, handoffReason: reason, number: route.number });
  }

  private async messageTurn(text: string): Promise<void> {
    const step = messageStep(this.message!, text);
    if (step.kind === 'ask') {
      this.message = step.draft;
      this.sayLine(step.say);
      return;
    }
    this.message = null;
    await this.leaveMessage(step.message);
    await this.sayAndEnd(step.say, { kind: 'hang-up', reason: CALL_END_REASONS.messageTaken });
  }

  private async leaveMessage(message: CallbackMessage): Promise<void> {
    const call = this.call!;
    await this.deps.takeMessage(call, message).catch((err: unknown) => {
      // The log keeps the message itself, so a person can still call back.
      this.deps.log.error({ err, callId: call.callId, message }, 'callback request not saved');
    });
  }

  /** Says a sentence as one reply of its own. */
  private sayLine(text: string): void {
    this.trace?.replied(text, null);
    this.line.speak(text, true);
    this.history.push({ speaker: 'agent', text });
    this.save('ai', text);
  }

  private async sayAndEnd(text: string, ending: SessionEnding): Promise<void> {
    this.sayLine(text);
    await this.end(ending);
  }

  /**
   * Hands a line to the transcript without waiting for it to be stored: lines are stored in the
   * order they are handed over (transcript-lines.ts), and the session's end waits for them. A
   * call that reaches its line limit is ended.
   */
  private save(authorType: 'ai' | 'lead', text: string): { id: string; saved: Promise<void> } | null {
    const call = this.call!;
    if (this.lines >= this.deps.maxLines) return null;
    this.lines += 1;
    const id = randomUUID();
    const saved = addTranscriptLine(this.deps.db, this.deps.realtime, call, authorType, text, id).catch((err: unknown) => {
      this.deps.log.error({ err, callId: call.callId, authorType, text }, 'transcript line not saved');
    });
    this.unsaved.add(saved);
    void saved.finally(() => this.unsaved.delete(saved));
    if (this.lines === this.deps.maxLines - 1 && !this.over) {
      this.sayLine(LINE_LIMIT_TEXT);
      void this.end({ kind: 'hang-up', reason: CALL_END_REASONS.tooLong });
    }
    return { id, saved };
  }

  private async allSaved(): Promise<void> {
    await Promise.all(this.unsaved);
  }

  /** Tells the carrier the session is over, and queues the caller for a person when we carry the call. */
  private async end(ending: SessionEnding): Promise<void> {
    if (this.ending !== null) return;
    this.ending = ending;
    this.reply?.controller.abort();
    const call = this.call!;
    // The carrier's report of the end can come before this session closes; where we carry the
    // call, the reason is written with its end instead (a call with a reason is not swept).
    if (this.carrierActs && ending.kind !== 'resume') {
      void this.deps.endChosen(call, ending.reason).catch((err: unknown) => {
        this.deps.log.warn({ err, callId: call.callId }, 'end reason not kept');
      });
    }
    this.line.end(ending);
    if (ending.kind === 'queue' && !this.carrierActs) {
      // The person who takes the caller reads the transcript so far: all of it is stored first.
      await this.allSaved();
      await this.deps.handOff(call, ending.handoffReason, this);
    }
    this.after(END_GRACE_MS, () => this.line.close());
  }

  /**
   * The line closed, however (hang-up, our end, a dropped network, server shutdown): release
   * everything once, keep a message the caller was leaving, and finish the call's record.
   */
  async close(reason: CallEndReason = CALL_END_REASONS.callerHungUp): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.reply?.controller.abort();
    await this.work;
    if (this.call === null) return;
    if (this.message !== null) {
      await this.leaveMessage(messageOf(this.message));
      this.ending ??= { kind: 'hang-up', reason: CALL_END_REASONS.messageTaken };
    }
    await this.allSaved();
    const ending = this.ending ?? { kind: 'hang-up', reason };
    await this.saveTrace(ending.reason);
    await this.deps.finished(this.call, this, ending);
  }

  /** The call's trace is kept with it; a failed write loses the trace, never the call's wrap-up. */
  private async saveTrace(endReason: CallEndReason): Promise<void> {
    const call = this.call!;
    if (this.trace === null) return;
    await saveCallTrace(this.deps.db, call, this.responder?.label ?? '', endReason, this.trace.finish(endReason), this.resumed).catch((err: unknown) => {
      this.deps.log.error({ err, callId: call.callId }, 'call trace not saved');
    });
  }
}

/** The promise's value, or a rejection once `ms` pass without one. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
