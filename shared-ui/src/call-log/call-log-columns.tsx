import { formatDuration, leadNameOf, type CallLog } from 'shared-contracts';
import type { TableColumnsType } from '../antd';
import { formatDateTime } from '../format/date-time';
import { StatusTag } from '../status-tag/status-tag';
import { CallEndCell } from './call-end-cell';

/**
 * The columns of a call log, the user's report and the agent's own log alike: when, which way,
 * who and which numbers, how it ended (its status, why, and whom to call back when an AI agent
 * took a message), how long (hh:mm:ss) and its recording. A screen may add columns of its own
 * after these.
 */
export const callLogColumns = (timeZone: string | undefined): TableColumnsType<CallLog> => [
  { title: 'Started', key: 'started', render: (_, call) => formatDateTime(call.startedAt, timeZone) },
  {
    title: 'Direction',
    key: 'direction',
    render: (_, call) => <StatusTag status={call.direction} color={call.direction === 'inbound' ? 'blue' : 'geekblue'} />,
  },
  { title: 'Lead', key: 'lead', render: (_, call) => leadNameOf(call) },
  { title: 'From', dataIndex: 'fromNumber', key: 'from' },
  { title: 'To', dataIndex: 'toNumber', key: 'to' },
  { title: 'Status', key: 'status', render: (_, call) => <CallEndCell call={call} /> },
  { title: 'Duration', key: 'duration', render: (_, call) => formatDuration(call.durationSeconds) },
  {
    title: 'Recording',
    key: 'recording',
    render: (_, call) => (call.conversation?.recordingUrl
      ? <a href={call.conversation.recordingUrl} target="_blank" rel="noreferrer">Listen</a>
      : 'None'),
  },
];
