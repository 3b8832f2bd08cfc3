import { useApi, useServerMessage, useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, contract, type CallDirection } from 'shared-contracts';
import { useDebouncedValue, usePage } from 'shared-ui';
import { useState } from 'react';

export type DirectionFilter = CallDirection | 'all';

/** The signed-in agent's call logs with the search box, direction filter and page that select them. */
export function useAgentCallLogs() {
  const [searchInput, setSearchInput] = useState('');
  const [direction, setDirection] = useState<DirectionFilter>('all');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [page, setPage] = usePage(JSON.stringify([search, direction]));

  const response = useApi(
    contract.call.getAgentCallLogs,
    { body: { page, limit: DEFAULT_PAGE_SIZE, search, direction: direction === 'all' ? undefined : direction } },
    // The old page stays on screen (under a spinner) while the next one loads.
    { keepPreviousData: true },
  );
  // The agent's own calls change as their status does (a call starts, ends, is wrapped up): read again.
  const me = useSessionUser()?.id;
  useServerMessage('STATUS_UPDATED', (message) => {
    if (message.agentId === me) void response.mutate();
  });
  return { ...response, searchInput, setSearchInput, direction, setDirection, page, setPage };
}
