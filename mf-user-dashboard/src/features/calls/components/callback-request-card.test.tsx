import { render, screen, within } from '@testing-library/react';
import { CallbackRequestCard } from './callback-request-card';

/** What the card says for one label. */
const detail = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

test('names whom to call back, on which number, why and when they asked', () => {
  render(<CallbackRequestCard timeZone="America/New_York" request={{
    callerName: 'Ada Caller', phoneNumber: '+15550001111', reason: 'Her crown came loose', requestedAt: '2026-03-10T14:03:00.000Z',
  }} />);
  const card = screen.getByRole('region', { name: 'Callback requested' });
  expect(within(card).getByText('Callback requested')).toBeInTheDocument();
  expect(detail(card, 'Name')).toBe('Ada Caller');
  expect(detail(card, 'Number to call back')).toBe('+15550001111');
  expect(within(card).getByRole('link', { name: '+15550001111' })).toHaveAttribute('href', 'tel:+15550001111');
  expect(detail(card, 'Reason')).toBe('Her crown came loose');
  expect(detail(card, 'Requested')).toBe('Mar 10, 2026, 10:03 AM');
});

test('says what the caller did not give', () => {
  render(<CallbackRequestCard timeZone="UTC" request={{ callerName: null, phoneNumber: null, reason: 'Billing question', requestedAt: '2026-03-10T14:03:00.000Z' }} />);
  const card = screen.getByRole('region', { name: 'Callback requested' });
  expect(detail(card, 'Name')).toBe('Not given');
  expect(detail(card, 'Number to call back')).toBe('Not given');
  expect(within(card).queryByRole('link')).toBeNull();
});
