/** Clients of the cluster: HTTP through the load balancer or to one instance, and sockets. */
import http from 'node:http';
import type { ServerMessage } from 'shared-contracts';
import { DEMO_PASSWORD, nextMatching, openRealtimeSocket, signIn as signInOverApi, type SignedIn } from 'shared-test-kit';
import type WebSocket from 'ws';
import { APP_ORIGIN } from './topology';

export { DEMO_PASSWORD };

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

/** Signs in through `origin` (the load balancer by default). */
export const signIn = (email: string, origin = APP_ORIGIN): Promise<SignedIn> => signInOverApi(`${origin}/v1`, email);

export interface ClusterSocket {
  socket: WebSocket;
  /** The next message that matches (those before it are skipped), failing after `timeoutMs`. */
  next(match?: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(message: unknown): void;
  closed: Promise<{ code: number }>;
  close(): void;
}

/** The realtime socket of an account, opened through `origin` (the load balancer by default). */
export async function openSocket(accountId: string, token: string, origin = APP_ORIGIN): Promise<ClusterSocket> {
  const socket = openRealtimeSocket(origin, { accountId, token });
  await socket.opened;
  return {
    socket: socket.socket,
    closed: socket.closed,
    next: (match = () => true, timeoutMs = 5_000) => nextMatching(socket, match, timeoutMs),
    send: (message) => socket.send(message),
    close: () => socket.close(),
  };
}
