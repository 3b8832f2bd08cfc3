import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where the API serves the recordings it holds itself; a stored recording URL under it is one of them. */
export const RECORDINGS_PATH = '/v1/recordings';

/** The recording shipped with the product: demo calls and simulated calls play it. */
export const DEMO_RECORDING_PATH = `${RECORDINGS_PATH}/demo-call.mp3`;

/**
 * Links are issued per window of this length and stay valid until the end of the next one
 * (one to two windows): the same link for a whole window, so a page that refetches its calls
 * does not swap the source of a player that is playing.
 */
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
  // A key of its own, so a recording signature can never stand for any other signed value.
  const key = createHmac('sha256', tokenSecret).update('call-recording-links').digest();
  const sign = (callId: string, expires: string) => createHmac('sha256', key).update(`${callId}.${expires}`).digest('base64url');
  return {
    playable(callId, stored) {
      if (stored === null || !stored.startsWith(`${RECORDINGS_PATH}/`)) return stored;
      const window = Math.floor(now() / 1000 / LINK_WINDOW_SECONDS);
      const expires = String((window + 2) * LINK_WINDOW_SECONDS);
      const query = new URLSearchParams({ call: callId, expires, signature: sign(callId, expires) });
      return `${publicApiUrl}${stored}?${query}`;
    },
    grants(callId, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      const expected = Buffer.from(sign(callId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
