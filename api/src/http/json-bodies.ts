import type { FastifyInstance } from 'fastify';
import { INPUT_NESTING_TEXT, jsonNestedTooDeeply } from 'shared-contracts';
import { badRequest } from './api-error';

/**
 * JSON bodies, read by Fastify's own parser (it refuses prototype poisoning) once one pass over the
 * text has found them no deeper than the contracts' bound: a body nested thousands deep is
 * refused before anything decodes or walks it. Set on the root, so every route has it; a scope
 * that must see a body's exact bytes (a signed webhook) replaces it there.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const decode = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestedTooDeeply(body as string)) return done(badRequest(INPUT_NESTING_TEXT), undefined);
    decode(request, body as string, done);
  });
}
