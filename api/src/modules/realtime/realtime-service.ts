import type { WebSocket } from 'ws';
import type { ServerMessage } from 'shared-contracts';
import { servicePlugin } from '../../plugins/service-plugin';
import { Rooms } from './rooms';
import { openRedisChannel } from '../../plugins/redis-channel';

export interface RealtimeService {
  /** Adds a socket to its account's room; returns the function that removes it. */
  join(accountId: string, socket: WebSocket): () => void;
  /** Sends a message to every socket of the account, on every API instance; never throws. */
  broadcast(accountId: string, message: ServerMessage): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeService;
  }
}

const CHANNEL = 'realtime:v1:broadcast';

/** One process: the room is all there is. */
export function createLocalRealtime(): RealtimeService {
  const rooms = new Rooms();
  return {
    join: (accountId, socket) => rooms.join(accountId, socket),
    async broadcast(accountId, message) {
      rooms.deliver(accountId, JSON.stringify(message));
    },
    async close() {},
  };
}

/**
 * Several processes: a broadcast goes through Redis pub/sub and every instance (this one too)
 * delivers it to its own sockets, so an agent on instance A sees a status set on instance B.
 * While Redis does not answer, a broadcast still reaches this instance's sockets (the other
 * instances' sockets miss it, and the clients' next reads catch up), and it never throws: the
 * change it announces is already made, and the request that made it must not fail for it.
 */
export async function createRedisRealtime(url: string, onError: (err: unknown) => void): Promise<RealtimeService> {
  const rooms = new Rooms();
  const channel = await openRedisChannel<{ accountId: string; frame: string }>(url, CHANNEL, {
    message: ({ accountId, frame }) => rooms.deliver(accountId, frame),
    error: onError,
  });
  return {
    join: (accountId, socket) => rooms.join(accountId, socket),
    async broadcast(accountId, message) {
      const frame = JSON.stringify(message);
      // Not heard here: this instance's sockets would not get it back from Redis.
      const heard = channel.listening;
      if (!heard) rooms.deliver(accountId, frame);
      // Not awaited: a Redis that hangs would hold the request for the command timeout, and one
      // connection keeps broadcasts in order anyway.
      channel.publish({ accountId, frame }).catch((err: unknown) => {
        // Expected while the channel is down (and said once by the channel); news otherwise.
        if (!heard) return;
        onError(err);
        rooms.deliver(accountId, frame);
      });
    },
    close: () => channel.close(),
  };
}

/** Decorates `app.realtime`: through Redis when REDIS_URL is set, in-process otherwise. */
export const realtimeServicePlugin = servicePlugin('realtime-service', async (app) => {
  const { redisUrl } = app.config;
  const realtime = redisUrl === undefined
    ? createLocalRealtime()
    : await createRedisRealtime(redisUrl, (err) => app.log.error({ err }, 'realtime redis error'));
  app.decorate('realtime', realtime);
  app.addHook('onClose', () => realtime.close());
});
