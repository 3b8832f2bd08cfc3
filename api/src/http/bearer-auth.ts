import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiKeySecret } from '../modules/api-key/key-callers';
import type { AuthUser } from './implement';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * The caller behind the request's token (a session token or an API key), or null when it is
 * missing, invalid, expired or revoked.
 */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === undefined) return null;
  return isApiKeySecret(token) ? app.apiKeyCallers.authenticate(token) : app.auth.authenticate(token);
}
