import type { FastifyBaseLogger } from 'fastify';
import type { Synthesizer } from './synthesizer';

/** Where a reply's audio goes: the transport turns these into its own frames. */
export interface AudioSink {
  audio(bytes: Uint8Array): void;
  /** Comes back through `played` once everything sent before it has played. */
  mark(name: string): void;
  /** Drops audio sent but not yet played. */
  clear(): void;
}

interface Sentence { text: string; reply: number; mark: string }

/** A sentence ends at . ! ? or a line break, followed by a space; the rest waits for more of the reply. */
const SENTENCE_END = /[.!?\n]["')\]]*\s+/g;
/** A voice that has sent no audio of a sentence this long after being asked has failed: the caller would hear dead air. */
export const VOICE_STALL_MS = 3_000;
/** A reply's words past this many characters with no sentence end are spoken anyway, so a long clause does not hold the voice. */
const MAX_UNSPOKEN_CHARS = 240;

/**
 * A reply spoken as it streams in: its text is cut into sentences, each sentence goes to the
 * call's voice in turn while the next is still being written, and a mark follows each sentence's
 * audio, so the speaker knows what the caller has heard. A barge-in stops the voice, drops the
 * audio not yet played and says how much of the reply was heard.
 */
export class ReplySpeaker {
  private synthesizer: Synthesizer | null = null;
  private pending = '';
  private reply = 0;
  private marks = 0;
  private readonly queue: Sentence[] = [];
  /** Sentences whose audio went out and whose marks have not come back. */
  private readonly unplayed: Sentence[] = [];
  /** The current reply's sentences the caller has heard. */
  private heardOfReply: string[] = [];
  private heardReply = -1;
  private speaking: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private idle: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly sink: AudioSink,
    private readonly log: FastifyBaseLogger,
    /** Told when the first audio of a sentence goes out: the pipeline's latency is measured to it. */
    private readonly onFirstAudio: (sentence: string) => void = () => undefined,
    /** The voice failed (refused, dropped, or silent past VOICE_STALL_MS): nothing more is spoken. */
    private readonly onFault: (why: string) => void = () => undefined,
    private readonly stallMs = VOICE_STALL_MS,
  ) {}

  /** The call's voice is ready: sentences said before it wait for it. */
  useVoice(synthesizer: Synthesizer): void {
    this.synthesizer = synthesizer;
    this.drain();
  }

  /** Part of a reply; `done` ends it (what is left is spoken as its last sentence). */
  say(text: string, done: boolean): void {
    if (this.closed) return;
    this.pending += text;
    let start = 0;
    for (const match of this.pending.matchAll(SENTENCE_END)) {
      this.push(this.pending.slice(start, match.index + match[0].length));
      start = match.index + match[0].length;
    }
    this.pending = this.pending.slice(start);
    if (done || this.pending.length > MAX_UNSPOKEN_CHARS) {
      this.push(this.pending);
      this.pending = '';
    }
    if (done) this.reply += 1;
    this.drain();
  }

  /** A mark came back: its sentence has been heard whole. */
  played(mark: string): void {
    const index = this.unplayed.findIndex((sentence) => sentence.mark === mark);
    if (index === -1) return;
    // Marks come back in order: any before this one have played too.
    for (const sentence of this.unplayed.splice(0, index + 1)) {
      if (sentence.reply !== this.heardReply) {
        this.heardReply = sentence.reply;
        this.heardOfReply = [];
      }
      this.heardOfReply.push(sentence.text);
    }
    this.settle();
  }

  /** Audio is still going out, or has not all been heard. */
  get busy(): boolean {
    return this.queue.length > 0 || this.unplayed.length > 0 || this.speaking !== null || this.pending.trim() !== '';
  }

  /**
   * The caller spoke over the agent: the voice stops and the audio not yet played is dropped.
   * Returns the words of the interrupted reply the caller heard, or null when nothing was playing.
   */
  bargeIn(): string | null {
    if (!this.busy) return null;
    const interrupted = this.unplayed[0]?.reply ?? this.queue[0]?.reply ?? this.reply;
    this.speaking?.abort();
    this.queue.length = 0;
    this.unplayed.length = 0;
    this.pending = '';
    this.sink.clear();
    const heard = this.heardReply === interrupted ? this.heardOfReply.join('').trim() : '';
    this.settle();
    return heard;
  }

  /** Resolves once everything said so far has been heard (or dropped). */
  async whenHeard(): Promise<void> {
    if (!this.busy) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.speaking?.abort();
    this.queue.length = 0;
    this.unplayed.length = 0;
    this.synthesizer?.close();
    this.settle(true);
  }

  private push(text: string): void {
    if (text.trim() === '') return;
    this.marks += 1;
    this.queue.push({ text, reply: this.reply, mark: `s${this.marks}` });
  }

  private settle(force = false): void {
    if (!force && this.busy) return;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  private drain(): void {
    if (this.loop !== null || this.synthesizer === null || this.queue.length === 0) return;
    this.loop = this.speakQueue().finally(() => {
      this.loop = null;
      this.settle();
    });
  }

  private async speakQueue(): Promise<void> {
    for (let sentence = this.queue.shift(); sentence !== undefined && !this.closed; sentence = this.queue.shift()) {
      const controller = new AbortController();
      this.speaking = controller;
      let first = true;
      let stalled = false;
      const stall = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, this.stallMs);
      let failure: string | null = null;
      try {
        for await (const audio of this.synthesizer!.speak(sentence.text.trim(), controller.signal)) {
          if (controller.signal.aborted) break;
          if (first) {
            first = false;
            clearTimeout(stall);
            this.onFirstAudio(sentence.text);
          }
          this.sink.audio(audio);
        }
        if (first && !controller.signal.aborted) failure = 'the voice sent no audio';
      } catch (err) {
        if (!controller.signal.aborted) failure = `the voice failed: ${err instanceof Error ? err.message : String(err)}`;
      }
      clearTimeout(stall);
      this.speaking = null;
      if (stalled) failure = `the voice sent no audio in ${this.stallMs / 1000} s`;
      if (failure !== null) {
        this.log.warn({ why: failure }, 'a sentence could not be spoken');
        this.close();
        this.onFault(failure);
        return;
      }
      if (controller.signal.aborted) continue;
      this.unplayed.push(sentence);
      this.sink.mark(sentence.mark);
    }
  }
}
