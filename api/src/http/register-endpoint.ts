import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_NOT_ALLOWED_TEXT, API_VERSION, routePattern } from 'shared-contracts';
import { tooManyKeyRequests } from '../modules/api-key/key-callers';
import { ApiError, forbidden, unauthorized } from './api-error';
import { callerOf } from './bearer-auth';
import type { AuthUser, Implementation } from './implement';
import { checkTenant } from './tenant';
import { readUpload } from './read-upload';
import { parsePart } from './validate';

export const urlOf = (impl: Pick<Implementation, 'def'>) => `/${API_VERSION}/${routePattern(impl.def)}`;

/**
 * Registers one contract endpoint. The steps run in a fixed order so a caller learns no more
 * than it may: who you are (401), for an API key its rate (429) and whether keys may call this
 * endpoint (403), what your role may do (403), whether the request is well formed (400), whether
 * the ids are yours (404), and only then the handler.
 */
export function registerEndpoint(app: FastifyInstance, impl: Implementation): void {
  const { def } = impl;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await callerOf(app, request);
    if (user?.apiKeyId !== undefined) {
      const waitSeconds = await app.apiKeyCallers.countRequest(user.apiKeyId);
      if (waitSeconds !== null) {
        reply.header('retry-after', String(waitSeconds));
        throw tooManyKeyRequests(waitSeconds);
      }
      // Sign-in, security, keys and billing stay out of a key's reach, whatever its user may do.
      if (def.publicApi !== true) throw new ApiError(403, 'Forbidden', API_KEY_NOT_ALLOWED_TEXT);
    }
    if (def.roles !== 'public') {
      if (user === null) throw unauthorized();
      if (!def.roles.includes(user.role)) throw forbidden();
    }
    const params = parsePart(def.params, request.params);
    const query = parsePart(def.query, request.query);
    // A POST without a body means "no filters"; the schema fills its defaults.
    const body = parsePart(def.body, def.multipart ? await readUpload(request, def.body) : request.body ?? {});
    if (user !== null) await checkTenant(app.db, def.tenant, { params, query, body }, user);
    // `user` is null only on public endpoints, whose handler type says so.
    const result = await impl.handler({ params, query, body, user: user as AuthUser, db: app.db, app, request });
    if (def.paged) {
      const { data, total } = result as { data: unknown; total: number };
      return { data, total };
    }
    return { data: result };
  };
  app.route({ method: def.method, url: urlOf(impl), handler });
  // A path the spec spells with stray trailing whitespace (ai-client/get-all-clients) is also
  // answered as sent with it, URL-encoded (`%20`): the router matches a literal space to it.
  const trailing = def.path.slice(def.path.trimEnd().length);
  if (trailing !== '') app.route({ method: def.method, url: `${urlOf(impl)}${trailing}`, handler });
}
