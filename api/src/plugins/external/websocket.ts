import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/** Client frames are small JSON messages; a 64 KiB cap stops one socket from eating memory. */
export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}
