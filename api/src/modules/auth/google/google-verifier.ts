import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { GoogleConfig } from '../../../config';

/** Who Google says signed in. */
export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export class GoogleTokenError extends Error {
  override readonly name = 'GoogleTokenError';
}

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const truthy = (value: unknown) => value === true || value === 'true';

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  if (!response.ok) throw new GoogleTokenError(`${what} refused (${response.status})`);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null) throw new GoogleTokenError(`${what} sent no JSON`);
  return body as Record<string, unknown>;
}

function profileOf(claims: Record<string, unknown>): GoogleProfile {
  const sub = text(claims.sub);
  const email = text(claims.email).toLowerCase();
  if (sub === '' || email === '') throw new GoogleTokenError('token carries no subject or email');
  return {
    sub, email, emailVerified: truthy(claims.email_verified),
    firstName: text(claims.given_name), lastName: text(claims.family_name),
  };
}

/**
 * The two Google flows, checked against Google's own endpoints (each URL configurable, so tests
 * serve their own keys and answers):
 * - code flow: the code is exchanged for an ID token whose RS256 signature (Google's JWKS),
 *   issuer, audience (our client id) and expiry are verified;
 * - implicit flow: the access token is asked about at tokeninfo, which must name our client as
 *   its audience (else a token issued to another app could sign in here) and not be expired.
 */
export function createGoogleVerifier(config: GoogleConfig) {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl));
  const clientId = () => {
    if (!config.clientId) throw new GoogleTokenError('Google sign-in is not configured');
    return config.clientId;
  };

  const verifyIdToken = async (idToken: string): Promise<GoogleProfile> => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, { issuer: ISSUERS, audience: clientId(), algorithms: ['RS256'] });
      return profileOf(payload);
    } catch (err) {
      throw err instanceof GoogleTokenError ? err : new GoogleTokenError(`ID token rejected: ${(err as Error).message}`);
    }
  };

  return {
    configured: () => Boolean(config.clientId && config.clientSecret),
    verifyIdToken,

    async fromCode(code: string, redirectUri: string): Promise<GoogleProfile> {
      const response = await fetch(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code, redirect_uri: redirectUri, grant_type: 'authorization_code',
          client_id: clientId(), client_secret: config.clientSecret ?? '',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const tokens = await json(response, 'code exchange');
      if (typeof tokens.id_token !== 'string') throw new GoogleTokenError('code exchange returned no ID token (is openid in the scopes?)');
      return verifyIdToken(tokens.id_token);
    },

    async fromAccessToken(accessToken: string): Promise<GoogleProfile> {
      const info = await json(await fetch(`${config.tokeninfoUrl}?access_token=${encodeURIComponent(accessToken)}`, {
        signal: AbortSignal.timeout(10_000),
      }), 'tokeninfo');
      if (info.aud !== clientId() && info.azp !== clientId()) throw new GoogleTokenError('access token was issued to another client');
      const expiresIn = Number(info.expires_in);
      if (!(expiresIn > 0)) throw new GoogleTokenError('access token has expired');
      const user = await json(await fetch(config.userinfoUrl, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(10_000),
      }), 'userinfo');
      if (user.sub !== info.sub) throw new GoogleTokenError('userinfo and tokeninfo disagree');
      return profileOf(user);
    },
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
