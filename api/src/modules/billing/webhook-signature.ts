import { createHmac, timingSafeEqual } from 'node:crypto';

/** Deliveries older than this are refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function signWebhook(secret: string, rawBody: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`)}`;
}

export function verifyWebhookSignature(secret: string, rawBody: string, header: string | undefined, now: Date = new Date()): boolean {
  if (header === undefined) return false;
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, `${t}.${rawBody}`), 'hex');
  return parts.some(([k, value]) => {
    if (k !== 'v1' || value === undefined || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
