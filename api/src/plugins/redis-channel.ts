import { Redis } from 'ioredis';
import { decodeJson, INPUT_NESTING_TEXT } from 'shared-contracts';

/** One Redis pub/sub channel of JSON messages, between every API instance (this one too). */
export interface RedisChannel<T> {
  /** Fails at once (never queues) while Redis does not answer. */
  publish(message: T): Promise<void>;
  /** True while this instance hears the channel: its own messages come back to it. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface RedisChannelEvents<T> {
  message(message: T): void;
  /**
   * The channel is heard again (first subscription, or after a reconnection): messages published
   * while it was down were missed.
   */
  up?(): void;
  /** The subscribing connection is lost; ioredis keeps reconnecting and `up` follows. */
  down?(): void;
  error(err: unknown): void;
}

/** A command to Redis waits at most this long: past it, callers fall back instead of hanging. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/**
 * Every connection tries again at most this long after losing Redis, so all of them are back
 * within about this long of Redis returning (ioredis' default backs off to 2 s).
 */
export const REDIS_RECONNECT_MAX_MS = 1_000;
const retryStrategy = (times: number) => Math.min(times * 100, REDIS_RECONNECT_MAX_MS);

/**
 * Options for a connection whose commands must not wait for Redis to come back: while it is
 * down they fail at once (no offline queue, no retry), and a command Redis does not answer fails
 * after REDIS_COMMAND_TIMEOUT_MS. ioredis keeps reconnecting in the background either way.
 */
export const FAIL_FAST_REDIS = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  retryStrategy,
} as const;

/**
 * Reports a connection's first error after each time it was ready: while Redis is away ioredis
 * fails every reconnection attempt, and one log line per outage says as much as hundreds.
 */
export function reportOncePerOutage(client: Redis, report: (err: unknown) => void): void {
  let reported = false;
  client.on('ready', () => (reported = false));
  client.on('error', (err) => {
    if (reported) return;
    reported = true;
    report(err);
  });
}

/** How long an instance starting waits for its channel before it serves without it. */
const OPEN_WAIT_MS = 3_000;

/**
 * Opens the channel, waiting at most OPEN_WAIT_MS for Redis: an instance starts (and serves)
 * during a Redis outage, and joins the channel once Redis answers.
 */
export async function openRedisChannel<T>(url: string, channel: string, events: RedisChannelEvents<T>): Promise<RedisChannel<T>> {
  // A subscribed connection can only listen, so publishing needs a second one.
  const publisher = new Redis(url, FAIL_FAST_REDIS);
  // The subscription is made again by hand on each connection, so `up` is told only once the
  // channel is actually heard (ioredis' own resubscription reports ready before it is).
  const subscriber = new Redis(url, { autoResubscribe: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, retryStrategy });
  let listening = false;
  let closed = false;
  let heard = () => {};
  for (const client of [publisher, subscriber]) reportOncePerOutage(client, events.error);
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(() => {
      if (closed || listening) return;
      listening = true;
      heard();
      events.up?.();
    }, events.error);
  });
  subscriber.on('close', () => {
    if (!listening) return;
    listening = false;
    events.down?.();
  });
  // Anyone who can reach Redis can publish here: a message that is not JSON, or nests too deeply,
  // is reported and dropped, and the listener goes on.
  subscriber.on('message', (_channel: string, raw: string) => {
    const decoded = decodeJson(raw);
    if (!decoded.ok) return events.error(new Error(`Dropped a message on ${channel}: ${decoded.tooDeep ? INPUT_NESTING_TEXT : 'not JSON'}`));
    try {
      events.message(decoded.value as T);
    } catch (err) {
      events.error(err);
    }
  });
  // A Redis that stops answering but leaves its connections open (paused, or cut off by the
  // network) never closes the subscriber: a ping that gets no answer in time closes it, so the
  // channel counts as down (and ioredis connects again).
  const watchdog = setInterval(() => {
    if (!listening) return;
    subscriber.ping().catch(() => {
      if (listening) subscriber.disconnect(true);
    });
  }, REDIS_COMMAND_TIMEOUT_MS);
  watchdog.unref();
  const opened = Promise.all([
    new Promise((resolve) => publisher.once('ready', resolve)),
    new Promise<void>((resolve) => (heard = resolve)),
  ]);
  await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, OPEN_WAIT_MS).unref())]);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      clearInterval(watchdog);
      // quit waits for Redis; while it is away there is nothing to say goodbye to.
      for (const client of [subscriber, publisher]) {
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
    },
  };
}
