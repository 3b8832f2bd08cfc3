import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import type { CheckoutSession } from 'shared-contracts';
import { freeBilling, paidBilling } from '../test-support/billing-fixtures';
import { SubscriptionCancelScreen } from './subscription-cancel-screen';
import { SubscriptionSuccessScreen } from './subscription-success-screen';

const user = makeUser({ timeZone: 'America/New_York' });
jest.setTimeout(60_000);

const SUCCESS_AT = '/dashboard/subscription-plans/success?session_id=cs_sim_0123abcd';
const session = (overrides: Partial<CheckoutSession> = {}): CheckoutSession => ({
  sessionId: 'cs_sim_0123abcd', planId: 'efficiency-plus', period: 'yearly', status: 'completed', amount: 9948, currency: 'usd', ...overrides,
});
type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ checkout, billing = () => ok(paidBilling()) }: { checkout: Handler; billing?: Handler }) =>
  stubFetch((r) => (r.url.pathname.includes('billing/get-checkout-session/') ? checkout(r) : billing(r)));
const title = (name: string) => screen.findByRole('heading', { level: 1, name });
const wayBack = () => {
  expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/dashboard/subscription-plans');
  expect(screen.getByRole('link', { name: 'Go to billing information' })).toHaveAttribute('href', '/dashboard/billing-information');
};

describe('success page', () => {
  test('loading, then the plan the paid checkout put in force', async () => {
    let reply: Handler = never;
    const { requests } = api({ checkout: (r) => reply(r) });
    const view = renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
    expect(screen.getByText('Loading your subscription…')).toBeInTheDocument();
    view.unmount();
    reply = () => ok(session());
    renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
    expect(await title('Subscription confirmed')).toBeInTheDocument();
    expect(await screen.findByText('You are now on the Efficiency Plus plan')).toBeInTheDocument();
    expect(screen.getByText('Yearly billing, renews on Mar 10, 2027. Thank you for your payment.')).toBeInTheDocument();
    wayBack();
    expect(requests.map((r) => r.url.pathname)).toContain('/v1/billing/get-checkout-session/cs_sim_0123abcd');
  });

  test('a payment not yet confirmed asks again until it is', async () => {
    let confirmed = false;
    api({ checkout: () => ok(session({ status: confirmed ? 'completed' : 'open' })) });
    renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
    expect(await screen.findByText('We are confirming your payment…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    confirmed = true;
    expect(await screen.findByText('You are now on the Efficiency Plus plan', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  test('a payment the provider does not confirm within the wait says so, stops asking, and offers Check again and a way back', async () => {
    let confirmed = false;
    const { requests } = api({ checkout: () => ok(session({ status: confirmed ? 'completed' : 'open' })) });
    renderScreen(<SubscriptionSuccessScreen confirmWaitMs={300} />, user, SUCCESS_AT);
    expect(await title('Payment not confirmed yet')).toBeInTheDocument();
    expect(screen.getByText('Your payment is not confirmed yet')).toBeInTheDocument();
    expect(screen.getByText(/has not confirmed your Efficiency Plus checkout yet\. If you paid, your plan changes as soon as it does; if you did not finish paying, nothing was charged\./)).toBeInTheDocument();
    expect(screen.queryByText('We are confirming your payment…')).toBeNull();
    wayBack();
    const asked = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requests).toHaveLength(asked);

    confirmed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('You are now on the Efficiency Plus plan')).toBeInTheDocument();
  });

  test('with no session id the page says at once that there is nothing to confirm, and asks nothing', async () => {
    const { requests } = api({ checkout: () => ok(session()) });
    renderScreen(<SubscriptionSuccessScreen />, user, '/dashboard/subscription-plans/success');
    expect(await title('No payment to confirm')).toBeInTheDocument();
    expect(screen.getByText('There is no payment to confirm')).toBeInTheDocument();
    expect(screen.queryByText('Subscription confirmed')).toBeNull();
    wayBack();
    expect(requests).toHaveLength(0);
  });

  test('a made-up session id is not found, at once, with a way back', async () => {
    api({ checkout: () => failure(404, 'Not found') });
    renderScreen(<SubscriptionSuccessScreen />, user, '/dashboard/subscription-plans/success?session_id=bogus');
    expect(await title('Checkout not found')).toBeInTheDocument();
    expect(screen.getByText('We could not find this checkout')).toBeInTheDocument();
    wayBack();
  });

  test('an expired checkout says nothing was charged', async () => {
    api({ checkout: () => ok(session({ status: 'expired' })) });
    renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
    expect(await title('Checkout not completed')).toBeInTheDocument();
    expect(screen.getByText('It expired before it was paid. No payment was taken and your plan has not changed.')).toBeInTheDocument();
    wayBack();
  });

  test('a checkout paid while the account already had a subscription says its payment was taken and how to get it back', async () => {
    api({ checkout: () => ok(session({ status: 'canceled' })) });
    renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
    expect(await screen.findByText('Your account already had a subscription')).toBeInTheDocument();
    expect(screen.queryByText(/No payment was taken/)).toBeNull();
    expect(screen.getByText(/send a support request to have it refunded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a support request' })).toHaveAttribute('href', '/dashboard/support-desk');
  });

  test('a failed load shows the error with Retry', async () => {
    let fail = true;
    api({ checkout: () => (fail ? failure(500, 'Billing is unavailable') : ok(session())) });
    renderScreen(<SubscriptionSuccessScreen />, user, SUCCESS_AT);
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
