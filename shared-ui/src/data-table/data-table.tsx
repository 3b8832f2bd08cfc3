import { useEffect, useRef, type ReactNode } from 'react';
import { Table, Typography, type TableProps } from '../antd';
import { LoadError } from '../feedback/load-error';

export interface DataTableProps<Row> extends Omit<TableProps<Row>, 'loading' | 'pagination' | 'locale' | 'dataSource'> {
  /** Names the table for assistive technology. */
  label: string;
  rows: readonly Row[] | undefined;
  loading?: boolean;
  /** The text of the last failure; when set the table is replaced by the error and a Retry button. */
  error?: string | null;
  onRetry?: () => void;
  emptyText?: ReactNode;
}

/** An antd table with the loading, empty and error states every list screen needs; paging is the Pager's job. */
export function DataTable<Row extends object>({
  label,
  rows,
  loading = false,
  error,
  onRetry,
  emptyText = 'No data',
  ...tableProps
}: DataTableProps<Row>) {
  const region = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls sideways: its scroller takes focus, so the arrow keys
  // can scroll it (antd offers no prop for it).
  useEffect(() => {
    region.current?.querySelectorAll('.ant-table-content, .ant-table-body').forEach((scroller) => scroller.setAttribute('tabindex', '0'));
  });
  if (error) return <LoadError error={error} onRetry={onRetry} />;
  return (
    <div ref={region} role="region" aria-label={label} aria-busy={loading}>
      <Table<Row>
        {...tableProps}
        dataSource={rows as Row[] | undefined}
        loading={loading}
        pagination={false}
        // antd draws the empty text in its disabled grey (1.8:1); as secondary text it reads at 5.6:1.
        locale={{ emptyText: <Typography.Text type="secondary">{emptyText}</Typography.Text> }}
        scroll={tableProps.scroll ?? { x: 'max-content' }}
      />
    </div>
  );
}
