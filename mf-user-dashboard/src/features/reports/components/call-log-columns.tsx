import { Link } from 'react-router-dom';
import type { CallLog } from 'shared-contracts';
import { StatusTag, actionColumn, formatDateTime, formatMs, type TableColumnsType } from 'shared-ui';
import type { CsvColumn } from '../model/csv';

export const DIRECTION_LABELS = { inbound: 'Inbound', outbound: 'Outbound' } as const;
export const leadName = (call: Pick<CallLog, 'lead'>) => call.lead?.fullName ?? 'Unknown caller';
export const handledBy = (call: Pick<CallLog, 'agent' | 'aiAgent'>) => call.agent?.fullName ?? call.aiAgent?.name ?? 'Nobody';

export const callLogColumns = (timeZone: string): TableColumnsType<CallLog> => [
  { title: 'Started', key: 'started', render: (_, c) => formatDateTime(c.startedAt, timeZone) },
  { title: 'Direction', key: 'direction', render: (_, c) => DIRECTION_LABELS[c.direction] },
  { title: 'Lead', key: 'lead', render: (_, c) => leadName(c) },
  { title: 'From', dataIndex: 'fromNumber', key: 'from' },
  { title: 'To', dataIndex: 'toNumber', key: 'to' },
  { title: 'Status', key: 'status', render: (_, c) => <StatusTag status={c.status} /> },
  { title: 'Duration', key: 'duration', render: (_, c) => formatMs(c.durationSeconds) },
  { title: 'Handled by', key: 'handledBy', render: (_, c) => handledBy(c) },
  {
    title: 'Recording',
    key: 'recording',
    render: (_, c) => (c.conversation?.recordingUrl
      ? <a href={c.conversation.recordingUrl} target="_blank" rel="noreferrer">Listen</a>
      : 'None'),
  },
  actionColumn({
    title: 'Conversation',
    key: 'conversation',
    render: (_, c) => <Link to={`/dashboard/calls/${c.id}/conversation`} aria-label={`Conversation of the call with ${leadName(c)}`}>View</Link>,
  }),
];

export const callLogCsv = (timeZone: string): CsvColumn<CallLog>[] => [
  { header: 'Started', value: (c) => formatDateTime(c.startedAt, timeZone) },
  { header: 'Direction', value: (c) => c.direction },
  { header: 'Status', value: (c) => c.status },
  { header: 'From', value: (c) => c.fromNumber },
  { header: 'To', value: (c) => c.toNumber },
  { header: 'Lead', value: (c) => c.lead?.fullName ?? null },
  { header: 'Handled by', value: (c) => handledBy(c) },
  { header: 'Duration (s)', value: (c) => c.durationSeconds },
  { header: 'Recording URL', value: (c) => c.conversation?.recordingUrl ?? null },
];
