import { render, screen } from '@testing-library/react';
import type { CallLog, CallReport } from 'shared-contracts';
import { CallDetails } from './call-details';

const report = (call: Partial<CallLog>): CallReport => ({
  call: {
    id: '20000000-0000-4000-8000-000000000001', direction: 'inbound', status: 'completed', fromNumber: '+15557654321', toNumber: '+15551230001',
    startedAt: '2026-03-10T14:00:00.000Z', durationSeconds: 155, aiAgent: { id: '20000000-0000-4000-8000-000000000004', name: 'Front Desk' },
    agent: null, lead: null, conversation: null, endReason: null, callbackRequest: null, wrapUp: null, transferredTo: null, ...call,
  },
  summary: null, sentiment: null, outcome: null, appointmentBooked: false, transcriptAvailable: false, analysis: null,
});

const whyItEnded = () => screen.getByText('Why it ended', { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

test('says why the call ended', () => {
  render(<CallDetails report={report({ endReason: 'The caller hung up' })} timeZone="UTC" />);
  expect(whyItEnded()).toBe('The caller hung up');
});

test('a call still under way has not ended; one with no reason on record says so', () => {
  const { rerender } = render(<CallDetails report={report({ status: 'in-progress' })} timeZone="UTC" />);
  expect(whyItEnded()).toBe('Not ended yet');
  rerender(<CallDetails report={report({ status: 'missed' })} timeZone="UTC" />);
  expect(whyItEnded()).toBe('Not recorded');
});

const wrapUp = () => screen.queryByText('Wrap-up', { selector: '.ant-descriptions-item-label' })?.nextElementSibling?.textContent;
const person = { id: '20000000-0000-4000-8000-000000000005', fullName: 'Ada Agent' };

test('a call a person took shows their disposition and notes, or that their time ran out; an AI agent\'s own call has no wrap-up', () => {
  const at = '2026-03-10T14:05:00.000Z';
  const { rerender } = render(<CallDetails report={report({ agent: person, wrapUp: { disposition: 'Resolved', notes: 'Moved to Friday.', at } })} timeZone="UTC" />);
  expect(wrapUp()).toBe('Resolved: Moved to Friday.');
  rerender(<CallDetails report={report({ agent: person, wrapUp: { disposition: null, notes: null, at } })} timeZone="UTC" />);
  expect(wrapUp()).toBe('Not wrapped up');
  rerender(<CallDetails report={report({ agent: person })} timeZone="UTC" />);
  expect(wrapUp()).toBe('Not yet wrapped up');
  rerender(<CallDetails report={report({})} timeZone="UTC" />);
  expect(wrapUp()).toBeUndefined();
});

test('a call a person transferred to an outside number shows the number', () => {
  const transferred = () => screen.queryByText('Transferred to', { selector: '.ant-descriptions-item-label' })?.nextElementSibling?.textContent;
  const { rerender } = render(<CallDetails report={report({ transferredTo: '+15550009999' })} timeZone="UTC" />);
  expect(transferred()).toBe('+15550009999');
  rerender(<CallDetails report={report({})} timeZone="UTC" />);
  expect(transferred()).toBeUndefined();
});
