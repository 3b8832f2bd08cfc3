import * as v from 'valibot';

export const IDEMPOTENCY_KEY_REQUIRED_TEXT = 'Idempotency key is required';
export const IDEMPOTENCY_KEY_INVALID_TEXT = 'Idempotency key must be a UUID';

/**
 * A key the client makes once per thing it asks for (one SMS, say) and sends again, unchanged,
 * with every retry of that same request: the server does the work once and answers every copy
 * with what it stored.
 */
export const IdempotencyKey = v.pipe(
  v.string(IDEMPOTENCY_KEY_REQUIRED_TEXT),
  v.uuid(IDEMPOTENCY_KEY_INVALID_TEXT),
);

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only on secure pages (https or
 * localhost); `getRandomValues` exists everywhere, so a page served over plain http works too.
 */
export function newIdempotencyKey(): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** How long an `Idempotency-Key` header's first answer is kept and repeated. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_HEADER_INVALID_TEXT = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`;
export const IDEMPOTENCY_KEY_REUSED_TEXT = 'This Idempotency-Key was already used with a different request';
export const IDEMPOTENCY_KEY_IN_PROGRESS_TEXT = 'A request with this Idempotency-Key is still in progress; retry once it has finished';

/**
 * The `Idempotency-Key` header of a create (any key the integrator chooses, not only a UUID):
 * bounded so it can be stored and logged safely. The SMS body's `idempotencyKey` above stays a UUID.
 */
export const IdempotencyKeyHeader = v.pipe(
  v.string(IDEMPOTENCY_KEY_HEADER_INVALID_TEXT),
  v.minLength(1, IDEMPOTENCY_KEY_HEADER_INVALID_TEXT),
  v.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_HEADER_INVALID_TEXT),
  v.regex(/^[\x20-\x7e]+$/, IDEMPOTENCY_KEY_HEADER_INVALID_TEXT),
);
