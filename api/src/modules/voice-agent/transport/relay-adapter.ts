import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import {
  CALL_END_REASONS, Id, RELAY_CALL_PARAMETER, RELAY_INBOUND_TYPES, RELAY_MAX_FRAME_BYTES, RELAY_MAX_FRAMES_PER_SECOND,
  RELAY_MAX_TURNS_PER_SECOND, RELAY_PROMPT_MAX_CHARS, RELAY_SETUP_TIMEOUT_MS, RelayHandoff, RelayInbound, type RelayOutbound,
} from 'shared-contracts';
import { parseJsonInput } from '../../../http/parse-input';
import type { CallerLine, CallSession, SessionEnding } from '../session/call-session';
import { PerSecond, readInboundFrame } from './inbound-frames';

/** The handoffData of our `end` frame: the <Connect action> URL reads it. */
export function handoffOf(ending: SessionEnding): RelayHandoff {
  switch (ending.kind) {
    case 'queue': return { reasonCode: 'live-agent-handoff', reason: ending.handoffReason };
    case 'number': return { reasonCode: 'transfer-to-number', reason: ending.handoffReason, transferTo: ending.number };
    case 'hang-up': return { reasonCode: 'call-ended', reason: '' };
    case 'resume': return { reasonCode: 'speech-fallback', reason: ending.why.slice(0, 500) };
  }
}

/** The handoffData of an `end` frame as it comes back (the <Connect action> request), or null when absent or not ours. */
export function readHandoff(handoffData: string | undefined): RelayHandoff | null {
  if (handoffData === undefined) return null;
  const parsed = parseJsonInput(RelayHandoff, handoffData);
  return parsed.ok ? parsed.output : null;
}

/** The session's line as relay frames on one socket. */
export function relayLine(send: (frame: RelayOutbound) => void, close: (refused?: string) => void): CallerLine {
  return {
    speak: (text, done) => send({ type: 'text', token: text, last: done }),
    end: (ending) => send({ type: 'end', handoffData: JSON.stringify(handoffOf(ending)) }),
    close,
  };
}

/** One inbound relay frame, read against the contract. */
export const readRelayFrame = (raw: string) =>
  readInboundFrame(RelayInbound, 'type', RELAY_INBOUND_TYPES, RELAY_MAX_FRAME_BYTES, raw);

/**
 * The ConversationRelay adapter: one socket's frames in, the session's words out. Only this
 * side knows the wire: it decodes each frame (a bad one is refused with a log line; a type
 * Twilio added later is ignored), joins a turn's partial prompts, holds the carrier to the
 * session's bounds (setup in time, turns and frames per second), and never throws to the socket.
 */
export class RelayAdapter {
  private partialPrompt = '';
  private setupSeen = false;
  private flooded = false;
  private readonly turns = new PerSecond(RELAY_MAX_TURNS_PER_SECOND);
  private readonly frames = new PerSecond(RELAY_MAX_FRAMES_PER_SECOND);
  private readonly setupTimer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly session: CallSession,
    private readonly log: FastifyBaseLogger,
    /** A browser's link names the one call it may join; the carrier's may name any. */
    private readonly onlyCallId: string | null,
    private readonly close: (reason: string) => void,
  ) {
    this.setupTimer = setTimeout(() => {
      if (this.setupSeen) return;
      this.log.warn('relay session closed: no setup in time');
      this.close('no setup in time');
    }, RELAY_SETUP_TIMEOUT_MS);
    this.setupTimer.unref?.();
  }

  /** One frame as the socket got it: text, or null for a binary frame (Twilio sends text only). */
  receive(raw: string | null): void {
    try {
      this.frame(raw);
    } catch (err) {
      this.log.error({ err, callId: this.session.callId }, 'relay frame failed');
    }
  }

  /** The socket closed: the timers go with it. */
  stop(): void {
    clearTimeout(this.setupTimer);
  }

  private frame(raw: string | null): void {
    if (this.flooded) return;
    const now = Date.now();
    if (this.frames.over(now)) return this.flood();
    if (raw === null) {
      this.log.warn({ callId: this.session.callId }, 'relay frame refused: binary');
      return;
    }
    const parsed = readRelayFrame(raw);
    if (!parsed.ok) {
      if (parsed.ignored) this.log.debug({ callId: this.session.callId, error: parsed.error }, 'relay frame ignored');
      else this.log.warn({ callId: this.session.callId, error: parsed.error }, 'relay frame refused');
      return;
    }
    const frame = parsed.frame;
    switch (frame.type) {
      case 'setup': return this.setup(frame.callSid, frame.customParameters[RELAY_CALL_PARAMETER]);
      case 'prompt': {
        // Partial frames of one turn are kept up to one turn's length.
        this.partialPrompt = (this.partialPrompt + frame.voicePrompt).slice(0, RELAY_PROMPT_MAX_CHARS);
        if (!frame.last) return;
        const text = this.partialPrompt.trim();
        this.partialPrompt = '';
        if (text === '') return;
        if (this.turns.over(now)) return this.flood();
        return this.session.callerSaid(text);
      }
      case 'dtmf':
        if (this.turns.over(now)) return this.flood();
        return this.session.keypad(frame.digit);
      case 'interrupt': return this.session.interrupted(frame.utteranceUntilInterrupt);
      case 'error':
        this.log.warn({ callId: this.session.callId, description: frame.description }, 'relay reported an error');
    }
  }

  private setup(callSid: string, callId: string | undefined): void {
    if (this.setupSeen) {
      this.log.warn({ callId: this.session.callId }, 'second relay setup ignored');
      return;
    }
    this.setupSeen = true;
    clearTimeout(this.setupTimer);
    const refuse = (reason: string) => {
      this.log.warn({ callSid, callId, reason }, 'relay session refused');
      this.close(reason);
    };
    if (!v.is(Id, callId)) return refuse('no call named');
    if (this.onlyCallId !== null && this.onlyCallId !== callId) return refuse('the link is for another call');
    this.session.start(callId, callSid);
  }

  private flood(): void {
    this.flooded = true;
    this.session.refuseFlood(CALL_END_REASONS.flood);
  }
}
