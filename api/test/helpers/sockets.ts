import { WebSocket } from 'ws';
import type { ServerMessage } from 'shared-contracts';
import type { TestServer } from './server';

export interface TestSocket {
  socket: WebSocket;
  /** The next message received (in order), failing after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ServerMessage>;
  send(frame: unknown): void;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openSocket(server: TestServer, query: Record<string, string | undefined>): TestSocket {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const socket = new WebSocket(`${server.origin.replace(/^http/, 'ws')}/ws?${params}`);
  const inbox: ServerMessage[] = [];
  const waiters: Array<(m: ServerMessage) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as ServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => socket.once('open', () => resolve()));

  return {
    socket,
    closed,
    next(timeoutMs = 3_000) {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const waiter = (m: ServerMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        // A waiter that timed out must leave the line, or it would swallow the next message.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no socket message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    send(frame) {
      const raw = typeof frame === 'string' ? frame : JSON.stringify(frame);
      void opened.then(() => socket.send(raw));
    },
    close: () => socket.close(),
  };
}
