import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import {
  CALL_END_REASONS, Id, MEDIA_STREAM_INBOUND_EVENTS, MEDIA_STREAM_MAX_FRAME_BYTES, MEDIA_STREAM_MAX_FRAMES_PER_SECOND,
  MEDIA_STREAM_START_TIMEOUT_MS, MediaStreamInbound, RELAY_CALL_PARAMETER, RELAY_MAX_TURNS_PER_SECOND, RELAY_PROMPT_MAX_CHARS,
  type MediaStreamBrowserOutbound,
} from 'shared-contracts';
import type { CallerLine, CallSession, SessionEnding } from '../session/call-session';
import { framesOf } from '../speech/phone-audio';
import { ReplySpeaker } from '../speech/reply-speaker';
import type { Synthesizer } from '../speech/synthesizer';
import type { Transcriber, TranscriptHandlers } from '../speech/transcriber';
import { VoiceActivity } from '../speech/voice-activity';
import { PerSecond, readInboundFrame } from './inbound-frames';
import { handoffOf } from './relay-adapter';

/** One inbound Media Streams frame, read against the contract. */
export const readMediaStreamFrame = (raw: string) =>
  readInboundFrame(MediaStreamInbound, 'event', MEDIA_STREAM_INBOUND_EVENTS, MEDIA_STREAM_MAX_FRAME_BYTES, raw);

/** The call's ears and voice, from the agent's STT and TTS clients. */
export interface CallSpeech {
  transcriber(handlers: TranscriptHandlers): Promise<Transcriber>;
  synthesizer: Synthesizer;
}

export interface MediaStreamOptions {
  /** Twilio is sent only Twilio's frames; a browser also the words beside the audio. */
  send(frame: MediaStreamBrowserOutbound): void;
  /** A USER's browser on a test call: its link names the one call it may join. Absent for Twilio. */
  browserCallId?: string;
  /** Closes the socket; `reason` when the stream was refused or failed. */
  close(reason?: string): void;
  log: FastifyBaseLogger;
  /** The agent's speech clients for a call, opened; rejects when they cannot be. */
  speechFor(callId: string): Promise<CallSpeech>;
  /** Keeps where the session sends the caller, for the <Connect action> request that follows the stream's end. */
  ended(callId: string, ending: SessionEnding): Promise<void>;
  /** The pipeline's own time from the end of the caller's turn to the first audio byte sent. */
  onTurnLatency?(ms: number): void;
}

/**
 * Our own speech pipeline on a Twilio Media Streams socket. Only this side knows the wire: the
 * caller's audio goes to voice activity detection and the streaming transcriber, whose finished
 * turns go to the call session (the same one ConversationRelay drives); the session's replies go
 * through the call's voice, sentence by sentence, back as audio with a mark after each sentence.
 * Speech over the agent's voice stops it, drops what was not yet played, and the session keeps
 * only what the caller heard. Bad frames are refused with a log line, never thrown to the socket.
 */
export class MediaStreamAdapter {
  readonly line: CallerLine;
  private session: CallSession | null = null;
  private streamSid = '';
  private started = false;
  private flooded = false;
  private faulted = false;
  private closed = false;
  private transcriber: Transcriber | null = null;
  /** Audio that came before the transcriber was open: sent to it once it is, so no word is lost. */
  private early: Uint8Array[] = [];
  private readonly speaker: ReplySpeaker;
  private readonly voice = new VoiceActivity();
  /** The finished pieces of the caller's current turn. */
  private turnWords: string[] = [];
  private turnEndedAt: number | null = null;
  private readonly turns = new PerSecond(RELAY_MAX_TURNS_PER_SECOND);
  private readonly frames = new PerSecond(MEDIA_STREAM_MAX_FRAMES_PER_SECOND);
  private readonly startTimer: ReturnType<typeof setTimeout>;

