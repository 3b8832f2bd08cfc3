import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { EndpointDef, ResponseOf } from 'shared-contracts';
import type { ApiError } from './api-error';
import { callApi } from './call-api';
import type { CallArgs } from './call-api';
import { keyMatchesEndpoint } from './key-match';

export interface ApiMutationOptions {
  /** Cached reads of these endpoints are revalidated after a successful call. */
  invalidates?: readonly EndpointDef[];
}

export interface ApiMutation<E extends EndpointDef> {
  /** Calls the endpoint; resolves with its response, rejects with the ApiError. */
  trigger: (...args: CallArgs<E>) => Promise<ResponseOf<E>>;
  isMutating: boolean;
  error: ApiError | undefined;
  reset: () => void;
}

/** A write (or any call made on demand) through the contract table. */
export function useApiMutation<E extends EndpointDef>(endpoint: E, options?: ApiMutationOptions): ApiMutation<E> {
  const { mutate } = useSWRConfig();
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<ApiError | undefined>();
  // Read at call time, so an inline options object does not change `trigger` every render.
  const invalidates = useRef(options?.invalidates);
  invalidates.current = options?.invalidates;

  const trigger = useCallback(
    async (...args: CallArgs<E>) => {
      setPending((n) => n + 1);
      setError(undefined);
      try {
        const response = await callApi(endpoint, ...args);
        const stale = invalidates.current ?? [];
        if (stale.length > 0) {
          await mutate((key) => stale.some((e) => keyMatchesEndpoint(key, e)));
        }
        return response;
      } catch (caught) {
        setError(caught as ApiError);
        throw caught;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [endpoint, mutate],
  );

  const reset = useCallback(() => setError(undefined), []);
  return { trigger, isMutating: pending > 0, error, reset };
}
