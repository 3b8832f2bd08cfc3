import type { CallLog } from 'shared-contracts';
import { StatusTag, formatDateTime, formatHms, type TableColumnsType } from 'shared-ui';

export const callLogColumns = (timeZone: string | undefined): TableColumnsType<CallLog> => [
  { title: 'Started at', key: 'startedAt', render: (_, call) => formatDateTime(call.startedAt, timeZone) },
  {
    title: 'Direction',
    key: 'direction',
    render: (_, call) => (
      <StatusTag status={call.direction} color={call.direction === 'inbound' ? 'blue' : 'cyan'} />
    ),
  },
  { title: 'From', dataIndex: 'fromNumber', key: 'from' },
  { title: 'To', dataIndex: 'toNumber', key: 'to' },
  { title: 'Lead', key: 'lead', render: (_, call) => call.lead?.fullName ?? 'Unknown' },
  { title: 'Duration', key: 'duration', render: (_, call) => formatHms(call.durationSeconds) },
  { title: 'Status', key: 'status', render: (_, call) => <StatusTag status={call.status} /> },
];
