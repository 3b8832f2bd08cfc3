export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Pages needed to show `total` rows, `pageSize` at a time (at least 1 once there is a row). */
export const totalPagesOf = (total: number, pageSize: number): number =>
  pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0;

/**
 * The first page, the last page, and the current page with `siblings` neighbours each side;
 * a gap of more than one page becomes an ellipsis, a gap of exactly one page shows that page
 * (an ellipsis standing for a single page would take the same room and hide it).
 */
export function pageItems(page: number, totalPages: number, siblings = 1): PageItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const shown = new Set<number>([1, totalPages]);
  for (let p = current - siblings; p <= current + siblings; p += 1) {
    if (p >= 1 && p <= totalPages) shown.add(p);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    if (previous !== undefined && p - previous > 2) items.push(p <= current ? 'start-ellipsis' : 'end-ellipsis');
    items.push(p);
  });
  return items;
}
