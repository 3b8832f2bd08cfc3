import { hmac, macMatches, purposeKey, type KeyPurpose } from './hmac';

/**
 * Links that open one thing for a while without a bearer token (an audio element, the telephony
 * provider fetching a file): `expires` and an HMAC of the subject and the expiry, with a key of
 * the purpose's own so a signature for one kind of link never stands for another.
 * Links are issued per window and stay valid until the end of the next one (one to two windows):
 * the same link for a whole window, so a page that refetches does not swap a playing source.
 */
export interface LinkSigner {
  /** `expires` and `signature` for the subject, to add to a URL's query. */
  sign(subject: string): { expires: string; signature: string };
  /** Whether `signature` grants the subject until `expires` (unix seconds), and that is not past. */
  grants(subject: string, expires: string, signature: string): boolean;
}

export function createLinkSigner(tokenSecret: string, purpose: KeyPurpose, windowSeconds: number, now: () => number = Date.now): LinkSigner {
  const key = purposeKey(tokenSecret, purpose);
  const mac = (subject: string, expires: string) => hmac(key, `${subject}.${expires}`);
  return {
    sign(subject) {
      const window = Math.floor(now() / 1000 / windowSeconds);
      const expires = String((window + 2) * windowSeconds);
      return { expires, signature: mac(subject, expires) };
    },
    grants(subject, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      return macMatches(signature, mac(subject, expires));
    },
  };
}
