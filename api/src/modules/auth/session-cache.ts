import type { AuthUser } from '../../http/implement';
import { openRedisChannel, REDIS_RECONNECT_MAX_MS } from '../../plugins/redis-channel';

/**
 * Remembers, per token, the caller a token named a moment ago, so an authenticated request
 * skips the signature check and the session lookup (most of an authenticated read's cost).
 * An entry lives at most `ttlMs`, never past the session's expiry or idle
 * deadline, and is dropped at once when its session or user changes:
 * - on this instance, synchronously, by whoever changes it (logout, password change or reset,
 *   idle timeout, profile, role or time-zone changes, account administration);
 * - on the other instances through Redis pub/sub when REDIS_URL is set; without Redis the
 *   short TTL bounds how long another instance may still accept a revoked token. While Redis
 *   does not answer, the cache serves nothing (see createRedisSessionCache).
 */
export interface SessionCache {
  get(token: string): AuthUser | null;
  /** A mark to take before reading a session from the database, for `set`. */
  mark(): number;
  /**
   * Remembers what the database said; ignored when anything was forgotten since `mark` (a
   * logout racing the lookup must not leave its session cached as valid).
   */
  set(token: string, user: AuthUser, deadlineMs: number, mark: number): void;
  /** Drops the session's entries here and on every other instance. */
  forgetSession(sessionId: string): Promise<void>;
  /** Drops every entry of the user here and on every other instance. */
  forgetUser(userId: string): Promise<void>;
  /** Hears every session or user change made on any instance (open sockets re-check their session on it). */
  onForget(listener: (change: Forget) => void): void;
  close(): Promise<void>;
}

/** Default lifetime of an entry: short alone, longer when Redis tells every instance about revocations. */
export const SESSION_CACHE_SECONDS = { local: 5, redis: 60 } as const;
/** Entries kept at most; the oldest go first. A token is ~300 bytes, so this is a few MB. */
const MAX_ENTRIES = 10_000;
const CHANNEL = 'auth:v1:forget';

interface Entry {
  user: AuthUser;
  deadlineMs: number;
}

/** A change to forget; `everyone` is local only (the channel to the other instances was lost or regained). */
export type Forget = { sessionId: string } | { userId: string } | { everyone: true };

/**
 * The in-process part; `publish` tells the other instances (a no-op alone), and `serving` says
 * whether entries may be used at all (with Redis: only while its revocations are heard).
 */
function createCache(ttlMs: number, publish: (message: Forget) => Promise<void>, serving: () => boolean = () => true) {
  const entries = new Map<string, Entry>();
  const listeners: Array<(change: Forget) => void> = [];
  let generation = 0;
  /** Drops the entries the change concerns; `quiet` leaves the listeners out. */
  const drop = (message: Forget, quiet = false) => {
    generation += 1;
    for (const [token, entry] of entries) {
      if ('everyone' in message
        || ('sessionId' in message ? entry.user.sessionId === message.sessionId : entry.user.id === message.userId)) {
        entries.delete(token);
      }
    }
    if (!quiet) for (const listener of listeners) listener(message);
  };
  const cache: SessionCache = {
    get(token) {
      if (!serving()) return null;
      const entry = entries.get(token);
      if (!entry) return null;
      if (Date.now() >= entry.deadlineMs) {
        entries.delete(token);
        return null;
      }
      return entry.user;
    },
    mark: () => generation,
    set(token, user, deadlineMs, mark) {
      if (ttlMs <= 0 || mark !== generation || !serving()) return;
      entries.delete(token);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { user: Object.freeze(user), deadlineMs: Math.min(deadlineMs, Date.now() + ttlMs) });
    },
    async forgetSession(sessionId) {
      drop({ sessionId });
      await publish({ sessionId });
    },
    async forgetUser(userId) {
      drop({ userId });
      await publish({ userId });
    },
    onForget(listener) {
      listeners.push(listener);
    },
    async close() {},
  };
  return { cache, drop };
}

export function createLocalSessionCache(ttlSeconds: number): SessionCache {
  return createCache(ttlSeconds * 1000, async () => {}).cache;
}

/**
 * After the channel is heard again, entries are still not used for this long: the other
 * instances' publishing connections may take up to REDIS_RECONNECT_MAX_MS (plus a connect) to
 * come back, and a logout they make meanwhile reaches nobody.
 */
export const REJOIN_GRACE_MS = 3 * REDIS_RECONNECT_MAX_MS;

/**
 * Entries are used only while the forget channel is heard. While it is not, a logout on another
 * instance would go unheard, so every request asks the database; everything is dropped when the
 * channel goes, and again when it comes back: what was said meanwhile was missed, so the
 * listeners then hear `{ everyone: true }` and open sockets check their sessions again.
 */
export async function createRedisSessionCache(url: string, ttlSeconds: number, onError: (err: unknown) => void): Promise<SessionCache> {
  let drop: (message: Forget, quiet?: boolean) => void = () => {};
  let servingFrom = Infinity;
  const channel = await openRedisChannel<Forget>(url, CHANNEL, {
    message: (message) => drop(message),
    up() {
      servingFrom = Date.now() + REJOIN_GRACE_MS;
      drop({ everyone: true });
    },
    // Sockets check their session on each frame meanwhile; the idle ones are checked on `up`.
    down: () => drop({ everyone: true }, true),
    error: onError,
  });
  const created = createCache(ttlSeconds * 1000, async (message) => {
    // The change is already in the database and dropped here; a Redis outage must not fail the
    // logout itself. The other instances hear nothing then, but they are not using their entries.
    await channel.publish(message).catch(onError);
  }, () => channel.listening && Date.now() >= servingFrom);
  drop = created.drop;
  return { ...created.cache, close: () => channel.close() };
}
