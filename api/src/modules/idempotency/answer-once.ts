import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_IN_PROGRESS_TEXT, IDEMPOTENCY_KEY_REUSED_TEXT, IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeyHeader, RETRY_AFTER_HEADER, type EndpointDef,
} from 'shared-contracts';
import { ApiError, badRequest } from '../../http/api-error';
import { createCredentialCipher } from '../ai-client';
import { claimKey, releaseKey, storeAnswer } from './idempotent-requests';
import { requestFingerprint } from './request-fingerprint';

/**
 * The request's Idempotency-Key, when it sends one to an endpoint that takes it (elsewhere the
 * header is ignored, as a GET ignores it). A malformed key is refused (400) before anything runs.
 */
export function idempotencyKeyOf(def: Pick<EndpointDef, 'idempotent'>, request: FastifyRequest): string | undefined {
  if (def.idempotent !== true) return undefined;
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const parsed = v.safeParse(IdempotencyKeyHeader, header);
  if (!parsed.success) throw badRequest(parsed.issues[0].message);
  return parsed.output;
}

/** Seconds a client is told to wait before retrying a key whose first request is still running. */
const RUNNING_RETRY_AFTER_SECONDS = 1;

/** The sealed answer can be opened only under the same account and key. */
const context = (accountId: string, key: string) => `idempotent-request:${accountId}:${key}`;

export interface IdempotentRequest {
  accountId: string;
  key: string;
  /** The endpoint and its parsed input: what must match for a retry to count as the same request. */
  request: { endpoint: string; params: unknown; query: unknown; body: unknown };
}

/**
 * Runs `respond` once per account and key within the window and answers every retry of the same
 * request with the first answer (status and body), marked `Idempotent-Replayed: true`. The same
 * key with another request is a 409; a retry while the first still runs is a 409 with Retry-After
 * (decision 3003). Only a success is kept: a failed create created nothing, so it may be retried.
 */
export async function answerOnce(
  app: FastifyInstance,
  reply: FastifyReply,
  { accountId, key, request }: IdempotentRequest,
  respond: () => Promise<unknown>,
): Promise<unknown> {
  const cipher = createCredentialCipher(app.config.credentialsKey);
  const claim = await claimKey(app.db, accountId, key, requestFingerprint(request));
  switch (claim.kind) {
    case 'reused':
      throw new ApiError(409, 'Conflict', IDEMPOTENCY_KEY_REUSED_TEXT);
    case 'running':
      reply.header(RETRY_AFTER_HEADER, String(RUNNING_RETRY_AFTER_SECONDS));
      throw new ApiError(409, 'Conflict', IDEMPOTENCY_KEY_IN_PROGRESS_TEXT);
    case 'answered':
      reply.code(claim.statusCode).type('application/json; charset=utf-8').header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return cipher.decrypt(claim.responseSealed, context(accountId, key));
    case 'claimed':
      break;
  }

  let answer: unknown;
  try {
    answer = await respond();
  } catch (error) {
    await releaseKey(app.db, accountId, key, claim.attempt).catch((err: unknown) =>
      app.log.warn({ err }, 'an Idempotency-Key of a failed create could not be let go; it frees itself later'));
    throw error;
  }
  const text = JSON.stringify(answer);
  // The create is done: a failure to remember it must not turn its answer into an error the client retries.
  await storeAnswer(app.db, accountId, key, claim.attempt, reply.statusCode, cipher.encrypt(text, context(accountId, key)))
    .catch((err: unknown) => app.log.warn({ err }, 'the answer to an Idempotency-Key could not be stored'));
  return answer;
}
