import { useState } from 'react';
import { useDebouncedValue, usePage } from 'shared-ui';

/**
 * A report's filters: typed search is debounced so each key does not send a request, and any
 * change of filters returns to page 1.
 */
export function useReportFilters<F extends object>(initial: F) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<F>(initial);
  const debounced = useDebouncedValue(search.trim(), 300);
  const query = { ...filters, search: debounced };
  const [page, setPage] = usePage(JSON.stringify(query));
  return { search, setSearch, filters, setFilters, query, page, setPage };
}
