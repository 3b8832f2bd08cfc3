import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { SOCKET_CLOSE_SERVER_RESTART } from 'shared-contracts';

/** Client frames are small JSON messages; a 64 KiB cap stops one socket from eating memory. */
export async function registerWebsocket(app: FastifyInstance): Promise<void> {
  // As soon as the instance starts stopping (before the plugin's own close hook), it tells each
  // browser to reconnect at once, which the load balancer sends to an instance still running.
  app.stopping.onStop(() => {
    for (const client of app.websocketServer.clients) client.close(SOCKET_CLOSE_SERVER_RESTART, 'Server restarting');
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}
