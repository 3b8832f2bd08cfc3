import type { FastifyRequest } from 'fastify';
import type { LimitKeys } from '../rate-limit';

/** The keys one attempt counts against: the account it targets and the caller's address. */
export const limitKeys = (scope: string, account: string | null, request: FastifyRequest): LimitKeys => ({
  scope, account, ip: request.ip,
});
