import { useEffect } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { Cache, Key } from 'swr';
import { SWR_UNUSED_CACHE_MS } from 'shared-contracts';

interface Holder {
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

// SWR keeps every entry forever; the spec keeps unused data 60 s. Hooks count themselves
// in per key, and the entry is dropped 60 s after its last user left.
const holdersByCache = new WeakMap<Cache, Map<string, Holder>>();

function holdersOf(cache: Cache): Map<string, Holder> {
  let holders = holdersByCache.get(cache);
  if (!holders) {
    holders = new Map();
    holdersByCache.set(cache, holders);
  }
  return holders;
}

export function useCacheRetention(key: Key, retainMs = SWR_UNUSED_CACHE_MS): void {
  const { cache } = useSWRConfig();
  const serialized = key === null ? '' : unstable_serialize(key);

  useEffect(() => {
    if (!serialized) return undefined;
    const holders = holdersOf(cache);
    const holder = holders.get(serialized) ?? { users: 0 };
    holders.set(serialized, holder);
    clearTimeout(holder.timer);
    holder.users += 1;
    return () => {
      holder.users -= 1;
      if (holder.users > 0) return;
      holder.timer = setTimeout(() => {
        if (holder.users > 0) return;
        holders.delete(serialized);
        cache.delete(serialized);
      }, retainMs);
    };
  }, [cache, serialized, retainMs]);
}
