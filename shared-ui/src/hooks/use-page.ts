import { useState } from 'react';

/**
 * The current page of a list, back to page 1 whenever `filterKey` (the serialized filters)
 * changes: a new search starts from its first page, in the same render, with no extra request.
 */
export function usePage(filterKey: string): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ filterKey, page: 1 });
  const page = state.filterKey === filterKey ? state.page : 1;
  return [page, (next: number) => setState({ filterKey, page: next })];
}
