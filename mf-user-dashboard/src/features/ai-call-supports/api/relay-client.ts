import {
  RELAY_CALL_PARAMETER, RelayOutbound, SOCKET_CLOSE_UNAUTHORIZED, parseRelayFrame, parseRelayHandoff,
  type RelayHandoff, type RelayInbound,
} from 'shared-contracts';

/** How a browser conversation ended, from the caller's side. */
export type RelayClosed =
  /** The agent ended it (an `end` frame), with its handoff data when it handed the caller over. */
  | { kind: 'ended'; handoff: RelayHandoff | null }
  | { kind: 'hung-up' }
  /** The server refused the session (an expired link, a call already over). */
  | { kind: 'refused' }
  | { kind: 'dropped' };

export interface RelayClientHandlers {
  /** The socket is open and `setup` has gone out: the caller may speak. */
  onOpen: () => void;
  /** One token of the agent's reply, to append to its current line. */
  onToken: (token: string) => void;
  /** The agent's current line is over: it finished, or the caller talked over it. */
  onReplyEnd: (how: 'finished' | 'interrupted') => void;
  /** Called once, however the conversation ended. */
  onClosed: (closed: RelayClosed) => void;
}

export interface RelayCallIds {
  callId: string;
  callSid: string;
}

const OPEN = 1; // WebSocket.OPEN

/**
 * The browser's side of the ConversationRelay protocol: it plays Twilio's part (setup, the
 * caller's prompts, interruptions) so that a USER can talk to an agent over the very endpoint a
 * phone call uses. Twilio would turn speech into prompts; here the caller types or the browser
 * recognises speech.
 */
export class RelayClient {
  private readonly socket: WebSocket;
  /** The agent's reply being received: what has been shown of it, and since when. */
  private reply: { text: string; startedAt: number } | null = null;
  private closed: RelayClosed | null = null;

  constructor(
    url: string,
    private readonly ids: RelayCallIds,
    private readonly handlers: RelayClientHandlers,
    private readonly now: () => number = Date.now,
  ) {
    this.socket = new WebSocket(url);
    this.socket.onopen = () => {
      this.send({
        type: 'setup', callSid: ids.callSid, from: 'browser', direction: 'inbound',
        customParameters: { [RELAY_CALL_PARAMETER]: ids.callId },
      });
      handlers.onOpen();
    };
    this.socket.onmessage = (event: MessageEvent) => this.receive(typeof event.data === 'string' ? event.data : '');
    this.socket.onclose = (event: CloseEvent) => {
      this.finish(event.code === SOCKET_CLOSE_UNAUTHORIZED ? { kind: 'refused' } : { kind: 'dropped' });
    };
  }

  /** Whether the agent's reply is still arriving. */
  get replying(): boolean {
    return this.reply !== null;
  }

  /**
   * The caller says a line. Talking over a reply still arriving interrupts it first, reporting
   * what the caller had of it, as Twilio reports what it had spoken. False when nothing was sent.
   */
  say(text: string): boolean {
    const line = text.trim();
    if (line === '' || this.closed !== null || this.socket.readyState !== OPEN) return false;
    if (this.reply !== null) {
      const { text: shown, startedAt } = this.reply;
      this.reply = null;
      this.send({ type: 'interrupt', utteranceUntilInterrupt: shown, durationUntilInterruptMs: Math.max(0, this.now() - startedAt) });
      this.handlers.onReplyEnd('interrupted');
    }
    this.send({ type: 'prompt', voicePrompt: line, lang: 'en-US', last: true });
    return true;
  }

  hangUp(): void {
    if (this.closed !== null) return;
    this.socket.close(1000, 'Caller hung up');
    this.finish({ kind: 'hung-up' });
  }

  private send(frame: RelayInbound): void {
    this.socket.send(JSON.stringify(frame));
  }

  private receive(raw: string): void {
    if (this.closed !== null) return;
    const parsed = parseRelayFrame(RelayOutbound, raw);
    if (!parsed.ok) {
      console.warn(`Browser call: ignored a frame from the agent: ${parsed.error}`);
      return;
    }
    const frame = parsed.frame;
    if (frame.type === 'text') {
      if (frame.token !== '') {
        if (this.reply === null) this.reply = { text: '', startedAt: this.now() };
        this.reply.text += frame.token;
        this.handlers.onToken(frame.token);
      }
      if (frame.last && this.reply !== null) {
        this.reply = null;
        this.handlers.onReplyEnd('finished');
      }
      return;
    }
    if (frame.type === 'end') {
      if (this.reply !== null) {
        this.reply = null;
        this.handlers.onReplyEnd('finished');
      }
      // As Twilio does, the carrier closes the session once the agent has ended it.
      this.finish({ kind: 'ended', handoff: parseRelayHandoff(frame.handoffData) });
      this.socket.close(1000, 'Session ended');
    }
    // play, sendDigits and language have no meaning for a typed conversation.
  }

  private finish(closed: RelayClosed): void {
    if (this.closed !== null) return;
    this.closed = closed;
    this.reply = null;
    this.handlers.onClosed(closed);
  }
}
