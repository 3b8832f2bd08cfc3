import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart bodies (uploads). The plugin's default per-file limit is 1 MiB and it does not cap
 * the request as a whole, so both are set here; each endpoint narrows the file size to its
 * contract's limit when it reads the file (http/read-upload.ts).
 */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
}
