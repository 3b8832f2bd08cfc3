import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { parseRelayFrame, parseRelayHandoff, RELAY_CALL_PARAMETER, RelayOutbound, type RelayHandoff } from 'shared-contracts';
import { relaySocketUrl, simulatorDoor } from './relay';
import type { TestServer } from './server';

/** One `text` frame the caller heard, and when it arrived. */
export interface HeardText {
  at: number;
  token: string;
  last: boolean;
}

/**
 * Twilio's side of one relay socket, as raw as the wire: it sends any frame, text or binary, even
 * ones Twilio never would, and keeps every `text` frame the caller hears with the time it arrived,
 * so a test can measure the silences a caller sits through.
 */
export class RelayLine {
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

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url, { headers });
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

  /** Dials an AI agent through the simulator and opens the relay as Twilio would; `setup` is sent unless told not to. */
  static async dial(server: TestServer, to: string, from: string, options: { setup?: boolean } = {}) {
    const door = await simulatorDoor(server, 'inbound-call', { from, to });
    assert.equal(door.status, 200, JSON.stringify(door.body));
    const { callSid, callId, relay } = door.body.data as { callSid: string; callId: string; relay: { signature: string } };
    const line = new RelayLine(relaySocketUrl(server), { 'x-twilio-signature': relay.signature });
    await line.opened;
    if (options.setup !== false) line.setup(callSid, callId, from, to);
    return { line, callSid, callId, signature: relay.signature };
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a frame as given: an object as JSON text, a string as it is, a Buffer as a binary frame. */
  send(frame: object | string | Buffer): void {
    if (!this.open) return;
    this.socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  setup(callSid: string, callId: string, from: string, to: string, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'setup', callSid, from, to, direction: 'inbound', customParameters: { [RELAY_CALL_PARAMETER]: callId }, ...extra });
  }

  /** The caller finishes a sentence (Twilio's speech-to-text result). */
  say(text: string): void {
    this.send({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true });
  }

  press(digit: string): void {
    this.send({ type: 'dtmf', digit });
  }

  /** Whether `done` holds, checked on each frame heard and on close, until `timeoutMs` has passed. */
  until(done: () => boolean, timeoutMs: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        finish(true);
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
  async nextReply(timeoutMs = 4_000): Promise<string> {
    const count = this.replies.length;
    assert.ok(await this.until(() => this.replies.length > count, timeoutMs), `no reply from the agent within ${timeoutMs} ms`);
    return this.replies[count]!;
  }

  /** The caller hangs up. */
  hangUp(): Promise<number> {
    if (this.socket.readyState === WebSocket.CONNECTING || this.socket.readyState === WebSocket.OPEN) this.socket.close(1000, 'caller hung up');
    return this.closed;
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
      if (frame.last) {
        this.replies.push(this.current.trim());
        this.current = '';
      }
    } else if (frame.type === 'end') {
      this.ended = true;
      this.handoff = parseRelayHandoff(frame.handoffData);
      // Twilio closes the session on `end`; the call then follows the <Connect action> URL.
      this.socket.close(1000, 'session ended');
    }
    this.changed();
  }
}
