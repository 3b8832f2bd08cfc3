import {
  API_KEY_EXPIRED_TEXT, API_KEY_REVOKED_TEXT, INVALID_API_KEY_TEXT, RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, RETRY_AFTER_HEADER,
} from 'shared-contracts';

const text = (description: string, example: string) => ({ description, schema: { type: 'string' }, example });

/** The headers on every answer to a recognised API key, for the OpenAPI document's public operations. */
export const rateLimitResponseHeaders = {
  [RATE_LIMIT_POLICY_HEADER]: text('The key\'s quota (IETF httpapi ratelimit-headers draft): `q` requests per `w` seconds', '"default";q=600;w=60'),
  [RATE_LIMIT_HEADER]: text('What is left of the quota: `r` requests, the window resetting in `t` seconds', '"default";r=599;t=42'),
};

/** The headers of a 429 to an API key: the quota, and how many seconds to wait. */
export const tooManyRequestsHeaders = {
  ...rateLimitResponseHeaders,
  [RETRY_AFTER_HEADER]: { description: 'Seconds until the key may call again', schema: { type: 'integer', minimum: 1 }, example: 42 },
};

/** For the public API's description: what a key's answers say about the key and its quota. */
export const KEY_ANSWERS_DESCRIPTION = [
  `A key that does not work answers 401 "${INVALID_API_KEY_TEXT}", "${API_KEY_REVOKED_TEXT}" or "${API_KEY_EXPIRED_TEXT}".`,
  `Each key has its own quota, and every answer to a key carries it (IETF httpapi ratelimit-headers draft): \`${RATE_LIMIT_POLICY_HEADER}: "default";q=600;w=60\``,
  `(600 requests per 60 seconds) and \`${RATE_LIMIT_HEADER}: "default";r=599;t=42\` (599 left, the window resetting in 42 seconds).`,
  `Past it the answer is 429 with \`${RETRY_AFTER_HEADER}\` in seconds.`,
].join(' ');
