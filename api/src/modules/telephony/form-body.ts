import type { FastifyInstance } from 'fastify';

/**
 * Twilio posts its webhooks as application/x-www-form-urlencoded. Parsed here, in the webhook
 * routes' own scope, into a flat record (the shape its signature is computed over).
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
