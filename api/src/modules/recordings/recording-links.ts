import { createLinkSigner } from '../../http/signed-links';

/** Where the API serves the recordings it holds itself; a stored recording URL under it is one of them. */
export const RECORDINGS_PATH = '/v1/recordings';

/** The recording shipped with the product: demo calls and simulated calls play it. */
export const DEMO_RECORDING_PATH = `${RECORDINGS_PATH}/demo-call.mp3`;

/** How long a link is issued for (http/signed-links.ts: valid for one to two windows). */
export const LINK_WINDOW_SECONDS = 60 * 60;

export interface RecordingLinks {
  /**
   * The URL a browser plays a call's recording from: one this API serves becomes a signed,
   * expiring link for that call (an audio element cannot send a bearer token); a provider's
   * URL is answered as stored.
   */
  playable(callId: string, stored: string | null): string | null;
  /** Whether `signature` grants the call's recording until `expires` (unix seconds), and that is not past. */
  grants(callId: string, expires: string, signature: string): boolean;
}

export function createRecordingLinks(tokenSecret: string, publicApiUrl: string, now: () => number = Date.now): RecordingLinks {
  const signer = createLinkSigner(tokenSecret, 'call-recording-links', LINK_WINDOW_SECONDS, now);
  return {
    playable(callId, stored) {
      if (stored === null || !stored.startsWith(`${RECORDINGS_PATH}/`)) return stored;
      return `${publicApiUrl}${stored}?${new URLSearchParams({ call: callId, ...signer.sign(callId) })}`;
    },
    grants: (callId, expires, signature) => signer.grants(callId, expires, signature),
  };
}
