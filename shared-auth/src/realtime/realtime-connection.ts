import * as v from 'valibot';
import { ClientMessage, SOCKET_CLOSE_SERVER_RESTART, SOCKET_CLOSE_UNAUTHORIZED, ServerMessage, parseMessage } from 'shared-contracts';
import { backoffDelay } from './backoff';

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectionHandlers {
  onMessage: (message: ServerMessage) => void;
  onState: (state: ConnectionState) => void;
}

const OPEN = 1; // WebSocket.OPEN

/** One socket to the realtime endpoint that reconnects with backoff until stopped. */
export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly handlers: ConnectionHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Client closed');
    this.handlers.onState('closed');
  }

  /** Sends only on an open socket; otherwise warns and returns false. */
  send(message: ClientMessage): boolean {
    const checked = v.safeParse(ClientMessage, message);
    if (!checked.success) {
      console.warn(`Realtime: ${message.type} not sent: ${checked.issues.map((i) => i.message).join('; ')}`);
      return false;
    }
    if (!this.socket || this.socket.readyState !== OPEN) {
      console.warn(`Realtime: ${message.type} not sent: the socket is not open`);
      return false;
    }
    this.socket.send(JSON.stringify(checked.output));
    return true;
  }

  private open(): void {
    this.handlers.onState(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.handlers.onState('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      const parsed = parseMessage(ServerMessage, typeof event.data === 'string' ? event.data : '');
      if (parsed.ok) this.handlers.onMessage(parsed.message);
      else console.warn(`Realtime: ignored a malformed message: ${parsed.error}`);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (event.code === SOCKET_CLOSE_UNAUTHORIZED) {
        // The token or account was refused: retrying would be refused again.
        console.warn('Realtime: the server refused the session; not reconnecting');
        this.handlers.onState('closed');
        return;
      }
      if (event.code === SOCKET_CLOSE_SERVER_RESTART) {
        // An instance is stopping for a deploy; the others are up, so waiting would only lose messages.
        this.attempt = 0;
        this.open();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.handlers.onState('reconnecting');
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      if (!this.stopped) this.open();
    }, delay);
  }
}
