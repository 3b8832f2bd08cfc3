export { createApiClient, IDEMPOTENCY_KEY_HEADER, type ApiClient, type ApiClientOptions } from './client';
export { RETRIED_STATUSES, retryAfterSeconds } from './retrying-fetch';
export type { components, operations, paths, webhooks } from './schema';
