import type { FastifyInstance } from 'fastify';
import { API_VERSION } from 'shared-contracts';
import { implementations } from '../modules';
import { apiReferenceRoutes } from './api-reference';
import { buildOpenApi } from './openapi';
import { READINESS_PATH, readinessRoute } from './readiness';
import { registerEndpoint } from './register-endpoint';

const HEALTH_DOC = {
  [`/${API_VERSION}/health`]: {
    get: { operationId: 'health', summary: 'Liveness: the process answers (readiness is /ready)', responses: { 200: { description: 'OK' } } },
  },
  [READINESS_PATH]: {
    get: {
      operationId: 'ready',
      summary: 'Readiness: the database and, when configured, Redis answer and the instance is not stopping',
      responses: { 200: { description: 'Ready' }, 503: { description: 'Not ready, with the reasons' } },
    },
  },
};

/** Every HTTP route: the implemented contract endpoints plus health, the OpenAPI document and the public API's reference. */
export async function httpRoutes(app: FastifyInstance): Promise<void> {
  for (const impl of implementations) registerEndpoint(app, impl);

  // Liveness only: a database outage must not get every instance restarted. Whether this instance
  // can serve (database, Redis) is the readiness check's question.
  app.get(`/${API_VERSION}/health`, async () => ({ data: { status: 'ok' } }));

  await readinessRoute(app);

  let openApi: Record<string, unknown> | undefined;
  app.get(`/${API_VERSION}/openapi.json`, async () => (openApi ??= buildOpenApi(HEALTH_DOC)));
  await apiReferenceRoutes(app);
}
