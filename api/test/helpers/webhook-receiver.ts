import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** How the receiver answers the next deliveries. */
export type ReceiverAnswer =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> }
  | { kind: 'hang' };

/**
 * A customer's webhook endpoint on this machine: it records what it receives and answers as told.
 * `verify` checks a delivery's signature the way a customer's code would.
 */
export async function webhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: ReceiverAnswer = { kind: 'ok' };
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => { body += chunk; });
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body, json: body === '' ? undefined : JSON.parse(body) });
      if (answer.kind === 'hang') { hanging.add(response); return; }
      if (answer.kind === 'status') {
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        response.end(answer.body);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer(next: ReceiverAnswer) { answer = next; },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether `X-Webhook-Signature` is `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` for this body and a recent t. */
export function verifySignature(secret: string, delivery: ReceivedWebhook, toleranceSeconds = 300): boolean {
  const header = delivery.headers['x-webhook-signature'];
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || typeof parts.v1 !== 'string') return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
