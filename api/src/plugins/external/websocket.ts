import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE_SERVER_RESTART } from 'shared-contracts';

/**
 * Client frames are small JSON messages; a 64 KiB cap stops one socket from eating memory.
 * Every socket (the realtime socket, the call relay, the simulator's voice) is pinged every
 * `pingIntervalMs`; one that has not answered the previous ping is terminated, so a client that
 * vanished without closing (a laptop lid, a dropped network) does not hold a connection and a
 * room seat for ever. Browsers, Twilio and the `ws` library answer pings on their own.
 */
export async function registerWebsocket(app: FastifyInstance, pingIntervalMs: number): Promise<void> {
  // As soon as the instance starts stopping (before the plugin's own close hook), it tells each
  // browser to reconnect at once, which the load balancer sends to an instance still running.
  app.stopping.onStop(() => {
    for (const client of app.websocketServer.clients) client.close(SOCKET_CLOSE_SERVER_RESTART, 'Server restarting');
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  const answered = new WeakSet<WebSocket>();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    answered.add(socket);
    socket.on('pong', () => answered.add(socket));
  });
  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!answered.has(socket)) {
        socket.terminate();
        continue;
      }
      answered.delete(socket);
      socket.ping();
    }
  }, pingIntervalMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
}
