import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { contract } from 'shared-contracts';
import { useSWRConfig } from 'swr';
import { configureRuntime } from '../runtime-config';
import { inTurn, ok, resetAuthStore, stubFetch } from '../testing';
import { ApiProvider } from './api-provider';
import { useApi } from './use-api';
import { useApiMutation } from './use-api-mutation';

const accountId = '00000000-0000-4000-8000-0000000000aa';
const wrapper = ({ children }: { children: ReactNode }) => (
  <ApiProvider value={{ provider: () => new Map() }}>{children}</ApiProvider>
);

beforeEach(() => {
  resetAuthStore();
  configureRuntime({ apiBase: 'https://api.test', wsBase: 'wss://api.test' });
});
afterEach(() => jest.useRealTimers());

test('a null request skips the call', () => {
  const { requests } = stubFetch();
  const { result } = renderHook(() => useApi(contract.agent.getAgents, null), { wrapper });
  expect(result.current.data).toBeUndefined();
  expect(requests).toHaveLength(0);
});

test('reads the response body; paged lists carry their total', async () => {
  stubFetch(() => ok([], 3));
  const { result } = renderHook(() => useApi(contract.account.getAllAccounts, { body: { page: 1 } }), { wrapper });
  await waitFor(() => expect(result.current.data).toEqual({ data: [], total: 3 }));
});

test('a 4xx answer is not retried', async () => {
  jest.useFakeTimers();
  const { requests } = stubFetch(() => ({ status: 403, body: { type: 'Forbidden', message: 'No' } }));
  const { result } = renderHook(() => useApi(contract.agent.getAgents, { params: { accountId } }), { wrapper });
  await waitFor(() => expect(result.current.error?.status).toBe(403));
  await act(async () => {
    jest.advanceTimersByTime(60_000);
  });
  expect(requests).toHaveLength(1);
});

test('unused data is dropped from the cache 60 s after its last user unmounts', async () => {
  jest.useFakeTimers();
  stubFetch(() => ok([]));
  const { result, unmount } = renderHook(
    () => ({ api: useApi(contract.agent.getAgents, { params: { accountId } }), cache: useSWRConfig().cache }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.api.data).toEqual({ data: [] }));
  const cache = result.current.cache;
  expect([...cache.keys()]).toHaveLength(1);
  unmount();
  act(() => jest.advanceTimersByTime(59_000));
  expect([...cache.keys()]).toHaveLength(1);
  act(() => jest.advanceTimersByTime(1_000));
  expect([...cache.keys()]).toHaveLength(0);
});

test('a mutation reports isMutating and revalidates the reads it invalidates', async () => {
  const { requests } = stubFetch(inTurn(ok([]), ok(null), ok([])));
  const { result } = renderHook(
    () => ({
      list: useApi(contract.agent.getAgents, { params: { accountId } }),
      save: useApiMutation(contract.auth.sessionUser, { invalidates: [contract.agent.getAgents] }),
    }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.list.data).toEqual({ data: [] }));

  let pending!: Promise<unknown>;
  act(() => {
    pending = result.current.save.trigger();
  });
  expect(result.current.save.isMutating).toBe(true);
  await act(async () => {
    await pending;
  });
  expect(result.current.save.isMutating).toBe(false);
  expect(requests).toHaveLength(3);
  expect(requests[2]!.url.href).toBe(`https://api.test/v1/agent/get-agents/${accountId}`);
});
