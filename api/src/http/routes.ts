import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_VERSION } from 'shared-contracts';
import { implementations } from '../modules';
import { apiReferenceRoutes } from './api-reference';
import { buildOpenApi } from './openapi';
import { registerEndpoint } from './register-endpoint';

const HEALTH_DOC = {
  [`/${API_VERSION}/health`]: {
    get: { operationId: 'health', summary: 'Liveness: the server and its database answer', responses: { 200: { description: 'OK' } } },
  },
};

/** Every HTTP route: the implemented contract endpoints plus health, the OpenAPI document and the public API's reference. */
export async function httpRoutes(app: FastifyInstance): Promise<void> {
  for (const impl of implementations) registerEndpoint(app, impl);

  app.get(`/${API_VERSION}/health`, async () => {
    // A health check that never touches the database would report "ok" while every request fails.
    await app.db.execute(sql`select 1`);
    return { data: { status: 'ok' } };
  });

  let openApi: Record<string, unknown> | undefined;
  app.get(`/${API_VERSION}/openapi.json`, async () => (openApi ??= buildOpenApi(HEALTH_DOC)));
  await apiReferenceRoutes(app);
}
