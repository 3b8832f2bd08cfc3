/** Clients of the cluster: HTTP through the load balancer or to one instance, and sockets. */
import http from 'node:http';
import { WebSocket } from 'ws';
import type { ServerMessage } from 'shared-contracts';
import { SOCKET_PATH } from 'shared-contracts';
import { APP_ORIGIN } from './topology';

export const DEMO_PASSWORD = 'Demo1234!';

export interface Answer {
  status: number;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}

/**
 * One HTTP request with node:http (fetch cannot choose its source address): `localAddress` makes
 * the request come from another loopback address, as another client machine would.
 */
export function request(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      localAddress: options.localAddress,
      agent: false,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      timeout: options.timeoutMs ?? 30_000,
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('end', () => {
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export const api = (path: string, origin = APP_ORIGIN) => `${origin}/v1/${path.replace(/^\//, '')}`;

export async function signIn(email: string, origin = APP_ORIGIN): Promise<{ token: string; user: { id: string; accountId: string } }> {
  const res = await request('POST', api('auth/login', origin), { body: { email, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { token: string; user: { id: string; accountId: string } } }).data;
}

export interface ClusterSocket {
  socket: WebSocket;
  /** The next message that matches, failing after `timeoutMs`. */
  next(match?: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(message: unknown): void;
  closed: Promise<{ code: number }>;
  close(): void;
}

/** The realtime socket of an account, opened through `origin` (the load balancer by default). */
export async function openSocket(accountId: string, token: string, origin = APP_ORIGIN): Promise<ClusterSocket> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${SOCKET_PATH}?${new URLSearchParams({ accountId, token })}`);
  const inbox: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    inbox.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of waiters) wake();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number }>((resolve) => socket.once('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    next(match = () => true, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = inbox.findIndex(match);
          if (index === -1) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(inbox.splice(index, 1)[0]!);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching socket message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
  };
}
