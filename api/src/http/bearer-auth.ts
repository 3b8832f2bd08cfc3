import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiKeySecret, refusedKey } from '../modules/api-key/key-callers';
import type { AuthUser } from './implement';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The caller behind the request's token (a session token or an API key), or null when there is
 * none or a session token is invalid, expired or revoked (the browser then signs in again). An
 * API key that does not work is refused here (401) with why: unknown, revoked or expired.
 */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === undefined) return null;
  if (!isApiKeySecret(token)) return app.auth.authenticate(token);
  const caller = await app.apiKeyCallers.authenticate(token);
  if (typeof caller === 'string') throw refusedKey(caller);
  return caller;
}
