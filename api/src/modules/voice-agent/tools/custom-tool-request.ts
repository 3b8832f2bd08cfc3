import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { CUSTOM_TOOL_MAX_RESPONSE_BYTES, CUSTOM_TOOL_TIMEOUT_MS, type CustomToolValue } from 'shared-contracts';
import { publicOnlyLookup, refusalOf, signatureHeader, type AddressPolicy } from '../../webhooks';
import type { CustomToolArgs } from './custom-tool-args';

/** The header a business's endpoint verifies, as it does our webhooks' `X-Webhook-Signature`. */
export const TOOL_SIGNATURE_HEADER = 'x-tool-signature';
/** How much of an answer "Try it" shows. */
const EXCERPT_CHARS = 2_000;

export const TOO_LARGE_TEXT = `The answer is larger than ${CUSTOM_TOOL_MAX_RESPONSE_BYTES / 1024} KB`;
export const NOT_READABLE_TEXT = 'The answer is not text or JSON';
export const BAD_JSON_TEXT = 'The answer says it is JSON but is not valid JSON';
export const REDIRECT_TEXT = 'The endpoint answered with a redirect, which is not followed';
export const timedOutText = (ms: number) => `No answer within ${ms / 1000} s`;

/** How one request to a custom tool's endpoint went. */
export interface CustomToolAnswer {
  outcome: 'ok' | 'error' | 'timeout';
  /** Null when no answer came (refused, unreachable, timed out). */
  httpStatus: number | null;
  durationMs: number;
  /** What the model reads: the JSON compacted, or the text; empty when there was nothing usable. */
  text: string;
  /** The start of the body as it came, for "Try it". */
  excerpt: string;
  /** Why the answer cannot be used, or null when it can. */
  error: string | null;
}

export interface CustomToolRequest {
  tool: Pick<CustomToolValue, 'name' | 'url' | 'method'>;
  args: CustomToolArgs;
  /** The call it is made for; null for "Try it". */
  callId: string | null;
  /** The agent's signing secret; null when it has none yet (the request goes unsigned). */
  secret: string | null;
  policy: AddressPolicy;
  timeoutMs?: number;
  now?: () => Date;
}

/**
 * What is signed: a POST's JSON body, or a GET's query string (the arguments). The signature is
 * the webhooks' own, `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`.
 */
function requestOf(input: CustomToolRequest): { url: URL; payload: string; body: string | null } {
  const url = new URL(input.tool.url);
  if (input.tool.method === 'GET') {
    for (const [key, value] of Object.entries(input.args)) url.searchParams.set(key, String(value));
    return { url, payload: url.search.slice(1), body: null };
  }
  const body = JSON.stringify({ tool: input.tool.name, arguments: input.args, callId: input.callId });
  return { url, payload: body, body };
}

/** Connections to tools' endpoints are kept open between calls: a turn does not pay a TCP (and
 *  TLS) handshake. The public-only lookup is an agent's own, so a socket is always checked when
 *  it connects, and a socket opened without the check is never handed to a request that needs it. */
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 };
const agents = {
  http: { open: new http.Agent(agentOptions), publicOnly: new http.Agent({ ...agentOptions, lookup: publicOnlyLookup }) },
  https: { open: new https.Agent(agentOptions), publicOnly: new https.Agent({ ...agentOptions, lookup: publicOnlyLookup }) },
};

const isJson = (type: string) => /^application\/([\w.+-]*\+)?json\b/i.test(type);
const looksLikeHtml = (text: string) => /^\s*<(!doctype|html|head|body)\b/i.test(text);

