import { Link } from 'react-router-dom';
import { leadNameOf, type CallReport, type CallResult } from 'shared-contracts';
import { StatusTag, Tooltip, actionColumn, formatDateTime, type TableColumnsType } from 'shared-ui';
import { analysisCsvText, successCsvText } from '../model/analysis-text';
import type { CsvColumn } from '../model/csv';
import { DIRECTION_LABELS, handledBy } from './call-log-columns';

export const SENTIMENT_LABELS = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;
const SENTIMENT_COLORS = { positive: 'success', neutral: 'default', negative: 'error' } as const;
const OUTCOME_LABELS: Record<CallResult, string> = {
  'appointment-booked': 'Appointment booked', transferred: 'Transferred', answered: 'Answered', unresolved: 'Unresolved',
};

/** Whether the call met its agent's success criterion, the reason on hover; N/A when nobody judged it. */
function SuccessCell({ analysis }: { analysis: CallReport['analysis'] }) {
  if (analysis?.success == null) return 'N/A';
  const tag = analysis.success
    ? <StatusTag status="success" color="success" label="Yes" />
    : <StatusTag status="failure" color="error" label="No" />;
  return analysis.successReason ? <Tooltip title={analysis.successReason}><span>{tag}</span></Tooltip> : tag;
}

export const summaryColumns = (timeZone: string): TableColumnsType<CallReport> => [
  { title: 'Started', key: 'started', render: (_, r) => formatDateTime(r.call.startedAt, timeZone) },
  { title: 'Lead', key: 'lead', render: (_, r) => leadNameOf(r.call) },
  { title: 'Direction', key: 'direction', render: (_, r) => DIRECTION_LABELS[r.call.direction] },
  { title: 'Handled by', key: 'handledBy', render: (_, r) => handledBy(r.call) },
  { title: 'Summary', key: 'summary', width: 360, render: (_, r) => r.summary ?? 'No summary yet' },
  {
    title: 'Sentiment',
    key: 'sentiment',
    render: (_, r) => (r.sentiment ? <StatusTag status={r.sentiment} color={SENTIMENT_COLORS[r.sentiment]} label={SENTIMENT_LABELS[r.sentiment]} /> : 'N/A'),
  },
  { title: 'Outcome', key: 'outcome', render: (_, r) => (r.outcome ? OUTCOME_LABELS[r.outcome] : 'N/A') },
  { title: 'Booked', key: 'booked', render: (_, r) => (r.appointmentBooked ? 'Yes' : 'No') },
  { title: 'Success', key: 'success', render: (_, r) => <SuccessCell analysis={r.analysis} /> },
  actionColumn({ title: 'Conversation', key: 'conversation', render: (_, r) => (
    <Link to={`/dashboard/calls/${r.call.id}/conversation`} aria-label={`View conversation of the call with ${leadNameOf(r.call)}`}>View</Link>
  ) }),
];

export const summaryCsv = (timeZone: string): CsvColumn<CallReport>[] => [
  { header: 'Started', value: (r) => formatDateTime(r.call.startedAt, timeZone) },
  { header: 'Lead', value: (r) => r.call.lead?.fullName ?? null },
  { header: 'Direction', value: (r) => r.call.direction },
  { header: 'Status', value: (r) => r.call.status },
  { header: 'Handled by', value: (r) => handledBy(r.call) },
  { header: 'Summary', value: (r) => r.summary },
  { header: 'Sentiment', value: (r) => r.sentiment },
  { header: 'Outcome', value: (r) => r.outcome },
  { header: 'Appointment booked', value: (r) => (r.appointmentBooked ? 'yes' : 'no') },
  { header: 'Success', value: (r) => successCsvText(r.analysis) },
  { header: 'Success reason', value: (r) => r.analysis?.successReason || null },
  { header: 'Analysis', value: (r) => analysisCsvText(r.analysis) },
];
