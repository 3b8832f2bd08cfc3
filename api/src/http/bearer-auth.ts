import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from './implement';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The caller behind the request's token, or null when it is missing, invalid, expired or revoked. */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerToken(request);
  return token === undefined ? null : app.auth.authenticate(token);
}
