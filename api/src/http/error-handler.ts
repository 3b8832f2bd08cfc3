import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from 'shared-contracts';
import { ApiError, INTERNAL_ERROR_TEXT, NOT_FOUND_TEXT, typeForStatus } from './api-error';

/**
 * The one place an error becomes a response. 4xx bodies tell the client what to fix;
 * 5xx bodies say nothing about the cause (stack traces and SQL help attackers, not users)
 * and the cause goes to the log instead.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.body);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const body: ApiErrorBody = { type: typeForStatus(status), message: error.message };
      return reply.status(status).send(body);
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
