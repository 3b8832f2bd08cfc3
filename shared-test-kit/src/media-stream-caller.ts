import WebSocket from 'ws';
import { MEDIA_FRAME_BYTES, MediaStreamBrowserOutbound, parseMessage, RELAY_CALL_PARAMETER } from 'shared-contracts';
import { MULAW_LOUD, MULAW_SILENT } from './speech-stand-in';

/** One sentence of the agent's audio as the caller's side received it: its bytes, then its mark. */
export interface HeardAudio {
  bytes: number;
  mark: string | null;
  at: number;
}

/**
 * Twilio's side of one bidirectional Media Streams socket: it starts the stream for a call, sends
 * the caller's audio as 20 ms `media` frames (a run of loud frames is speech, silent frames are
 * a pause), keys and any raw frame, and collects the agent's audio, marks and clears. Marks are
 * echoed back as Twilio does once the audio before them has played: at once, or only when the
 * test says (`play`), so a test can speak over audio the caller has not heard yet. Opened with a
 * browser's link instead of a signature, it is a USER's browser, which is also sent the words.
 */
export class MediaStreamCaller {
  readonly streamSid = `MZ${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`;
  /** Every outbound frame, in order. */
  readonly frames: MediaStreamBrowserOutbound[] = [];
  /** A browser's: the agent's reply as written, the caller's turns as heard, and the `end` frame's handoff data. */
  agentText = '';
  readonly heard: string[] = [];
  handoffData: string | null = null;
  /** Audio bytes since the last mark, and the sentences closed by marks. */
  readonly sentences: HeardAudio[] = [];
  clears = 0;
  closeCode: number | null = null;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private readonly waiting = new Set<() => void>();
  private unplayedMarks: string[] = [];
  private audioSinceMark = 0;

  constructor(url: string, signature: string | undefined, private readonly options: { playAtOnce: boolean } = { playAtOnce: true }) {
    this.socket = new WebSocket(url, { headers: signature === undefined ? {} : { 'x-twilio-signature': signature } });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => {
      this.closeCode = code;
      this.changed();
      resolve(code);
    }));
    this.socket.on('message', (data, binary) => {
      if (!binary) this.receive(data.toString());
    });
  }

  /** The agent's audio bytes received so far. */
  get audioBytes(): number {
    return this.sentences.reduce((sum, s) => sum + s.bytes, 0) + this.audioSinceMark;
  }

  /** Opens the stream for a call, as Twilio does once <Connect><Stream> runs. */
  async start(callSid: string, callId: string): Promise<void> {
    await this.opened;
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start', sequenceNumber: '1', streamSid: this.streamSid,
      start: {
        accountSid: 'AC00000000000000000000000000000000', streamSid: this.streamSid, callSid, tracks: ['inbound'],
        customParameters: { [RELAY_CALL_PARAMETER]: callId }, mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  /** `ms` of the caller's voice, then `pauseMs` of silence (a pause long enough ends the turn). */
  speak(ms: number, pauseMs = 800): void {
    this.audio(MULAW_LOUD, ms);
    this.audio(MULAW_SILENT, pauseMs);
  }

  /** `ms` of audio of one code, as 20 ms frames. */
  audio(code: number, ms: number): void {
    for (let sent = 0; sent < ms; sent += 20) {
      this.send({ event: 'media', streamSid: this.streamSid, media: { track: 'inbound', payload: Buffer.alloc(MEDIA_FRAME_BYTES, code).toString('base64') } });
    }
  }

  press(digit: string): void {
    this.send({ event: 'dtmf', streamSid: this.streamSid, dtmf: { track: 'inbound_track', digit } });
  }

  /** Twilio plays what it holds up to the next `count` marks and echoes them. */
  play(count = Number.POSITIVE_INFINITY): void {
    for (const name of this.unplayedMarks.splice(0, count)) this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } });
  }

  /** The caller hangs up: Twilio stops the stream and closes the socket. */
  async hangUp(): Promise<void> {
    this.send({ event: 'stop', streamSid: this.streamSid, stop: { accountSid: 'AC00000000000000000000000000000000', callSid: '' } });
    this.socket.close(1000);
    await this.closed;
  }

  send(frame: object | string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Whether `done` holds, checked on each frame and on close, until `timeoutMs` has passed. */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => { if (done()) finish(true); };
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve(result);
      };
      this.waiting.add(check);
    });
  }

  private receive(raw: string): void {
    const parsed = parseMessage(MediaStreamBrowserOutbound, raw);
    if (!parsed.ok) throw new Error(`the server sent a frame outside the contract: ${raw.slice(0, 200)}`);
    const frame = parsed.message;
    this.frames.push(frame);
    if (frame.event === 'media') this.audioSinceMark += Buffer.from(frame.media.payload, 'base64').length;
    else if (frame.event === 'mark') {
      this.sentences.push({ bytes: this.audioSinceMark, mark: frame.mark.name, at: Date.now() });
      this.audioSinceMark = 0;
      this.unplayedMarks.push(frame.mark.name);
      if (this.options.playAtOnce) this.play();
    } else if (frame.event === 'text') this.agentText += frame.text.token;
    else if (frame.event === 'heard') this.heard.push(frame.heard.text);
    else if (frame.event === 'end') this.handoffData = frame.end.handoffData;
    else {
      // Twilio drops what it has not played and echoes the marks behind it at once.
      this.clears += 1;
      this.audioSinceMark = 0;
      this.play();
    }
    this.changed();
  }

  private changed(): void {
    for (const check of [...this.waiting]) check();
  }
}
