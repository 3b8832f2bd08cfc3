import { useState } from 'react';
import { useApi, useSessionUser } from 'shared-auth';
import { AI_CLIENT_PAGE_SIZE, contract } from 'shared-contracts';
import { useDebouncedValue, usePage } from 'shared-ui';

/**
 * The AI/STT/TTS clients, a page at a time: page 1 and an empty name filter to start,
 * fetched again every time the screen mounts, and not at all without a session user.
 */
export function useAiClientList() {
  const user = useSessionUser();
  const [nameInput, setNameInput] = useState('');
  const name = useDebouncedValue(nameInput.trim(), 300);
  const [page, setPage] = usePage(name);

  const response = useApi(
    contract.aiClient.getAllClients,
    user ? { body: { name, page, limit: AI_CLIENT_PAGE_SIZE } } : null,
    { revalidateOnMount: true, keepPreviousData: true },
  );
  return { ...response, nameInput, setNameInput, page, setPage };
}
