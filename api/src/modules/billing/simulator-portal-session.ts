import { hmac, macMatches, purposeKey } from '../../http/hmac';

export const SIMULATOR_PORTAL_BASE = '/v1/billing/simulator/portal';
/** A portal link is for one visit, as Stripe's are: it stops working after an hour. */
const PORTAL_SESSION_TTL_MS = 60 * 60 * 1000;

export interface PortalSession { accountId: string; returnUrl: string; expiresAt: number }

const mac = (tokenSecret: string, payload: string) => hmac(purposeKey(tokenSecret, 'billing-portal-session'), payload);

/**
 * The simulated portal's session id: the account, the way back and the expiry, signed. Like a
 * Stripe portal URL it is the visitor's capability (the page holds no API token).
 */
export function signPortalSession(tokenSecret: string, accountId: string, returnUrl: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ accountId, returnUrl, expiresAt: now + PORTAL_SESSION_TTL_MS })).toString('base64url');
  return `bps_sim_${payload}.${mac(tokenSecret, payload)}`;
}

export function verifyPortalSession(tokenSecret: string, id: string, now = Date.now()): PortalSession | null {
  const match = /^bps_sim_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(id);
  if (match === null) return null;
  const [, payload, signature] = match as unknown as [string, string, string];
  if (!macMatches(signature, mac(tokenSecret, payload))) return null;
  try {
    const session = JSON.parse(Buffer.from(payload, 'base64url').toString()) as PortalSession;
    return typeof session.accountId === 'string' && typeof session.returnUrl === 'string' && session.expiresAt > now ? session : null;
  } catch {
    return null;
  }
}
