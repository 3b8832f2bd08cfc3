import { CALL_SENTIMENTS, contract, type CallDirection } from 'shared-contracts';
import { Select } from 'shared-ui';
import { DIRECTIONS } from '../model/directions';
import { ReportScreen } from './report-screen';
import { SENTIMENT_LABELS, summaryColumns, summaryCsv } from './summary-columns';

type Sentiment = (typeof CALL_SENTIMENTS)[number];
const SENTIMENTS = [{ value: '', label: 'Any sentiment' }, ...CALL_SENTIMENTS.map((s) => ({ value: s, label: SENTIMENT_LABELS[s] }))];

interface Filters { direction: CallDirection | ''; sentiment: Sentiment | ''; from: string; to: string }

/** dashboard/reports/summary: each call's summary, sentiment and outcome. */
export function SummaryReportScreen() {
  return (
    <ReportScreen
      title="Summary"
      endpoint={contract.callSummaries.getCallSummaries}
      initialFilters={{ direction: '', sentiment: '', from: '', to: '' } as Filters}
      searchPlaceholder="Number or lead name"
      controls={(filters, setFilters) => (
        <>
          <Select aria-label="Direction" value={filters.direction} onChange={(direction) => setFilters({ ...filters, direction })} options={DIRECTIONS} style={{ width: 150 }} />
          <Select aria-label="Sentiment" value={filters.sentiment} onChange={(sentiment) => setFilters({ ...filters, sentiment })} options={SENTIMENTS} style={{ width: 150 }} />
        </>
      )}
      table={{ label: 'Call summaries', rowKey: (r) => r.call.id, columns: summaryColumns, emptyText: 'No calls match these filters' }}
      csv={{ columns: summaryCsv, fileName: 'call-summaries.csv' }}
    />
  );
}
