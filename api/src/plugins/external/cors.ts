import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Only the configured browser origins may call the API. Bearer tokens are not cookies, so
 * credentials stay off: a page on another origin gains nothing by being let in.
 */
export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
}
