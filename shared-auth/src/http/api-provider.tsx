import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { SWRConfiguration } from 'swr';
import { ApiError } from './api-error';

const MAX_RETRIES = 3;
const RETRY_BASE_MS = 2_000;

/** 4xx answers and unreadable bodies will not change on a retry; network and 5xx may. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 'PARSING_ERROR') return false;
  return typeof error.status === 'string' || error.status >= 500;
}

export const apiSwrConfig: SWRConfiguration = {
  // Screens refetch on mount and reconnect; refetching on every tab focus only adds load.
  revalidateOnFocus: false,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (!isRetryable(error) || retryCount > MAX_RETRIES) return;
    const delay = RETRY_BASE_MS * 2 ** (retryCount - 1) * (0.5 + Math.random());
    setTimeout(() => void revalidate({ retryCount }), delay);
  },
};

export interface ApiProviderProps {
  children: ReactNode;
  /** Overrides, e.g. `{ provider: () => new Map() }` for an isolated cache in tests. */
  value?: SWRConfiguration;
}

export function ApiProvider({ children, value }: ApiProviderProps) {
  return <SWRConfig value={{ ...apiSwrConfig, ...value }}>{children}</SWRConfig>;
}
