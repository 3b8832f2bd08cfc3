import { render, screen, within } from '@testing-library/react';
import { LOCAL_RESPONDER_LABEL, type CallAnalysisValue } from 'shared-contracts';
import { CallAnalysisCard } from './call-analysis-card';

/** What the card says for one label. */
const detail = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

const ANALYSIS: CallAnalysisValue = {
  fields: [
    { name: 'Appointment', type: 'date', value: '2030-03-09T15:00' },
    { name: 'Visit day', type: 'date', value: '2030-03-10' },
    { name: 'Caller name', type: 'text', value: 'Ada Lovelace' },
    { name: 'Booked', type: 'yes-no', value: true },
    { name: 'Returning', type: 'yes-no', value: false },
    { name: 'Party size', type: 'number', value: 4 },
    { name: 'Outcome', type: 'choice', value: null },
  ],
  success: true,
  successReason: 'An appointment was booked on the call.',
  analysedBy: 'OpenAI gpt-4o',
};

test('shows whether the call was a success and why, and each field as the call filled it', () => {
  render(<CallAnalysisCard analysis={ANALYSIS} />);
  const card = screen.getByRole('region', { name: 'Call analysis' });
  expect(detail(card, 'Success')).toBe('SuccessfulAn appointment was booked on the call.');
  // Dates are the business's local day and time, as the call booked them.
  expect(detail(card, 'Appointment')).toBe('Mar 9, 2030, 3:00 PM');
  expect(detail(card, 'Visit day')).toBe('Mar 10, 2030');
  expect(detail(card, 'Caller name')).toBe('Ada Lovelace');
  expect(detail(card, 'Booked')).toBe('Yes');
  expect(detail(card, 'Returning')).toBe('No');
  expect(detail(card, 'Party size')).toBe('4');
  expect(detail(card, 'Outcome')).toBe('Not said');
  expect(detail(card, 'Analysed by')).toBe('OpenAI gpt-4o');
});

test('a call that was not a success, and one nobody could judge', () => {
  const { unmount } = render(<CallAnalysisCard analysis={{ ...ANALYSIS, fields: [], success: false, successReason: 'No appointment was booked on the call.' }} />);
  expect(detail(screen.getByRole('region', { name: 'Call analysis' }), 'Success')).toBe('Not successfulNo appointment was booked on the call.');
  unmount();
  render(<CallAnalysisCard analysis={{ fields: [], success: null, successReason: '', analysedBy: LOCAL_RESPONDER_LABEL }} />);
  const card = screen.getByRole('region', { name: 'Call analysis' });
  expect(detail(card, 'Success')).toBe('Not judged');
  expect(detail(card, 'Analysed by')).toBe(LOCAL_RESPONDER_LABEL);
});
