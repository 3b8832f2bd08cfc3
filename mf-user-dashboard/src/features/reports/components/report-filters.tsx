import type { ReactNode } from 'react';
import { Button, Flex, Input, SearchOutlined } from 'shared-ui';

export interface DateRange {
  from: string;
  to: string;
}

interface ReportFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  dates?: DateRange & { onChange: (range: DateRange) => void };
  children?: ReactNode;
  onExport: () => void;
  exporting: boolean;
  /** Shown on the button while a long export reads the report. */
  exportProgress?: string;
  /** The filters cannot be sent as they are; the report says why where its rows would be. */
  exportBlocked?: boolean;
}

/** The bar above a report: search, optional date range, the report's own filters and CSV export. */
export function ReportFilters({
  search, onSearch, searchPlaceholder, dates, children, onExport, exporting, exportProgress, exportBlocked = false,
}: ReportFiltersProps) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        aria-label="Search"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        style={{ width: 260 }}
      />
      {dates && (
        <>
          <Input type="date" aria-label="From date" value={dates.from} max={dates.to || undefined} onChange={(e) => dates.onChange({ from: e.target.value, to: dates.to })} style={{ width: 160 }} />
          <Input type="date" aria-label="To date" value={dates.to} min={dates.from || undefined} onChange={(e) => dates.onChange({ from: dates.from, to: e.target.value })} style={{ width: 160 }} />
        </>
      )}
      {children}
      <Button onClick={onExport} loading={exporting} disabled={exportBlocked} style={{ marginLeft: 'auto' }}>
        {exporting && exportProgress ? exportProgress : 'Export CSV'}
      </Button>
    </Flex>
  );
}
