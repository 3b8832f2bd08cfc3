import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_NOT_ALLOWED_TEXT, API_VERSION, routePattern } from 'shared-contracts';
import { tooManyKeyRequests } from '../modules/api-key/key-callers';
import { sendRateLimitHeaders } from '../modules/api-key/rate-limit-headers';
import { answerOnce, idempotencyKeyOf } from '../modules/idempotency';
import { ApiError, forbidden, unauthorized } from './api-error';
import { callerOf } from './bearer-auth';
import type { AuthUser, Implementation } from './implement';
import { checkTenant } from './tenant';
import { readUpload } from './read-upload';
import { parsePart } from './validate';

export const urlOf = (impl: Pick<Implementation, 'def'>) => `/${API_VERSION}/${routePattern(impl.def)}`;

/**
 * Registers one contract endpoint. The steps run in a fixed order so a caller learns no more
 * than it may: who you are (401), for an API key its rate (429, every answer to a key carrying
 * its RateLimit headers) and whether keys may call this endpoint (403), what your role may do
 * (403), whether the request is well formed (400, the Idempotency-Key included), whether the ids
 * are yours (404), and only then the handler: once per Idempotency-Key on a create.
 */
export function registerEndpoint(app: FastifyInstance, impl: Implementation): void {
  const { def } = impl;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await callerOf(app, request);
    if (user?.apiKeyId !== undefined) {
      const rate = await app.apiKeyCallers.countRequest(user.apiKeyId);
      // Set before anything can fail, so every answer to a key (errors too) shows its quota.
      sendRateLimitHeaders(reply, app.config.apiKeyRateLimit, rate);
      if (rate.refused) throw tooManyKeyRequests(rate.resetSeconds);
      // Sign-in, security, keys and billing stay out of a key's reach, whatever its user may do.
      if (def.publicApi !== true) throw new ApiError(403, 'Forbidden', API_KEY_NOT_ALLOWED_TEXT);
    }
    if (def.roles !== 'public') {
      if (user === null) throw unauthorized();
      if (!def.roles.includes(user.role)) throw forbidden();
    }
    const idempotencyKey = idempotencyKeyOf(def, request);
    const params = parsePart(def.params, request.params);
    const query = parsePart(def.query, request.query);
    // A POST without a body means "no filters"; the schema fills its defaults.
    const body = parsePart(def.body, def.multipart ? await readUpload(request, def.body) : request.body ?? {});
    if (user !== null) await checkTenant(app.db, def.tenant, { params, query, body }, user);
    const respond = async () => {
      // `user` is null only on public endpoints, whose handler type says so.
      const result = await impl.handler({ params, query, body, user: user as AuthUser, db: app.db, app, request });
      if (def.paged) {
        const { data, total } = result as { data: unknown; total: number };
        return { data, total };
      }
      return { data: result };
    };
    if (idempotencyKey === undefined || user === null) return respond();
    const scope = { endpoint: `${def.method} ${def.path}`, params, query, body };
    return answerOnce(app, reply, { accountId: user.accountId, key: idempotencyKey, request: scope }, respond);
  };
  app.route({ method: def.method, url: urlOf(impl), handler });
  // A path the spec spells with stray trailing whitespace (ai-client/get-all-clients) is also
  // answered as sent with it, URL-encoded (`%20`): the router matches a literal space to it.
  const trailing = def.path.slice(def.path.trimEnd().length);
  if (trailing !== '') app.route({ method: def.method, url: `${urlOf(impl)}${trailing}`, handler });
}
