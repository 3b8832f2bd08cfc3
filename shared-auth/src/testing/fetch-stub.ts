// A stub for `fetch` at the network boundary: the real API client, SWR and components run,
// and the test sees every request they sent. Bodies follow the contract: `{ data, total? }`.

export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: `body` goes out as JSON, `text` as it is (a body that is not JSON). */
export type StubReply = ({ status?: number; body: unknown; text?: never } | { status?: number; text: string; body?: never }) & {
  /** Headers the server answers with, besides the JSON content type. */
  headers?: Record<string, string>;
};

/** Answers each request; throwing (or rejecting) is a network failure. */
export type Responder = (request: SentRequest) => StubReply | Promise<StubReply>;

/** Enough of a fetch Response for the API client: status, headers, text and json. */
class StubHeaders {
  private readonly map: Map<string, string>;
  constructor(init: Record<string, string>) {
    this.map = new Map(Object.entries(init).map(([k, v]) => [k.toLowerCase(), v]));
  }
  get(name: string) {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  has(name: string) {
    return this.map.has(name.toLowerCase());
  }
}

const response = (reply: StubReply): Response => {
  const { status = 200 } = reply;
  const text = reply.text ?? JSON.stringify(reply.body);
  const ok = status >= 200 && status < 300;
  return {
    ok,
    status,
    statusText: ok ? 'OK' : 'Error',
    headers: new StubHeaders({ 'content-type': 'application/json', ...reply.headers }),
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    clone: () => response(reply),
  } as unknown as Response;
};

const headersOf = (init: RequestInit | undefined): Record<string, string> => {
  const h = init?.headers;
  if (!h) return {};
  if (typeof (h as { forEach?: unknown }).forEach === 'function' && !Array.isArray(h)) {
    const out: Record<string, string> = {};
    (h as { forEach: (fn: (v: string, k: string) => void) => void }).forEach((v, k) => {
      out[k.toLowerCase()] = v;
    });
    return out;
  }
  const entries = Array.isArray(h) ? h : Object.entries(h);
  return Object.fromEntries(entries.map(([k, v]) => [String(k).toLowerCase(), String(v)]));
};

const parseBody = (body: unknown): unknown => {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

const unexpected: Responder = (request) => {
  throw new Error(`no reply stubbed for ${request.method} ${request.url.href}`);
};

/** Replaces `global.fetch`; returns the list of requests sent so far and the jest mock. */
export function stubFetch(respond: Responder = unexpected) {
  const requests: SentRequest[] = [];
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: SentRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: new URL(href, 'http://localhost'),
      body: parseBody(init?.body),
      headers: headersOf(init),
    };
    requests.push(request);
    return response(await respond(request));
  });
  (globalThis as { fetch: unknown }).fetch = mock;
  return { requests, mock };
}

/** A reply that never arrives, for the loading state. */
export const never = (): Promise<StubReply> => new Promise(() => {});

export const ok = (data: unknown, total?: number): StubReply => ({
  body: total === undefined ? { data } : { data, total },
});

export const failure = (status: number, message: string): StubReply => ({
  status,
  body: { type: status === 401 ? 'Unauthorized' : 'InternalError', message },
});

/** A reply for each request in turn; an Error in the list is a network failure. */
export function inTurn(...replies: Array<StubReply | Error>): Responder {
  let next = 0;
  return (request) => {
    const reply = replies[next++];
    if (reply === undefined) return unexpected(request);
    if (reply instanceof Error) throw reply;
    return reply;
  };
}
