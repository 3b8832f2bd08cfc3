import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, renderScreen } from 'shared-auth/src/testing/render-screen';
import { failure, never, ok, stubFetch } from 'shared-auth/src/testing/fetch-stub';
import { freeBilling, paidBilling } from './billing-fixtures';
import { SubscriptionCancelScreen } from './subscription-cancel-screen';
import { SubscriptionSuccessScreen } from './subscription-success-screen';

const user = makeUser({ timeZone: 'America/New_York' });
jest.setTimeout(60_000);

describe('success page', () => {
  test('loading, then the plan now in force', async () => {
    let reply = never;
    const { requests } = stubFetch(() => reply());
    const view = renderScreen(<SubscriptionSuccessScreen />, user);
    expect(screen.getByText('Loading your subscription…')).toBeInTheDocument();
    view.unmount();
    reply = async () => ok(paidBilling());
    renderScreen(<SubscriptionSuccessScreen />, user);
    expect(await screen.findByText('You are now on the Efficiency Plus plan')).toBeInTheDocument();
    expect(screen.getByText('Yearly billing, renews on Mar 10, 2027. Thank you for your payment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to billing information' })).toHaveAttribute('href', '/dashboard/billing-information');
    expect(requests.every((r) => r.url.pathname === `/v1/users/get-billing-information/${user.accountId}`)).toBe(true);
  });

  test('a payment not yet confirmed asks again until it is', async () => {
    let confirmed = false;
    stubFetch(() => ok(confirmed ? paidBilling() : freeBilling()));
    renderScreen(<SubscriptionSuccessScreen />, user);
    expect(await screen.findByText('We are confirming your payment…')).toBeInTheDocument();
    confirmed = true;
    expect(await screen.findByText('You are now on the Efficiency Plus plan', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  test('a failed load shows the error with Retry', async () => {
    let fail = true;
    stubFetch(() => (fail ? failure(500, 'Billing is unavailable') : ok(paidBilling())));
    renderScreen(<SubscriptionSuccessScreen />, user);
    expect(await screen.findByText('Billing is unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('You are now on the Efficiency Plus plan')).toBeInTheDocument();
  });
});

describe('cancel page', () => {
  test('says nothing was charged and names the unchanged plan', async () => {
    stubFetch(() => ok(freeBilling()));
    renderScreen(<SubscriptionCancelScreen />, user);
    expect(screen.getByText('No payment was taken and your plan has not changed.')).toBeInTheDocument();
    expect(screen.getByText('Loading your plan…')).toBeInTheDocument();
    expect(await screen.findByText('You are on the Free plan.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/dashboard/subscription-plans');
  });

  test('a failed load shows the error with Retry', async () => {
    let fail = true;
    stubFetch(() => (fail ? failure(500, 'Billing is unavailable') : ok(paidBilling({ plan: 'enterprise-edge' }))));
    renderScreen(<SubscriptionCancelScreen />, user);
    expect(await screen.findByText('Billing is unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    expect(await screen.findByText('You are on the Enterprise Edge plan.')).toBeInTheDocument();
  });
});
