import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { freeBilling, paidBilling } from '../test-support/billing-fixtures';
import { goToProvider } from '../api/go-to-provider';
import { SubscriptionPlansScreen } from './subscription-plans-screen';

jest.mock('../api/go-to-provider', () => ({ goToProvider: jest.fn() }));
// The plan list still arrives after the local wait, with the shortest draw of it (no second per case).
jest.mock('shared-contracts', () => {
  const actual = jest.requireActual<typeof import('shared-contracts')>('shared-contracts');
  return { ...actual, randomDelay: () => actual.randomDelay(() => 0) };
});

const user = makeUser();
type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ billing = () => ok(freeBilling()), checkout = () => ok({ sessionId: 'cs_sim_1', url: 'http://api.test/v1/billing/simulator/checkout/cs_sim_1' }), portal = never }: { billing?: Handler; checkout?: Handler; portal?: Handler }) =>
  stubFetch((r) => (r.url.pathname.endsWith('billing/create-checkout-session') ? checkout(r)
    : r.url.pathname.endsWith('billing/create-portal-session') ? portal(r) : billing(r)));
const card = (name: string) => screen.getByRole('region', { name });
// antd's radio input ignores the pointer; people click its label.
const chooseYearly = () => userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Yearly' }).closest('label')!);

jest.setTimeout(60_000);
afterEach(() => jest.clearAllMocks());

const NAMES = ['Time Saver Basic', 'Efficiency Plus', 'Performance Suite', 'Enterprise Edge'];
const perMonth = () => NAMES.map((n) => within(card(n)).getByLabelText(/ \/ month$/).getAttribute('aria-label'));
const billed = () => NAMES.map((n) => within(card(n)).getByText(/ billed (monthly|yearly)/).textContent);

test('the plans load locally after a short wait; monthly prices first, yearly after the toggle', async () => {
  const { requests } = api({});
  renderScreen(<SubscriptionPlansScreen />, user);
  expect(screen.getByText('Loading plans…')).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Time Saver Basic' });
  expect(perMonth()).toEqual(['$349 / month', '$999 / month', '$1,999 / month', '$199.99 / month']);
  expect(billed()).toEqual(['$349 billed monthly', '$999 billed monthly', '$1,999 billed monthly', '$199.99 billed monthly']);
  await chooseYearly();
  expect(perMonth()).toEqual(['$319 / month', '$829 / month', '$1,549 / month', '$166.67 / month']);
  // Only the billing information is asked of the server; the plans are not.
  expect(requests.map((r) => r.url.pathname)).toEqual([`/v1/users/get-billing-information/${user.accountId}`]);
});

test('yearly billing shows the price per month beside the yearly total that is charged, and the saving', async () => {
  api({});
  renderScreen(<SubscriptionPlansScreen />, user);
  await screen.findByRole('region', { name: 'Time Saver Basic' });
  await chooseYearly();
  expect(billed()).toEqual([
    '$3,828 billed yearly (save $360 a year)', '$9,948 billed yearly (save $2,040 a year)',
    '$18,588 billed yearly (save $5,400 a year)', '$1,999.99 billed yearly (save $399.89 a year)',
  ]);
  expect(screen.queryByText(/\/ year/)).toBeNull();
});

test('each card lists its quota, overage price and planFeature flags', async () => {
  api({});
  renderScreen(<SubscriptionPlansScreen />, user);
  const basic = await screen.findByRole('list', { name: 'Time Saver Basic features' });
  const items = within(basic).getAllByRole('listitem').map((li) => li.textContent);
  expect(items.map((t) => t![0])).toEqual(['✓', '✓', '✓', '✕', '✕', '✕', '✕', '✕', '✕']);
  expect(items.map((t) => t!.slice(1))).toEqual([
    '500 min included each month', '$0.10 per minute over the quota', 'Call logs', 'Reports (not included)',
    'Bulk outbound calls (not included)', 'Call routing (not included)', 'Call recordings (not included)',
    'Real-time call listening (not included)', 'Custom knowledge base (not included)',
  ]);
  const edge = within(screen.getByRole('list', { name: 'Enterprise Edge features' })).getAllByRole('listitem').map((li) => li.textContent);
  expect(edge[0]).toBe('✓10,000 min included each month');
  expect(edge.filter((t) => t?.includes('not included'))).toEqual([]);
});

