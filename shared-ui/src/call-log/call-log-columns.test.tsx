import { render, screen, within } from '@testing-library/react';
import type { CallLog } from 'shared-contracts';
import { DataTable } from '../data-table/data-table';
import { callLogColumns } from './call-log-columns';

const call = (n: number, overrides: Partial<CallLog> = {}): CallLog => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, direction: 'inbound', status: 'completed',
  fromNumber: '+15557654321', toNumber: '+15551230001', startedAt: '2026-03-10T14:00:00.000Z', durationSeconds: 242,
  aiAgent: null, agent: null, lead: { id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`, fullName: `Lead ${n}`, phoneNumber: '+15557654321' },
  conversation: null, endReason: null, callbackRequest: null, wrapUp: null, transferredTo: null, ...overrides,
});

test('a call log shows when, which way, who, the numbers, the outcome, hh:mm:ss and the recording', () => {
  render(<DataTable<CallLog> label="Call logs" rowKey="id" columns={callLogColumns('America/New_York')} rows={[
    call(1, { conversation: { id: '00000000-0000-4000-8000-000000000201', recordingUrl: 'https://recordings.example.com/1.mp3' } }),
    call(2, { direction: 'outbound', status: 'missed', lead: null, durationSeconds: 4 * 3600 + 2 }),
  ]} />);
  const table = screen.getByRole('region', { name: 'Call logs' });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Started', 'Direction', 'Lead', 'From', 'To', 'Status', 'Duration', 'Recording',
  ]);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Mar 10, 2026, 10:00 AM', 'Inbound', 'Lead 1', '+15557654321', '+15551230001', 'Completed', '00:04:02', 'Listen',
  ]);
  expect(within(first!).getByRole('link', { name: 'Listen' })).toHaveAttribute('href', 'https://recordings.example.com/1.mp3');
  expect(within(second!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
    'Mar 10, 2026, 10:00 AM', 'Outbound', 'Unknown caller', '+15557654321', '+15551230001', 'Missed', '04:00:02', 'None',
  ]);
});

test('the status says why the call ended and marks a message the AI agent took with whom to call back', () => {
  render(<DataTable<CallLog> label="Call logs" rowKey="id" columns={callLogColumns('UTC')} rows={[
    call(1, {
      endReason: 'Nobody was available: the agent took a message',
      callbackRequest: { callerName: 'Ada Caller', phoneNumber: '+15550001111', reason: 'Her crown came loose', requestedAt: '2026-03-10T14:03:00.000Z' },
    }),
    call(2, { endReason: 'The caller hung up' }),
  ]} />);
  const [first, second] = within(screen.getByRole('region', { name: 'Call logs' })).getAllByRole('row').slice(1);
  const status = (row: HTMLElement) => within(row).getAllByRole('cell')[5]!;
  expect(within(status(first!)).getByText('Completed')).toBeInTheDocument();
  expect(within(status(first!)).getByText('Nobody was available: the agent took a message')).toBeInTheDocument();
  expect(within(status(first!)).getByText('Call back: Ada Caller +15550001111')).toBeInTheDocument();
  expect(within(status(second!)).getByText('The caller hung up')).toBeInTheDocument();
  expect(within(second!).queryByText(/^Call back:/)).toBeNull();
});

test('the status shows the disposition a person wrapped the call up with, or that their time ran out', () => {
  const at = '2026-03-10T14:05:00.000Z';
  render(<DataTable<CallLog> label="Call logs" rowKey="id" columns={callLogColumns('UTC')} rows={[
    call(1, { wrapUp: { disposition: 'Callback', notes: 'After 5 pm', at } }),
    call(2, { wrapUp: { disposition: null, notes: null, at } }),
    call(3, {}),
  ]} />);
  const rows = within(screen.getByRole('region', { name: 'Call logs' })).getAllByRole('row').slice(1);
  const status = (row: HTMLElement) => within(row).getAllByRole('cell')[5]!.textContent;
  expect(rows.map(status)).toEqual(['CompletedWrap-up: Callback', 'CompletedNot wrapped up', 'Completed']);
});

test('the status shows the outside number a person transferred the caller to', () => {
  render(<DataTable<CallLog> label="Call logs" rowKey="id" columns={callLogColumns('UTC')} rows={[
    call(1, { transferredTo: '+15550009999' }),
    call(2, {}),
  ]} />);
  const rows = within(screen.getByRole('region', { name: 'Call logs' })).getAllByRole('row').slice(1);
  const status = (row: HTMLElement) => within(row).getAllByRole('cell')[5]!.textContent;
  expect(rows.map(status)).toEqual(['CompletedTransferred to +15550009999', 'Completed']);
});
