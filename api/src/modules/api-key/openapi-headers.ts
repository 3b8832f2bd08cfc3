import { RATE_LIMIT_HEADER, RATE_LIMIT_POLICY_HEADER, RETRY_AFTER_HEADER } from 'shared-contracts';

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
