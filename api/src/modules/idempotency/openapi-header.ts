import {
  IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_WINDOW_HOURS, IDEMPOTENT_REPLAYED_HEADER, RETRY_AFTER_HEADER,
} from 'shared-contracts';

/** The `Idempotency-Key` header parameter, for the OpenAPI document's operations marked `idempotent`. */
export const idempotencyKeyParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `Makes a retried create safe. The same key with the same request within ${IDEMPOTENCY_WINDOW_HOURS} hours `
    + 'answers the first result (its status and body, with `Idempotent-Replayed: true`) instead of creating again; '
    + 'the same key with another request answers 409, and so does a retry while the first request is still running '
    + '(with `Retry-After`). Keys are per account; a failed request keeps nothing, so it may be retried with its key.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x20-\\x7E]+$' },
} as const;

/** For the public API's description: how a retried create stays one create. */
export const IDEMPOTENCY_DESCRIPTION = [
  `Creates take an \`${IDEMPOTENCY_KEY_HEADER}\` header (1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters of your choosing, a UUID per record for example):`,
  `a retry with the same key and request within ${IDEMPOTENCY_WINDOW_HOURS} hours answers the first result, marked \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, and creates nothing;`,
  `the same key with another request answers 409, as does a retry while the first is still running (with \`${RETRY_AFTER_HEADER}\`).`,
].join(' ');
