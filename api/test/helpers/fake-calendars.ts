import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Bodies are read field by field in assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBody = any;

export interface CalendarRequest {
  vendor: 'google' | 'microsoft';
  authorization: string | undefined;
  body: AnyBody;
}

export interface StoredEvent {
  vendor: 'google' | 'microsoft';
  id: string;
  authorization: string;
  body: AnyBody;
}

/** How the fake answers the next requests: normally, with an error, or by storing the event and never answering. */
export type CalendarMode = { kind: 'normal' } | { kind: 'refuse'; status: number; message: string } | { kind: 'store-then-hang' };

/** Google's rule for a client-chosen event id. */
const GOOGLE_EVENT_ID = /^[a-v0-9]{5,1024}$/;

/**
 * Google Calendar API v3 (events.insert on `primary`) and Microsoft Graph v1.0 (POST /me/events)
 * as far as a calendar sync sees them, on a real local port: a bearer token is required, Google
 * refuses an id it already has with 409, and Graph answers a repeated `transactionId` with the
 * event it made the first time.
 */
export async function fakeCalendars(options: { unref?: boolean } = {}) {
  const requests: CalendarRequest[] = [];
  const events: StoredEvent[] = [];
  let mode: CalendarMode = { kind: 'normal' };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) => send(res, status, { error: { code: status, message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const vendor: CalendarRequest['vendor'] | null = req.method !== 'POST' ? null
      : req.url === '/calendar/v3/calendars/primary/events' ? 'google'
        : req.url === '/v1.0/me/events' ? 'microsoft' : null;
    if (vendor === null) return error(res, 404, 'Not Found');
    const authorization = req.headers.authorization;
    const body = JSON.parse(text) as AnyBody;
    requests.push({ vendor, authorization, body });
    if (!authorization?.startsWith('Bearer ')) return error(res, 401, 'Request is missing required authentication credential.');
    if (mode.kind === 'refuse') return error(res, mode.status, mode.message);
    const stored = (id: string) => {
      const event = { vendor, id, authorization, body };
      events.push(event);
      return event;
    };
    if (vendor === 'google') {
      if (typeof body.id !== 'string' || !GOOGLE_EVENT_ID.test(body.id)) return error(res, 400, 'Invalid resource id value.');
      if (events.some((e) => e.vendor === 'google' && e.id === body.id)) return error(res, 409, 'The requested identifier already exists.');
      stored(body.id);
      if (mode.kind === 'store-then-hang') return;
      return send(res, 200, { kind: 'calendar#event', id: body.id, status: 'confirmed', ...body });
    }
    const earlier = events.find((e) => e.vendor === 'microsoft' && e.body.transactionId === body.transactionId);
    const event = earlier ?? stored(`AAMkAD${randomBytes(12).toString('hex')}`);
    if (mode.kind === 'store-then-hang') return;
    return send(res, 201, { id: event.id, ...event.body });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, 'fake calendar failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (options.unref) server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    events,
    answer(next: CalendarMode) {
      mode = next;
    },
    /** What was sent with `token`, and what is stored under it. */
    requestsWith: (token: string) => requests.filter((r) => r.authorization === `Bearer ${token}`),
    eventsWith: (token: string) => events.filter((e) => e.authorization === `Bearer ${token}`),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCalendars = Awaited<ReturnType<typeof fakeCalendars>>;
