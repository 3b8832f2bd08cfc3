import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a key derived from the server secret is for. Each purpose has a key of its own, so a MAC
 * made for one (a recording link, a portal session, a one-time code) never verifies for another,
 * and the server secret itself signs nothing.
 */
export type KeyPurpose =
  | 'call-recording-links' | 'voicemail-links' | 'relay-browser-links' | 'relay-simulator'
  | 'billing-simulator-webhook' | 'billing-portal-session' | 'one-time-codes';

/** HMAC-SHA256 of `message` under `key`. */
export const hmac = (key: string | Buffer, message: string, encoding: 'base64url' | 'hex' = 'base64url'): string =>
  createHmac('sha256', key).update(message).digest(encoding);

/** The purpose's key, derived from the server secret. */
export const purposeKey = (serverSecret: string, purpose: KeyPurpose): Buffer =>
  createHmac('sha256', serverSecret).update(`key:${purpose}`).digest();

/** The purpose's key as text, for a library that takes its secret as a string (Twilio's, Stripe's). */
export const purposeSecret = (serverSecret: string, purpose: KeyPurpose): string => purposeKey(serverSecret, purpose).toString('base64url');

/** Whether a MAC someone sent is the expected one, compared in constant time. */
export function macMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
