import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PATH as REFERENCE, API_VERSION } from 'shared-contracts';
import { buildOpenApi } from './openapi';

/** Where the interactive reference of the public API is served; its document is at `<this>/json`. */
export const API_REFERENCE_PATH = `/${API_VERSION}/${REFERENCE}`;

/**
 * The public API's interactive reference (Swagger UI), generated from the contract table's
 * public endpoints; its introduction points to the typed client package, api-client
 * (API_CLIENT_DESCRIPTION). Its scripts and styles are served from the package, never from a CDN, so the
 * page works offline and under the API's Content Security Policy (scripts from 'self' only).
 */
export async function apiReferenceRoutes(app: FastifyInstance): Promise<void> {
  // In its own scope: the `swagger` decorator and its routes stay out of the rest of the API.
  await app.register(async (scope) => {
    await scope.register(swagger, { mode: 'static', specification: { document: buildOpenApi({}, { publicOnly: true }) as never } });
    await scope.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      // The public validator badge would call a third-party site with our document; the top bar
      // (the plugin's logo and a box to load any other document) is not ours to show.
      uiConfig: { layout: 'BaseLayout', validatorUrl: null, persistAuthorization: false, tryItOutEnabled: true, displayOperationId: false },
    });
  });
}
