import type { FastifyRequest } from 'fastify';

/**
 * The app origin the provider sends the buyer back to: the calling page's origin when it is one
 * of the allowed browser origins (so each deployment of the app gets its own pages back),
 * otherwise APP_URL. Never an arbitrary Origin header: that would be an open redirect.
 */
export function appOrigin(request: FastifyRequest, allowed: readonly string[], fallback: string): string {
  const origin = request.headers.origin;
  return typeof origin === 'string' && allowed.includes(origin) ? origin : fallback.replace(/\/+$/, '');
}

