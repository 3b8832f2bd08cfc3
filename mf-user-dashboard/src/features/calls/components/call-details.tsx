import { formatDuration, leadNameOf, WRAP_UP_TEXT, type CallLog, type CallReport, type CallResult } from 'shared-contracts';
import { Descriptions, StatusTag, formatDateTime } from 'shared-ui';

const SENTIMENTS = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;
const OUTCOMES: Record<CallResult, string> = {
  'appointment-booked': 'Appointment booked', transferred: 'Transferred', answered: 'Answered', unresolved: 'Unresolved',
};
const UNDER_WAY: readonly CallLog['status'][] = ['ringing', 'queued', 'in-progress'];

/** Why the call ended; calls no AI agent held, and older ones, have no reason on record. */
const endReasonOf = (call: CallLog) => call.endReason ?? (UNDER_WAY.includes(call.status) ? 'Not ended yet' : 'Not recorded');

/** The disposition and notes of the person who took the call; calls no person took have none. */
function wrapUpText(call: CallLog): string {
  if (!call.wrapUp) return call.status === 'completed' ? 'Not yet wrapped up' : 'None';
  if (call.wrapUp.disposition === null) return WRAP_UP_TEXT.notWrappedUp;
  return call.wrapUp.notes ? `${call.wrapUp.disposition}: ${call.wrapUp.notes}` : call.wrapUp.disposition;
}

/** Who called whom, when, for how long, and what came of it. */
export function CallDetails({ report, timeZone }: { report: CallReport; timeZone: string }) {
  const { call } = report;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'direction', label: 'Direction', children: call.direction === 'inbound' ? 'Inbound' : 'Outbound' },
        { key: 'status', label: 'Status', children: <StatusTag status={call.status} /> },
        { key: 'lead', label: 'Lead', children: leadNameOf(call) },
        { key: 'numbers', label: 'From → To', children: `${call.fromNumber} → ${call.toNumber}` },
        { key: 'agent', label: 'Handled by', children: call.agent?.fullName ?? call.aiAgent?.name ?? 'Nobody' },
        { key: 'started', label: 'Started', children: formatDateTime(call.startedAt, timeZone) },
        { key: 'duration', label: 'Duration', children: formatDuration(call.durationSeconds) },
        { key: 'booked', label: 'Appointment booked', children: report.appointmentBooked ? 'Yes' : 'No' },
        { key: 'outcome', label: 'Outcome', children: report.outcome ? OUTCOMES[report.outcome] : 'Not yet known' },
        { key: 'sentiment', label: 'Sentiment', children: report.sentiment ? SENTIMENTS[report.sentiment] : 'Not rated' },
        // 'filled' ends the row here, whatever the column count, so the summary keeps a row of its own.
        { key: 'ended', label: 'Why it ended', span: 'filled', children: endReasonOf(call) },
        ...(call.agent ? [{ key: 'wrap-up', label: 'Wrap-up', span: 'filled' as const, children: wrapUpText(call) }] : []),
        ...(call.transferredTo ? [{ key: 'transferred', label: 'Transferred to', span: 'filled' as const, children: call.transferredTo }] : []),
        { key: 'summary', label: 'Summary', span: 2, children: report.summary ?? 'No summary yet' },
      ]}
    />
  );
}
