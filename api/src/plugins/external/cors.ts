import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_HEADER } from 'shared-contracts';

/**
 * Only the configured browser origins may call the API. Bearer tokens are not cookies, so
 * credentials stay off: a page on another origin gains nothing by being let in.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', CONTRACT_HEADER],
    // A page compares the server's contract fingerprint with its own (decision 3501).
    exposedHeaders: [CONTRACT_HEADER],
    maxAge: 600,
  });
}
