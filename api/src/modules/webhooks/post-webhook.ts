import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, PRIVATE_ADDRESS_TEXT, refusalOf, type AddressPolicy } from './address-policy';

/** How long an endpoint has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is kept on the delivery's log line. */
export const RESPONSE_SNIPPET_CHARS = 500;

export interface PostResult {
  /** Null when no answer came (refused, unreachable, timed out). */
  statusCode: number | null;
  /** The start of the answer's body, or why there was none. */
  response: string;
}

/**
 * Resolves as usual, then refuses private answers: checking here, on the address the socket is
 * about to connect to, leaves no gap for a name that resolves differently a moment later.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) return callback(Object.assign(new Error(PRIVATE_ADDRESS_TEXT), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * POSTs one delivery. Redirects are not followed (a 3xx is a failed attempt, as the endpoint's
 * answer), the answer is read only up to the snippet's length, and the whole attempt is bounded.
 */
export async function postWebhook(url: string, body: string, headers: Record<string, string>, policy: AddressPolicy, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<PostResult> {
  const refusal = await refusalOf(url, policy);
  if (refusal !== null) return { statusCode: null, response: refusal };
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const literal = isIP(target.hostname.replace(/^\[|\]$/g, '')) !== 0;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      ...(policy.allowPrivate || literal ? {} : { lookup: publicOnlyLookup }),
      agent: false,
    }, (response) => {
      let text = '';
      const answer = () => finish({ statusCode: response.statusCode ?? null, response: text.slice(0, RESPONSE_SNIPPET_CHARS) });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        // Enough for the log: the rest of a large answer is not read.
        if (text.length >= RESPONSE_SNIPPET_CHARS) {
          answer();
          response.destroy();
        }
      });
      response.on('end', answer);
      response.on('close', answer);
      response.on('error', answer);
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, response: `No answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      finish({ statusCode: null, response: err.code === 'EPRIVATE' ? PRIVATE_ADDRESS_TEXT : `Could not connect: ${err.code ?? err.message}` });
    });
    request.end(body);
  });
}