  constructor(private readonly options: MediaStreamOptions) {
    this.speaker = new ReplySpeaker({
      audio: (bytes) => this.send({ event: 'media', streamSid: this.streamSid, media: { payload: Buffer.from(bytes).toString('base64') } }),
      mark: (name) => this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } }),
      clear: () => this.send({ event: 'clear', streamSid: this.streamSid }),
    }, options.log, () => {
      if (this.turnEndedAt === null) return;
      const ms = performance.now() - this.turnEndedAt;
      this.session?.firstAudio(ms);
      options.onTurnLatency?.(ms);
      this.turnEndedAt = null;
    }, (why) => this.fault(why));
    const browser = options.browserCallId !== undefined;
    this.line = {
      speak: (text, done) => {
        if (browser) this.send({ event: 'text', streamSid: this.streamSid, text: { token: text, last: done } });
        this.speaker.say(text, done);
      },
      // ConversationRelay speaks the greeting from the TwiML; here the pipeline says it.
      greet: (text) => this.speaker.say(text, true),
      end: (ending) => {
        // The caller hears the last words, and where they go is stored, before the stream closes and Twilio goes on (<Connect action>).
        // A voice that failed has nothing left to play.
        const callId = this.session?.callId ?? null;
        const kept = callId === null ? Promise.resolve() : options.ended(callId, ending).catch((err: unknown) => {
          options.log.error({ err, callId }, 'where the caller goes was not kept: the action hangs up');
        });
        if (browser) this.send({ event: 'end', streamSid: this.streamSid, end: { handoffData: JSON.stringify(handoffOf(ending)) } });
        const heard = ending.kind === 'resume' ? Promise.resolve() : this.speaker.whenHeard();
        void Promise.all([heard, kept]).then(() => this.options.close());
      },
      close: (refused) => this.options.close(refused),
    };
    this.startTimer = setTimeout(() => {
      if (this.started) return;
      options.log.warn('media stream closed: no start in time');
      options.close('no start in time');
    }, MEDIA_STREAM_START_TIMEOUT_MS);
    this.startTimer.unref?.();
  }

  attach(session: CallSession): void {
    this.session = session;
  }

  /** One frame as the socket got it: text, or null for a binary frame (Twilio sends text only). */
  receive(raw: string | null): void {
    try {
      this.frame(raw);
    } catch (err) {
      this.options.log.error({ err, callId: this.session?.callId }, 'media stream frame failed');
    }
  }

  /** The socket closed: the provider sockets and timers go with it. */
  stop(): void {
    this.closed = true;
    clearTimeout(this.startTimer);
    this.transcriber?.close();
    this.transcriber = null;
    this.early = [];
    this.speaker.close();
  }

  private send(frame: MediaStreamBrowserOutbound): void {
    if (!this.closed) this.options.send(frame);
  }

  private frame(raw: string | null): void {
    const session = this.session!;
    if (this.flooded || this.closed) return;
    const now = Date.now();
    if (this.frames.over(now)) return this.flood();
    if (raw === null) {
      this.options.log.warn({ callId: session.callId }, 'media stream frame refused: binary');
      return;
    }
    const parsed = readMediaStreamFrame(raw);
    if (!parsed.ok) {
      if (parsed.ignored) this.options.log.debug({ callId: session.callId, error: parsed.error }, 'media stream frame ignored');
      else this.options.log.warn({ callId: session.callId, error: parsed.error }, 'media stream frame refused');
      return;
    }
    const frame = parsed.frame;
    switch (frame.event) {
      case 'start': return this.start(frame.streamSid, frame.start.callSid, frame.start.customParameters[RELAY_CALL_PARAMETER]);
      case 'media':
        if (!this.started || (frame.media.track !== undefined && frame.media.track !== 'inbound')) return;
        return this.audio(Buffer.from(frame.media.payload, 'base64'));
      case 'mark': return this.speaker.played(frame.mark.name);
      case 'dtmf':
        if (!this.started) return;
        if (this.turns.over(now)) return this.flood();
        return session.keypad(frame.dtmf.digit);
      case 'connected':
      case 'stop':
        // The socket closes after `stop`; its close ends the session.
        return;
    }
  }

  private start(streamSid: string, callSid: string, callId: string | undefined): void {
    const session = this.session!;
    if (this.started) {
      this.options.log.warn({ callId: session.callId }, 'second media stream start ignored');
      return;
    }
    this.started = true;
    clearTimeout(this.startTimer);
    this.streamSid = streamSid;
    if (!v.is(Id, callId)) {
      this.options.log.warn({ callSid, reason: 'no call named' }, 'media stream refused');
      return this.options.close('no call named');
    }
    if (this.options.browserCallId !== undefined && this.options.browserCallId !== callId) {
      this.options.log.warn({ callSid, reason: 'the link is for another call' }, 'media stream refused');
      return this.options.close('the link is for another call');
    }
    session.start(callId, callSid);
    this.options.speechFor(callId).then(async (speech) => {
      if (this.closed) return speech.synthesizer.close();
      this.speaker.useVoice(speech.synthesizer);
      const transcriber = await speech.transcriber({
        heard: (text, endOfTurn) => this.heard(text, endOfTurn),
        failed: (err) => this.fault(`transcription failed: ${err.message}`, true),
      });
      if (this.closed) return transcriber.close();
      this.transcriber = transcriber;
      for (const audio of this.early) transcriber.send(audio);
      this.early = [];
    }).catch((err: unknown) => {
      this.fault(`the speech clients could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  private audio(audio: Uint8Array): void {
    for (const frame of framesOf(audio)) {
      const event = this.voice.push(frame);
      if (event === 'speech-started') {
        const heard = this.speaker.bargeIn();
        if (heard !== null) this.session!.interrupted(heard);
      } else if (event === 'speech-stopped' && this.turnWords.length > 0) {
        // The transcriber has finished words but has not called the turn over: silence does.
        this.endTurn();
      }
    }
    if (this.transcriber !== null) this.transcriber.send(audio);
    else if (this.early.length < 500) this.early.push(audio);
  }

  private heard(text: string, endOfTurn: boolean): void {
    if (text.trim() !== '') this.turnWords.push(text.trim());
    if (endOfTurn && this.turnWords.length > 0) this.endTurn();
  }

  private endTurn(): void {
    const text = this.turnWords.join(' ').slice(0, RELAY_PROMPT_MAX_CHARS);
    this.turnWords = [];
    if (this.turns.over(Date.now())) return this.flood();
    if (this.options.browserCallId !== undefined) this.send({ event: 'heard', streamSid: this.streamSid, heard: { text } });
    this.turnEndedAt = performance.now();
    this.session!.callerSaid(text);
  }

  /**
   * Our pipeline can no longer hear or speak on this call: the session hands the call on, once.
   * A voice that still works says where the caller goes; the reply being spoken keeps only what was heard.
   */
  private fault(why: string, voiceWorks = false): void {
    if (this.faulted || this.closed) return;
    this.faulted = true;
    this.transcriber?.close();
    this.transcriber = null;
    const heard = this.speaker.bargeIn();
    if (heard !== null) this.session!.interrupted(heard);
    if (!voiceWorks) this.speaker.close();
    this.session!.speechFailed(why);
  }

  private flood(): void {
    this.flooded = true;
    this.session!.refuseFlood(CALL_END_REASONS.flood);
  }
}
