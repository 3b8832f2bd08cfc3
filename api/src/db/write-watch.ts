/**
 * Tells listeners, just before it runs, of every statement this process sends that writes a
 * table (insert, update, delete, truncate), through any Db opened by `openDatabase`. In-memory
 * caches use it to drop what a write of their own process may change, so a request that follows
 * the write never reads the cache from before it; changes made elsewhere reach them as
 * PostgreSQL notifications instead (see modules/call/call-logs-cache.ts).
 */
type Listener = (table: string) => void;

const listeners = new Set<Listener>();
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w+)"?/i;

export function watchWrites(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** drizzle's logger hook: sees each statement's text before it is sent. */
export const writeWatchLogger = {
  logQuery(query: string): void {
    if (listeners.size === 0) return;
    const table = WRITE.exec(query)?.[1];
    if (table !== undefined) for (const listener of listeners) listener(table.toLowerCase());
  },
};
