import { Redis } from 'ioredis';

/** One Redis pub/sub channel of JSON messages, between every API instance (this one too). */
export interface RedisChannel<T> {
  publish(message: T): Promise<void>;
  close(): Promise<void>;
}

export async function openRedisChannel<T>(
  url: string,
  channel: string,
  onMessage: (message: T) => void,
  onError: (err: unknown) => void,
): Promise<RedisChannel<T>> {
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
      onMessage(JSON.parse(raw) as T);
    } catch (err) {
      onError(err);
    }
  });
  await subscriber.subscribe(channel);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
