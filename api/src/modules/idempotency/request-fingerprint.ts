import { createHash } from 'node:crypto';

/** JSON with every object's keys in order, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/**
 * What makes two requests "the same" for an Idempotency-Key: the endpoint and its parsed params,
 * query and body. Parsed, so spacing, key order and defaults the schema fills in do not count.
 */
export const requestFingerprint = (request: { endpoint: string; params: unknown; query: unknown; body: unknown }): string =>
  createHash('sha256').update(JSON.stringify(canonical(request))).digest('hex');
