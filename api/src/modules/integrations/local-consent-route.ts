import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { INTEGRATION_AUTH_TYPE_BY_PROVIDER, IntegrationProviderSchema } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { LOCAL_CONSENT_PATH, localCodePrefix } from './connector';

const Query = v.object({
  provider: IntegrationProviderSchema,
  redirect_uri: v.pipe(v.string('redirect_uri is required'), v.url('redirect_uri must be a URL')),
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/**
 * The local connector's OAuth consent page: it approves at once and sends the browser back to
 * the app with a code, as Google's or Microsoft's consent would. Only back to the app's own
 * origins (never an open redirect), and never in production.
 */
export async function localConsentRoute(app: FastifyInstance): Promise<void> {
  if (app.config.nodeEnv === 'production') return;
  const allowed = new Set([...app.config.corsOrigins, app.config.appUrl].map((o) => new URL(o).origin));
  app.get(LOCAL_CONSENT_PATH, async (request, reply) => {
    const parsed = v.safeParse(Query, request.query);
    if (!parsed.success) throw badRequest(parsed.issues[0].message);
    const { provider, redirect_uri: redirectUri, state } = parsed.output;
    if (INTEGRATION_AUTH_TYPE_BY_PROVIDER[provider] !== 'oauth') throw badRequest('This integration connects with an API key');
    const target = new URL(redirectUri);
    if (!allowed.has(target.origin)) throw badRequest('redirect_uri must be this app\'s address');
    target.searchParams.set('code', `${localCodePrefix(provider)}${randomBytes(12).toString('hex')}`);
    if (state !== undefined) target.searchParams.set('state', state);
    return reply.redirect(target.toString());
  });
}
