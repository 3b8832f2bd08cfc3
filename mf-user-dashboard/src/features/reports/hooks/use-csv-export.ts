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
  // Rows read so far of how many will be written, while a long export runs.
  const [progress, setProgress] = useState<{ read: number; of: number } | null>(null);
  const exportCsv = async (filters: object) => {
    setExporting(true);
    try {
      const rows: RowOf<E>[] = [];
      let total = 0;
      for (let page = 1; ; page += 1) {
        const body = { ...filters, page, limit: MAX_PAGE_SIZE };
        const response = (await callApi(endpoint as EndpointDef, { body } as never)) as { data: RowOf<E>[]; total: number };
        rows.push(...response.data);
        total = response.total;
        setProgress({ read: Math.min(rows.length, CSV_EXPORT_MAX_ROWS), of: Math.min(total, CSV_EXPORT_MAX_ROWS) });
        if (response.data.length === 0 || rows.length >= Math.min(total, CSV_EXPORT_MAX_ROWS)) break;
      }
      downloadCsv(fileName, toCsv(rows.slice(0, CSV_EXPORT_MAX_ROWS), columns));
      if (total > CSV_EXPORT_MAX_ROWS) notify.warning(csvExportCutText(total));
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
      setProgress(null);
    }
  };
  return { exporting, progress, exportCsv };
}

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** Said when the report holds more rows than one export writes. */
export const csvExportCutText = (total: number) =>
  `The CSV holds the first ${count(CSV_EXPORT_MAX_ROWS)} of ${count(total)} rows. Choose a shorter date range to export the rest.`;

/** The export button's text while it reads the report. */
export const csvExportProgressText = ({ read, of }: { read: number; of: number }) => `Exporting ${count(read)} of ${count(of)}…`;
