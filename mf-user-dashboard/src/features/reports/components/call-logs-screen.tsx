import { SLOW_TURN_MS, contract, type CallDirection, type CallEndReasonKey } from 'shared-contracts';
import { Checkbox, Select } from 'shared-ui';
import { callLogColumns, callLogCsv } from './call-log-columns';
import { DIRECTIONS } from '../model/directions';
import { END_REASONS } from '../model/end-reasons';
import { ReportScreen } from './report-screen';

interface CallLogFilters {
  direction: CallDirection | '';
  endReason: CallEndReasonKey | '';
  /** Left out (not false) when off: only set filters are sent. */
  slowTurns?: true | undefined;
}

/** dashboard/reports/call-logs */
export function CallLogsScreen() {
  return (
    <ReportScreen
      title="Call Logs"
      endpoint={contract.call.getCallLogs}
      initialFilters={{ direction: '', endReason: '' } as CallLogFilters}
      searchPlaceholder="Number or lead name"
      controls={(filters, setFilters) => (
        <>
          <Select aria-label="Direction" value={filters.direction} onChange={(direction) => setFilters({ ...filters, direction })} options={DIRECTIONS} style={{ width: 160 }} />
          <Select aria-label="Ended" value={filters.endReason} onChange={(endReason) => setFilters({ ...filters, endReason })} options={END_REASONS}
            style={{ width: 240 }} popupMatchSelectWidth={false} />
          <Checkbox checked={filters.slowTurns === true} onChange={(e) => setFilters({ ...filters, slowTurns: e.target.checked ? true : undefined })}>
            {`Slow turns (first words after ${SLOW_TURN_MS / 1000} s)`}
          </Checkbox>
        </>
      )}
      table={{ label: 'Call logs', rowKey: (c) => c.id, columns: callLogColumns, emptyText: 'No calls match these filters' }}
      csv={{ columns: callLogCsv, fileName: 'call-logs.csv' }}
    />
  );
}
