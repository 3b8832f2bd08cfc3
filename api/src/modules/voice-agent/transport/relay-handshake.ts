import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { MEDIA_STREAM_PATH, RELAY_PATH } from 'shared-contracts';
import { purposeSecret } from '../../../http/hmac';
import { createLinkSigner } from '../../../http/signed-links';

/** A browser's relay link is good for this long (it is used at once; the session then lives on). */
const BROWSER_LINK_WINDOW_SECONDS = 300;

/** The wss:// URL Twilio is given in TwiML, and which it signs when it opens the session. */
export const relayUrl = (publicApiUrl: string): string => `${publicApiUrl.replace(/^http/, 'ws')}${RELAY_PATH}`;
/** The same for the Media Streams socket (<Connect><Stream>), signed the same way. */
export const mediaStreamUrl = (publicApiUrl: string): string => `${publicApiUrl.replace(/^http/, 'ws')}${MEDIA_STREAM_PATH}`;

/**
 * The key the session handshake's X-Twilio-Signature is made with: Twilio's auth token, or with
 * the simulator (no Twilio account) a key of this server's own, which the simulator's local
 * caller doors hand out with the URL.
 */
export function relaySigningKey(app: FastifyInstance): string {
  return app.config.twilio?.authToken ?? purposeSecret(app.config.tokenSecret, 'relay-simulator');
}

/** The X-Twilio-Signature for a relay URL (a WebSocket handshake has no posted fields). */
export const signRelayUrl = (key: string, url: string): string => twilio.getExpectedTwilioSignature(key, url, {});

export type RelayAdmission =
  | { kind: 'carrier' }
  | { kind: 'browser'; callId: string }
  | { kind: 'refused'; reason: string };

export function browserRelayLinks(app: FastifyInstance) {
  const signer = createLinkSigner(app.config.tokenSecret, 'relay-browser-links', BROWSER_LINK_WINDOW_SECONDS);
  return {
    /** The path and query a USER's browser opens to talk to an agent on this call: the relay's, or the Media Streams socket's. */
    pathFor(callId: string, path: typeof RELAY_PATH | typeof MEDIA_STREAM_PATH = RELAY_PATH): string {
      const { expires, signature } = signer.sign(callId);
      return `${path}?${new URLSearchParams({ callId, expires, signature })}`;
    },
    grants: (callId: string, expires: string, signature: string) => signer.grants(callId, expires, signature),
    windowMs: BROWSER_LINK_WINDOW_SECONDS * 1000,
  };
}

/**
 * Who opened a relay session: the carrier (Twilio, or the simulator playing it), proven by the
 * handshake's X-Twilio-Signature over the URL; or a USER's browser, proven by the signed link
 * that call/start-browser-call gave it, which names the one call it may join.
 */
export function admitRelay(app: FastifyInstance, request: FastifyRequest, links: ReturnType<typeof browserRelayLinks>): RelayAdmission {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature === 'string') {
    const url = `${app.config.publicApiUrl.replace(/^http/, 'ws')}${request.url}`;
    return twilio.validateRequest(relaySigningKey(app), signature, url, {}) ? { kind: 'carrier' } : { kind: 'refused', reason: 'bad signature' };
  }
  const query = request.query as Record<string, unknown>;
  const { callId, expires, signature: linkSignature } = query;
  if (typeof callId === 'string' && typeof expires === 'string' && typeof linkSignature === 'string' && links.grants(callId, expires, linkSignature)) {
    return { kind: 'browser', callId };
  }
  return { kind: 'refused', reason: 'unsigned' };
}
