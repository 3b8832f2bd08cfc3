import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (helmet's defaults: nosniff, frame and referrer rules, HSTS, a
 * Content Security Policy for the few HTML pages the API serves). Two changes to the defaults:
 * - forms on those pages post to the API and then return the browser to the web app (any of
 *   its configured origins);
 * - resources may be read from the same site, so the web app on its own port can play the
 *   API's audio (media routes that other sites may embed set their own policy).
 * JSON is never stored by a browser or a proxy: it carries one account's data.
 */
export async function registerSecurityHeaders(app: FastifyInstance, returnOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { formAction: ["'self'", ...returnOrigins] } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
