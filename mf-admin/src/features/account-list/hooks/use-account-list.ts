import { useState } from 'react';
import { useApi } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, contract, type PlanId } from 'shared-contracts';
import { useDebouncedValue, usePage } from 'shared-ui';

/** Every account, with the search box, plan filter and page that select them. */
export function useAccountList() {
  const [searchInput, setSearchInput] = useState('');
  const [plan, setPlan] = useState<PlanId | undefined>();
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [page, setPage] = usePage(JSON.stringify([search, plan]));

  const response = useApi(
    contract.account.getAllAccounts,
    { body: { page, limit: DEFAULT_PAGE_SIZE, search, plan } },
    // The old page stays on screen (under a spinner) while the next one loads.
    { keepPreviousData: true },
  );
  return { ...response, searchInput, setSearchInput, plan, setPlan, page, setPage };
}
