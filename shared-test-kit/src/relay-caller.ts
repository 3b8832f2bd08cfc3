import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { parseRelayFrame, parseRelayHandoff, RELAY_CALL_PARAMETER, RelayOutbound, type RelayHandoff, type RelayInbound } from 'shared-contracts';

/** One `text` frame the caller heard, and when it arrived. */
export interface HeardText {
  at: number;
  token: string;
  last: boolean;
}

export interface RelayCallerOptions {
  /** The relay socket URL to open. */
  url: string;
  /** X-Twilio-Signature for the URL, as Twilio sends it. */
  signature?: string;
  /** Any other upgrade headers (a test may send none, or wrong ones). */
  headers?: Record<string, string>;
  /** The call `start()` opens the session for. */
  callSid?: string;
  callId?: string;
  from?: string;
  to?: string;
  direction?: 'inbound' | 'outbound';
}

/**
 * Twilio's side of one ConversationRelay socket: it opens the session (`setup`), sends what the
 * caller says as `prompt` frames (Twilio's speech-to-text result), `interrupt` and `dtmf`, and
 * collects the agent's streamed `text` tokens into replies until `end`. It can also send any
 * frame, text or binary, even ones Twilio never would, and keeps every token with the time it
 * arrived, so a test can measure the silences a caller sits through.
 */
export class RelayCaller extends EventEmitter<{
  token: [string];
  reply: [string];
  end: [RelayHandoff | null];
  close: [number];
}> {
  readonly heard: HeardText[] = [];
  /** Finished replies (their tokens up to a `last` frame), in order. */
  readonly replies: string[] = [];
  handoff: RelayHandoff | null = null;
  /** The agent sent `end`. */
  ended = false;
  /** The socket's close code once it has closed. */
  closeCode: number | null = null;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private current = '';
  private readonly watchers = new Set<() => void>();

  constructor(private readonly options: RelayCallerOptions) {
    super();
    const headers = { ...options.headers, ...(options.signature === undefined ? {} : { 'x-twilio-signature': options.signature }) };
    this.socket = new WebSocket(options.url, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    // A refused upgrade shows in `opened` and `closed`; an unheard error event would crash the process.
    this.socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => {
      this.closeCode = code;
      this.emit('close', code);
      this.changed();
      resolve(code);
    }));
    this.socket.on('message', (data, binary) => {
      if (!binary) this.receive(data.toString());
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Waits for the socket and opens the session for the call given in the options, as Twilio does when the call connects. */
  async start(): Promise<void> {
    const { callSid, callId, from, to, direction } = this.options;
    if (callSid === undefined || callId === undefined || from === undefined || to === undefined) {
      throw new Error('RelayCaller.start needs callSid, callId, from and to in its options');
    }
    await this.opened;
    this.setup(callSid, callId, from, to, { direction: direction ?? 'inbound' });
  }

  /** The `setup` frame Twilio sends first; `extra` adds or overrides fields. */
  setup(callSid: string, callId: string, from: string, to: string, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'setup', callSid, from, to, direction: 'inbound', customParameters: { [RELAY_CALL_PARAMETER]: callId }, ...extra });
  }

  /** The caller finishes a sentence (a finished speech-to-text result). */
  say(text: string): void {
    this.sendFrame({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
  }

  /** The caller talks over the agent after hearing `heard` of its reply. */
  interrupt(heard: string): void {
    this.current = '';
    this.sendFrame({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: heard.length * 60 });
  }

  press(digit: string): void {
    this.sendFrame({ type: 'dtmf', digit });
  }

  /** Sends a frame as given, while the socket is open: an object as JSON text, a string as it is, a Buffer as a binary frame. */
  send(frame: object | string | Buffer): void {
    if (!this.open) return;
    this.socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** Sends text exactly as given (hostile or malformed frames). */
  sendRaw(raw: string): void {
    this.send(raw);
  }

  /** Whether `done` holds, checked on each frame heard and on close, until `timeoutMs` has passed. */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(done()), timeoutMs);
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.watchers.delete(check);
        resolve(result);
      };
      this.watchers.add(check);
    });
  }

  /** The agent's next finished reply; fails when none comes in time. */
  async nextReply(timeoutMs = 10_000): Promise<string> {
    const count = this.replies.length;
    if (!(await this.until(() => this.replies.length > count, timeoutMs))) throw new Error(`no reply from the agent within ${timeoutMs} ms`);
    return this.replies[count]!;
  }

  /** Waits for the agent's `end` and answers its handoff (null when the call simply ended). */
  async sessionEnd(timeoutMs = 10_000): Promise<RelayHandoff | null> {
    if (!(await this.until(() => this.ended, timeoutMs))) throw new Error(`the agent did not end the session within ${timeoutMs} ms`);
    return this.handoff;
  }

  /** The caller hangs up. */
  hangUp(): Promise<number> {
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, 'caller hung up');
    return this.closed;
  }

  private sendFrame(frame: RelayInbound): void {
    this.send(frame);
  }

  private changed(): void {
    for (const watcher of [...this.watchers]) watcher();
  }

  private receive(raw: string): void {
    const parsed = parseRelayFrame(RelayOutbound, raw);
    if (!parsed.ok) return;
    const frame = parsed.frame;
    if (frame.type === 'text') {
      this.heard.push({ at: Date.now(), token: frame.token, last: frame.last });
      this.current += frame.token;
      if (frame.token !== '') this.emit('token', frame.token);
      if (frame.last) {
        const reply = this.current.trim();
        this.current = '';
        this.replies.push(reply);
        this.emit('reply', reply);
      }
    } else if (frame.type === 'end') {
      this.ended = true;
      this.handoff = parseRelayHandoff(frame.handoffData);
      this.emit('end', this.handoff);
      // Twilio closes the session on `end`; the call then follows the <Connect action> URL.
      this.socket.close(1000, 'session ended');
    }
    this.changed();
  }
}