test('the current plan is marked and cannot be bought again; its other period can', async () => {
  // A plan with no subscription at the provider (an administrator set it): checkout is the way to pay.
  api({ billing: () => ok(paidBilling({ plan: 'efficiency-plus', period: 'monthly', canManageSubscription: false })) });
  renderScreen(<SubscriptionPlansScreen />, user);
  await screen.findByRole('region', { name: 'Efficiency Plus' });
  expect(await within(card('Efficiency Plus')).findByRole('button', { name: 'Current plan' })).toBeDisabled();
  expect(within(card('Efficiency Plus')).getByText('Current plan', { selector: '.ant-tag' })).toBeInTheDocument();
  expect(within(card('Time Saver Basic')).getByRole('button', { name: 'Choose Time Saver Basic' })).toBeEnabled();
  await chooseYearly();
  expect(within(card('Efficiency Plus')).getByRole('button', { name: 'Switch to yearly' })).toBeEnabled();
});

test('Choose starts a checkout for the plan and period and goes to the returned page', async () => {
  const { requests } = api({});
  renderScreen(<SubscriptionPlansScreen />, user);
  await screen.findByRole('region', { name: 'Performance Suite' });
  await chooseYearly();
  await userEvent.click(within(card('Performance Suite')).getByRole('button', { name: 'Choose Performance Suite' }));
  await screen.findByRole('region', { name: 'Performance Suite' });
  expect(goToProvider).toHaveBeenCalledWith('http://api.test/v1/billing/simulator/checkout/cs_sim_1');
  const sent = requests.filter((r) => r.url.pathname.endsWith('billing/create-checkout-session'));
  expect(sent.map((r) => [r.method, r.body])).toEqual([['POST', { planId: 'performance-suite', period: 'yearly' }]]);
});

test('a refused checkout shows the server\'s message and stays on the page', async () => {
  api({ checkout: () => failure(400, 'You are already on the Efficiency Plus plan, billed monthly') });
  renderScreen(<SubscriptionPlansScreen />, user);
  await userEvent.click(await screen.findByRole('button', { name: 'Choose Efficiency Plus' }));
  expect(await screen.findByText('You are already on the Efficiency Plus plan, billed monthly')).toBeInTheDocument();
  expect(goToProvider).not.toHaveBeenCalled();
  expect(within(card('Efficiency Plus')).getByRole('button', { name: 'Choose Efficiency Plus' })).toBeEnabled();
});

test('plans still show when the current plan cannot be loaded', async () => {
  api({ billing: () => failure(500, 'Billing is unavailable') });
  renderScreen(<SubscriptionPlansScreen />, user);
  expect(await screen.findByText('Your current plan could not be loaded: Billing is unavailable')).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'Enterprise Edge' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Current plan' })).toBeNull();
});

test('while billing loads, the plans wait for nothing but their own list', async () => {
  api({ billing: never });
  renderScreen(<SubscriptionPlansScreen />, user);
  expect(await screen.findByRole('region', { name: 'Enterprise Edge' })).toBeInTheDocument();
});

test('a subscribed account changes plan in the portal: the cards offer a change, never a second subscription', async () => {
  const { requests } = api({
    billing: () => ok(paidBilling({ plan: 'efficiency-plus', period: 'monthly' })),
    portal: () => ok({ url: 'https://billing.stripe.test/p/session/bps_1' }),
  });
  renderScreen(<SubscriptionPlansScreen />, user);
  expect(await screen.findByText('You have a subscription: change its plan or billing period, or cancel it, with Manage subscription.')).toBeInTheDocument();
  await screen.findByRole('region', { name: 'Time Saver Basic' });
  expect(await within(card('Efficiency Plus')).findByRole('button', { name: 'Current plan' })).toBeDisabled();
  expect(within(card('Efficiency Plus')).queryByRole('button', { name: 'Choose Efficiency Plus' })).toBeNull();
  await userEvent.click(within(card('Time Saver Basic')).getByRole('button', { name: 'Change to Time Saver Basic' }));
  expect(goToProvider).toHaveBeenCalledWith('https://billing.stripe.test/p/session/bps_1');
  expect(requests.some((r) => r.url.pathname.endsWith('billing/create-checkout-session'))).toBe(false);
});

test('an account put on a plan by hand (no subscription) sees that plan as current in either period', async () => {
  api({ billing: () => ok(freeBilling({ plan: 'efficiency-plus' })) });
  renderScreen(<SubscriptionPlansScreen />, user);
  await screen.findByRole('region', { name: 'Efficiency Plus' });
  expect(await within(card('Efficiency Plus')).findByRole('button', { name: 'Current plan' })).toBeDisabled();
  await chooseYearly();
  expect(within(card('Efficiency Plus')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
});

test('after a cancelled subscription, the plans can be bought again', async () => {
  api({ billing: () => ok(freeBilling({ status: 'canceled', canManageSubscription: true })) });
  renderScreen(<SubscriptionPlansScreen />, user);
  await screen.findByRole('region', { name: 'Efficiency Plus' });
  expect(await within(card('Time Saver Basic')).findByRole('button', { name: 'Choose Time Saver Basic' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
});
