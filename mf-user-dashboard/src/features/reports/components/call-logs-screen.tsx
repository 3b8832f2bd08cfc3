import { contract, type CallDirection } from 'shared-contracts';
import { Select } from 'shared-ui';
import { callLogColumns, callLogCsv } from './call-log-columns';
import { DIRECTIONS } from '../model/directions';
import { ReportScreen } from './report-screen';

/** dashboard/reports/call-logs */
export function CallLogsScreen() {
  return (
    <ReportScreen
      title="Call Logs"
      endpoint={contract.call.getCallLogs}
      initialFilters={{ direction: '' } as { direction: CallDirection | '' }}
      searchPlaceholder="Number or lead name"
      controls={(filters, setFilters) => (
        <Select aria-label="Direction" value={filters.direction} onChange={(direction) => setFilters({ direction })} options={DIRECTIONS} style={{ width: 160 }} />
      )}
      table={{ label: 'Call logs', rowKey: (c) => c.id, columns: callLogColumns, emptyText: 'No calls match these filters' }}
      csv={{ columns: callLogCsv, fileName: 'call-logs.csv' }}
    />
  );
}
