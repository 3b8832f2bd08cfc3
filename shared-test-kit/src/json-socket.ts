import WebSocket from 'ws';

/** A WebSocket whose JSON messages queue up to be read one at a time, in order. */
export interface JsonSocket<M> {
  socket: WebSocket;
  /** Resolves once the socket is open; rejects if it could not connect. */
  opened: Promise<void>;
  /** The next message received (in order), failing after `timeoutMs`. */
  next(timeoutMs?: number): Promise<M>;
  /** Sends an object as JSON, a string as it is, once the socket is open. */
  send(frame: unknown): void;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openJsonSocket<M>(url: string, what = 'socket message'): JsonSocket<M> {
  const socket = new WebSocket(url);
  const inbox: M[] = [];
  const waiters: Array<(message: M) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as M;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  // A refused connection shows in `opened` and `closed`; an unheard error event would crash the process.
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  opened.catch(() => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });

  return {
    socket,
    opened,
    closed,
    next(timeoutMs = 3_000) {
      if (inbox.length > 0) return Promise.resolve(inbox.shift()!);
      return new Promise((resolve, reject) => {
        const waiter = (message: M) => {
          clearTimeout(timer);
          resolve(message);
        };
        // A waiter that timed out must leave the line, or it would swallow the next message.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    send(frame) {
      const raw = typeof frame === 'string' ? frame : JSON.stringify(frame);
      void opened.then(() => socket.send(raw), () => undefined);
    },
    close: () => socket.close(),
  };
}
