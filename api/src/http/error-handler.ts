import type { FastifyError, FastifyInstance } from 'fastify';
import { SERVICE_UNAVAILABLE_TEXT, type ApiErrorBody } from 'shared-contracts';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ApiError, INTERNAL_ERROR_TEXT, NOT_FOUND_TEXT, typeForStatus } from './api-error';
import { skewedRefusal } from './contract-skew';

/**
 * The one place an error becomes a response. 4xx bodies tell the client what to fix;
 * 5xx bodies say nothing about the cause (stack traces and SQL help attackers, not users)
 * and the cause goes to the log instead.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      const answer = skewedRefusal(request, error) ?? error;
      return reply.status(answer.statusCode).send(answer.body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { type: typeForStatus(status), message: error.message };
      return reply.status(status).send(body);
    }
    // The database is stopped or out of reach: nothing is wrong with the request, and it may
    // work in a moment. A 503 says so (and a load balancer may retry it elsewhere).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const body: ApiErrorBody = { type: 'ServiceUnavailable', message: SERVICE_UNAVAILABLE_TEXT };
      return reply.status(503).header('retry-after', '5').send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const body: ApiErrorBody = { type: 'InternalError', message: INTERNAL_ERROR_TEXT };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((_request, reply) => {
    const body: ApiErrorBody = { type: 'NotFound', message: NOT_FOUND_TEXT };
    return reply.status(404).send(body);
  });
}
