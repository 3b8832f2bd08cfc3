import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { PLANS } from 'shared-contracts';
import { freeBilling } from '../test-support/billing-fixtures';
import { SubscriptionPlansScreen } from './subscription-plans-screen';

// The local plan list itself failing or coming back empty: states the real data never reaches.
const mockLoad = jest.fn();
jest.mock('../hooks/use-plans', () => {
  const useSWR = jest.requireActual('swr').default;
  return { usePlans: () => useSWR('test:plans', () => mockLoad()) };
});

jest.setTimeout(60_000);

test('an empty plan list says so', async () => {
  stubFetch(() => ok(freeBilling()));
  mockLoad.mockResolvedValue([]);
  renderScreen(<SubscriptionPlansScreen />, makeUser());
  expect(await screen.findByText('No plans are available right now')).toBeInTheDocument();
});

test('a failed plan list shows the error, and Retry loads it', async () => {
  stubFetch(() => ok(freeBilling()));
  mockLoad.mockRejectedValueOnce(new Error('Plans could not be loaded')).mockResolvedValue(PLANS);
  renderScreen(<SubscriptionPlansScreen />, makeUser());
  expect(await screen.findByText('Plans could not be loaded')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('region', { name: 'Time Saver Basic' })).toBeInTheDocument();
});
