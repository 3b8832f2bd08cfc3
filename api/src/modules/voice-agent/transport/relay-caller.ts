import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { RELAY_CALL_PARAMETER, RELAY_MAX_FRAME_BYTES, RelayOutbound, type RelayInbound, type RelayHandoff } from 'shared-contracts';
import { parseJsonInput } from '../../../http/parse-input';
import { readHandoff } from './relay-adapter';

export interface RelayCallerOptions {
  /** The relay socket URL to open. */
  url: string;
  /** X-Twilio-Signature for the URL, as Twilio sends it; absent for a browser-style signed link. */
  signature?: string;
  callSid: string;
  callId: string;
  from: string;
  to: string;
  direction?: 'inbound' | 'outbound';
}

/**
 * Twilio's side of ConversationRelay, played by the telephony simulator: it opens the session,
 * sends what the caller says as `prompt` frames (Twilio's speech-to-text result) and collects
 * the agent's streamed `text` tokens into replies. The simulated callee of a test call, the
 * terminal caller (`pnpm --filter api sim call`), the API tests and the benchmark all use it.
 */
export class RelayCaller extends EventEmitter<{
  token: [string];
  reply: [string];
  end: [RelayHandoff | null];
  close: [number];
}> {
  private readonly socket: WebSocket;
  private current = '';
  readonly replies: string[] = [];
  handoff: RelayHandoff | null = null;
  ended = false;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;

  constructor(private readonly options: RelayCallerOptions) {
    super();
    this.socket = new WebSocket(options.url, options.signature === undefined ? {} : { headers: { 'x-twilio-signature': options.signature } });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => {
      this.emit('close', code);
      resolve(code);
    }));
    this.socket.on('message', (data) => this.receive(data.toString()));
  }

  /** Opens the session as Twilio does when the call connects. */
  async start(): Promise<void> {
    await this.opened;
    this.sendFrame({
      type: 'setup', callSid: this.options.callSid, from: this.options.from, to: this.options.to,
      direction: this.options.direction ?? 'inbound', customParameters: { [RELAY_CALL_PARAMETER]: this.options.callId },
    });
  }

  /** The caller says one sentence (a finished speech-to-text result). */
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

  /** Sends any frame, even one Twilio never would (tests use this for hostile frames). */
  sendRaw(raw: string): void {
    this.socket.send(raw);
  }

  /** The agent's next finished reply. */
  nextReply(timeoutMs = 10_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no reply from the agent in time')), timeoutMs);
      this.once('reply', (text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  }

  /** The caller hangs up. */
  hangUp(): Promise<number> {
    this.socket.close(1000, 'caller hung up');
    return this.closed;
  }

  private sendFrame(frame: RelayInbound): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private receive(raw: string): void {
    if (raw.length > RELAY_MAX_FRAME_BYTES) return;
    const parsed = parseJsonInput(RelayOutbound, raw);
    if (!parsed.ok) return;
    const frame = parsed.output;
    if (frame.type === 'text') {
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
      this.handoff = readHandoff(frame.handoffData);
      this.emit('end', this.handoff);
      // Twilio ends the session (and the socket) on `end`; the call then follows the action URL.
      this.socket.close(1000, 'session ended');
    }
  }
}
