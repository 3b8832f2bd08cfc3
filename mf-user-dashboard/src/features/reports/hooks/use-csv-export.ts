import { useState } from 'react';
import { callApi, notify } from 'shared-auth';
import { MAX_PAGE_SIZE, type DataOf, type EndpointDef } from 'shared-contracts';
import { downloadCsv, toCsv, type CsvColumn } from '../model/csv';

/** Exports stop here: a bigger report belongs in a narrower date range. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

export type Paged = EndpointDef & { paged: true };
export type RowOf<E extends Paged> = DataOf<E> extends ReadonlyArray<infer R extends object> ? R : never;

/**
 * Every row matching the current filters (not just the page on screen), fetched page by page
 * at the largest page size, then saved as a CSV file.
 */
export function useCsvExport<E extends Paged>(endpoint: E, columns: readonly CsvColumn<RowOf<E>>[], fileName: string) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (filters: object) => {
    setExporting(true);
    try {
      const rows: RowOf<E>[] = [];
      for (let page = 1; ; page += 1) {
        const body = { ...filters, page, limit: MAX_PAGE_SIZE };
        const response = (await callApi(endpoint as EndpointDef, { body } as never)) as { data: RowOf<E>[]; total: number };
        rows.push(...response.data);
        if (response.data.length === 0 || rows.length >= Math.min(response.total, CSV_EXPORT_MAX_ROWS)) break;
      }
      downloadCsv(fileName, toCsv(rows.slice(0, CSV_EXPORT_MAX_ROWS), columns));
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
