import useSWR from 'swr';
import type { SWRConfiguration, SWRResponse } from 'swr';
import { buildPath } from 'shared-contracts';
import type { EndpointDef, RequestOf, ResponseOf } from 'shared-contracts';
import type { ApiError } from './api-error';
import { callApi } from './call-api';
import type { CallArgs } from './call-api';
import { useCacheRetention } from './cache-retention';

/** SWR key of a call: the concrete path plus the whole request (query and body included). */
export type ApiKey = readonly [path: string, request: object];

export function apiKey<E extends EndpointDef>(endpoint: E, request: RequestOf<E> | null): ApiKey | null {
  if (request === null) return null;
  const params = (request as { params?: Record<string, unknown> }).params;
  return [buildPath(endpoint, params), request];
}

/**
 * Reads an endpoint through SWR. `request: null` skips the call (e.g. no session user yet).
 * `data` is the whole response body: `data.data`, and `data.total` for paged lists.
 */
export function useApi<E extends EndpointDef>(
  endpoint: E,
  request: RequestOf<E> | null,
  config?: SWRConfiguration<ResponseOf<E>, ApiError>,
): SWRResponse<ResponseOf<E>, ApiError> {
  const key = apiKey(endpoint, request);
  useCacheRetention(key);
  return useSWR(key, ([, req]: ApiKey) => callApi(endpoint, ...([req] as CallArgs<E>)), config);
}
