import type { ReactNode } from 'react';
import { DataTable, Pager, totalPagesOf, type TableColumnsType } from 'shared-ui';

interface ReportTableProps<Row> {
  label: string;
  rowKey: (row: Row) => string;
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: string | undefined;
  /** Left out when repeating the same request could not help. */
  onRetry?: () => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyText: ReactNode;
}

/** A report's page of rows with its pager under it. */
export function ReportTable<Row extends object>({ total, page, pageSize, onPage, ...table }: ReportTableProps<Row>) {
  return (
    <>
      <DataTable<Row> {...table} />
      <Pager page={page} totalPages={totalPagesOf(total ?? 0, pageSize)} onChange={onPage} />
    </>
  );
}
