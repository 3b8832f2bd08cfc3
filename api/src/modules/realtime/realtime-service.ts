import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { ServerMessage } from 'shared-contracts';
import { servicePlugin } from '../../plugins/service-plugin';
import { Rooms } from './rooms';

export interface RealtimeService {
  /** Adds a socket to its account's room; returns the function that removes it. */
  join(accountId: string, socket: WebSocket): () => void;
  /** Sends a message to every socket of the account, on every API instance. */
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
 */
export async function createRedisRealtime(url: string, onError: (err: unknown) => void): Promise<RealtimeService> {
  const rooms = new Rooms();
  // A subscribed connection can only listen, so publishing needs a second one.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on('error', onError);
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (err) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at ${url} is unreachable: ${String(err)}`);
  }
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      const { accountId, frame } = JSON.parse(raw) as { accountId: string; frame: string };
      rooms.deliver(accountId, frame);
    } catch (err) {
      onError(err);
    }
  });
  await subscriber.subscribe(CHANNEL);
  return {
    join: (accountId, socket) => rooms.join(accountId, socket),
    async broadcast(accountId, message) {
      await publisher.publish(CHANNEL, JSON.stringify({ accountId, frame: JSON.stringify(message) }));
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
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
