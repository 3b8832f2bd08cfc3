import { Link } from 'react-router-dom';
import { leadNameOf, type CallLog } from 'shared-contracts';
import { actionColumn, callLogColumns as sharedCallLogColumns, formatDateTime, type TableColumnsType } from 'shared-ui';
import type { CsvColumn } from '../model/csv';

export const DIRECTION_LABELS = { inbound: 'Inbound', outbound: 'Outbound' } as const;
export const handledBy = (call: Pick<CallLog, 'agent' | 'aiAgent'>) => call.agent?.fullName ?? call.aiAgent?.name ?? 'Nobody';

/** Every call log's columns, then what only the account's own report has: who handled it and its conversation page. */
export const callLogColumns = (timeZone: string): TableColumnsType<CallLog> => [
  ...sharedCallLogColumns(timeZone),
  { title: 'Handled by', key: 'handledBy', render: (_, c) => handledBy(c) },
  actionColumn({
    title: 'Conversation',
    key: 'conversation',
    render: (_, c) => <Link to={`/dashboard/calls/${c.id}/conversation`} aria-label={`View conversation of the call with ${leadNameOf(c)}`}>View</Link>,
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
  { header: 'End reason', value: (c) => c.endReason },
  // A message the AI agent took, a field each, so a spreadsheet can sort and filter by them.
  { header: 'Callback name', value: (c) => c.callbackRequest?.callerName ?? null },
  { header: 'Callback number', value: (c) => c.callbackRequest?.phoneNumber ?? null },
  { header: 'Callback reason', value: (c) => c.callbackRequest?.reason ?? null },
];
