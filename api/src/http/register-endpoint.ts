import type { FastifyInstance } from 'fastify';
import { API_VERSION, routePattern } from 'shared-contracts';
import { forbidden, unauthorized } from './api-error';
import { callerOf } from './bearer-auth';
import type { AuthUser, Implementation } from './implement';
import { checkTenant } from './tenant';
import { parsePart } from './validate';

export const urlOf = (impl: Pick<Implementation, 'def'>) => `/${API_VERSION}/${routePattern(impl.def)}`;

/**
 * Registers one contract endpoint. The steps run in a fixed order so a caller learns no more
 * than it may: who you are (401), what your role may do (403), whether the request is well
 * formed (400), whether the ids are yours (404), and only then the handler.
 */
export function registerEndpoint(app: FastifyInstance, impl: Implementation): void {
  const { def } = impl;
  app.route({
    method: def.method,
    url: urlOf(impl),
    handler: async (request) => {
      const user = await callerOf(app, request);
      if (def.roles !== 'public') {
        if (user === null) throw unauthorized();
        if (!def.roles.includes(user.role)) throw forbidden();
      }
      const params = parsePart(def.params, request.params);
      const query = parsePart(def.query, request.query);
      // A POST without a body means "no filters"; the schema fills its defaults.
      const body = parsePart(def.body, request.body ?? {});
      if (user !== null) await checkTenant(app.db, def.tenant, { params, query, body }, user);
      // `user` is null only on public endpoints, whose handler type says so.
      const result = await impl.handler({ params, query, body, user: user as AuthUser, db: app.db, app, request });
      if (def.paged) {
        const { data, total } = result as { data: unknown; total: number };
        return { data, total };
      }
      return { data: result };
    },
  });
}