/** The answer the model may read, or why it may not. */
export function readToolAnswer(status: number, contentType: string, text: string): Pick<CustomToolAnswer, 'text' | 'error'> {
  if (status >= 300 && status < 400) return { text: '', error: REDIRECT_TEXT };
  if (status < 200 || status >= 300) return { text: '', error: `The endpoint answered with HTTP ${status}` };
  const type = contentType.split(';')[0]!.trim();
  if (isJson(type) || (type === '' && /^\s*[[{]/.test(text))) {
    try {
      return { text: text.trim() === '' ? '' : JSON.stringify(JSON.parse(text)), error: null };
    } catch {
      return { text: '', error: BAD_JSON_TEXT };
    }
  }
  if ((type === '' || /^text\/plain$/i.test(type)) && !looksLikeHtml(text)) return { text: text.trim(), error: null };
  return { text: '', error: NOT_READABLE_TEXT };
}

/**
 * Sends one signed request to a custom tool's endpoint. The address policy of webhooks applies
 * (checked on the URL, and again on the address the socket connects to); redirects are not
 * followed; no more than CUSTOM_TOOL_MAX_RESPONSE_BYTES of the answer is read (a larger one is
 * refused, not cut, so the model never reads half a JSON); and the whole attempt, lookup
 * included, ends by the timeout. It never throws: every failure is an answer with its reason.
 */
export async function requestCustomTool(input: CustomToolRequest): Promise<CustomToolAnswer> {
  const timeoutMs = input.timeoutMs ?? CUSTOM_TOOL_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, httpStatus: number | null = null, excerpt = ''): CustomToolAnswer =>
    ({ outcome: 'error', httpStatus, durationMs: elapsed(), text: '', excerpt, error });

  let request: ReturnType<typeof requestOf>;
  try {
    request = requestOf(input);
  } catch {
    return failed('Endpoint URL must be a valid URL');
  }
  const { url, payload, body } = request;
  const timedOut = (): CustomToolAnswer => ({ outcome: 'timeout', httpStatus: null, durationMs: elapsed(), text: '', excerpt: '', error: timedOutText(timeoutMs) });

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs); });
  try {
    const refusal = await Promise.race([refusalOf(url.toString(), input.policy), deadline]);
    if (refusal === 'timeout') return timedOut();
    if (refusal !== null) return failed(refusal);
    return await new Promise<CustomToolAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: CustomToolAnswer) => {
        if (settled) return;
        settled = true;
        resolve(answer);
      };
      const unixSeconds = Math.floor((input.now?.() ?? new Date()).getTime() / 1000);
      const headers: Record<string, string> = {
        accept: 'application/json, text/plain',
        'user-agent': 'voice-agent-custom-tool',
        'x-tool-name': input.tool.name,
        ...(input.secret === null ? {} : { [TOOL_SIGNATURE_HEADER]: signatureHeader(input.secret, payload, unixSeconds) }),
        ...(body === null ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() }),
      };
      const literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
      const [client, pool] = url.protocol === 'https:' ? [https, agents.https] : [http, agents.http];
      const agent = input.policy.allowPrivate || literal ? pool.open : pool.publicOnly;
      const send = (retry: boolean) => client.request(url, { method: input.tool.method, headers, agent }, (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const declared = Number(response.headers['content-length'] ?? NaN);
        if (declared > CUSTOM_TOOL_MAX_RESPONSE_BYTES) {
          response.destroy();
          finish(failed(TOO_LARGE_TEXT, status));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          // The rest of a large answer is not read.
          if (size > CUSTOM_TOOL_MAX_RESPONSE_BYTES) {
            response.destroy();
            finish(failed(TOO_LARGE_TEXT, status, Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS)));
          }
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const read = readToolAnswer(status, contentType, text);
          finish({
            outcome: read.error === null ? 'ok' : 'error', httpStatus: status, durationMs: elapsed(),
            text: read.text, excerpt: text.slice(0, EXCERPT_CHARS), error: read.error,
          });
        });
        response.on('error', () => finish(failed('The answer was cut off', status)));
        response.on('close', () => finish(failed('The answer was cut off', status)));
      }).on('error', function (this: http.ClientRequest, err: NodeJS.ErrnoException) {
        // A kept-open connection the endpoint closed while idle fails before anything was read:
        // the request is sent once more, on a new connection.
        if (retry && this.reusedSocket && err.code === 'ECONNRESET') {
          outgoing = send(false);
          outgoing.end(body ?? undefined);
          return;
        }
        finish(failed(err.code === 'EPRIVATE' ? err.message : `Could not connect: ${err.code ?? err.message}`));
      });
      let outgoing = send(true);
      void deadline.then(() => {
        outgoing.destroy();
        finish(timedOut());
      });
      outgoing.end(body ?? undefined);
    });
  } finally {
    clearTimeout(timer);
  }
}
