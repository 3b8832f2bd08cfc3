import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import {
  CONTRACT_HEADER, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, RETRY_AFTER_HEADER,
} from 'shared-contracts';

/**
 * Only the configured browser origins may call the API. Bearer tokens are not cookies, so
 * credentials stay off: a page on another origin gains nothing by being let in.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', CONTRACT_HEADER, IDEMPOTENCY_KEY_HEADER],
    // A page compares the server's contract fingerprint with its own (decision 3501).
    // A script reads its quota, when to retry, and whether an answer was repeated for its Idempotency-Key.
    exposedHeaders: [CONTRACT_HEADER, RATE_LIMIT_POLICY_HEADER, RATE_LIMIT_HEADER, RETRY_AFTER_HEADER, IDEMPOTENT_REPLAYED_HEADER],
    maxAge: 600,
  });
}
