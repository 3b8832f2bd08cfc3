import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { freeBilling, paidBilling, usageOf } from '../test-support/billing-fixtures';
import { goToProvider } from '../api/go-to-provider';
import { BillingInformationScreen } from './billing-information-screen';

jest.mock('../api/go-to-provider', () => ({ goToProvider: jest.fn() }));

const user = makeUser({ timeZone: 'America/New_York' });
type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ billing, usage, portal = never, end = never }: { billing: Handler; usage: Handler; portal?: Handler; end?: Handler }) =>
  stubFetch((r) => (r.url.pathname.includes('billing/get-usage') ? usage(r)
    : r.url.pathname.includes('billing/create-portal-session') ? portal(r)
      : /billing\/(cancel|resume)-subscription/.test(r.url.pathname) ? end(r) : billing(r)));

jest.setTimeout(60_000);
afterEach(() => { jest.restoreAllMocks(); jest.mocked(goToProvider).mockClear(); });

// A role query over the whole page is slow in jsdom and findByRole repeats it on every render:
// wait for the loaded plan's name, then ask for the button by its role once.
const buttonOfLoadedPlan = async (name: string) => {
  await screen.findByText('Efficiency Plus');
  return screen.getByRole('button', { name });
};

const field = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label, .ant-descriptions-item-label *' }).closest('th')!.nextElementSibling as HTMLElement;

test('shows a loading state while the plan and usage load', () => {
  api({ billing: never, usage: never });
  renderScreen(<BillingInformationScreen />, user);
  expect(screen.getByText('Loading your plan…')).toBeInTheDocument();
  expect(screen.getByText('Loading usage…')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Payment history' })).toHaveAttribute('aria-busy', 'true');
});

test('shows the plan, period, price, renewal, card, minutes against the quota and the payments', async () => {
  const { requests } = api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('Efficiency Plus')).toBeInTheDocument();
  expect(field('Billing period')).toHaveTextContent('Yearly');
  expect(field('Price')).toHaveTextContent('$829 / month ($9,948 billed yearly)');
  expect(field('Renews on')).toHaveTextContent('Mar 10, 2027');
  expect(field('Payment method')).toHaveTextContent('VISA ending 4242 (12/2029)');
  expect(field('Status')).toHaveTextContent('Active');
  expect(await screen.findByText('512 min used of 2,000 min')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Minutes used' })).toHaveAttribute('aria-valuenow', '26');
  expect(screen.getByText('No overage this month')).toBeInTheDocument();
  const row = within(screen.getByRole('region', { name: 'Payment history' })).getByRole('row', { name: /INV-202603-ABCD1234/ });
  expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Mar 10, 2026', 'INV-202603-ABCD1234', '$9,948', 'Paid']);
  expect(requests.map((r) => r.url.pathname).sort()).toEqual([
    `/v1/billing/get-usage/${user.accountId}`, `/v1/users/get-billing-information/${user.accountId}`,
  ]);
});

test('minutes over the quota show as overage with its cost', async () => {
  api({ billing: () => ok(paidBilling({ plan: 'time-saver-basic', period: 'monthly' })), usage: () => ok(usageOf({ plan: 'time-saver-basic', minutesUsed: 512, minuteQuota: 500, overageMinutes: 12, overageCost: 1.2 })) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('Overage: 12 min at $0.10 per minute = $1.20')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Minutes used' })).toHaveAttribute('aria-valuenow', '100');
});

test('a free account with no payments: the empty state', async () => {
  api({ billing: () => ok(freeBilling()), usage: () => ok(usageOf({ plan: 'free', minutesUsed: 0, minuteQuota: 30 })) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  expect(field('Plan')).toHaveTextContent('Free');
  expect(field('Price')).toHaveTextContent('Free');
  expect(field('Renews on')).toHaveTextContent('—');
  expect(field('Status')).toHaveTextContent('No subscription');
  expect(await screen.findByText('0 min used of 30 min')).toBeInTheDocument();
  expect(screen.getByText(/^The free plan includes 30 min a month; past that, calls keep working and are not charged\./)).toBeInTheDocument();
});

test('a free account past its minutes is told that calls go on uncharged, and where more minutes are', async () => {
  api({ billing: () => ok(freeBilling()), usage: () => ok(usageOf({ plan: 'free', minutesUsed: 268, minuteQuota: 30, overageMinutes: 238, overageCost: 0 })) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('268 min used of 30 min')).toBeInTheDocument();
  const overage = screen.getByText(/^238 min over the free plan's 30 min a month: calls keep working and are not charged\. A paid plan includes 500 min or more each month\./);
  expect(within(overage).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/dashboard/subscription-plans');
  expect(screen.queryByText(/\$0|Overage/)).toBeNull();
});

test('a user in Chicago sees the account\'s month and billing dates on the account\'s clock (UTC), named as such', async () => {
  const chicago = makeUser({ timeZone: 'America/Chicago' });
  api({
    billing: () => ok(paidBilling({ timeZone: 'UTC', currentPeriodEnd: '2026-12-01T00:30:00.000Z', invoices: [{ ...paidBilling().invoices[0]!, issuedAt: '2025-12-01T00:30:00.000Z' }] })),
    usage: () => ok(usageOf({ timeZone: 'UTC', periodStart: '2025-11-01T00:00:00.000Z', periodEnd: '2025-11-30T23:59:59.999Z' })),
  });
  renderScreen(<BillingInformationScreen />, chicago);
  expect(await screen.findByText("Nov 1, 2025 – Nov 30, 2025, in the account's time zone (UTC)")).toBeInTheDocument();
  expect(await screen.findByText('Efficiency Plus')).toBeInTheDocument();
  expect(field('Renews on')).toHaveTextContent('Dec 1, 2026');
  const row = within(screen.getByRole('region', { name: 'Payment history' })).getByRole('row', { name: /INV-202603-ABCD1234/ });
  expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('Dec 1, 2025');
});

test('a user in the account\'s own zone sees the period without a zone note', async () => {
  api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('Mar 1, 2026 – Mar 31, 2026')).toBeInTheDocument();
});

test('a failed load shows the error with Retry, which loads again', async () => {
  let fail = true;
  api({ billing: () => (fail ? failure(500, 'Billing is unavailable') : ok(paidBilling())), usage: () => (fail ? failure(500, 'Usage is unavailable') : ok(usageOf())) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('Billing is unavailable')).toBeInTheDocument();
  expect(await screen.findByText('Usage is unavailable')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Payment history' })).toBeNull();
  fail = false;
  for (const retry of screen.getAllByRole('button', { name: /retry/i })) await userEvent.click(retry);
  expect(await screen.findByText('Efficiency Plus')).toBeInTheDocument();
  expect(await screen.findByText('512 min used of 2,000 min')).toBeInTheDocument();
});

test('Manage subscription opens the payment provider\'s portal for the account', async () => {
  const { requests } = api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()), portal: () => ok({ url: 'http://api.test/v1/billing/simulator/portal?session=bps_sim_1' }) });
  renderScreen(<BillingInformationScreen />, user);
  await userEvent.click(await buttonOfLoadedPlan('Manage subscription'));
  expect(goToProvider).toHaveBeenCalledWith('http://api.test/v1/billing/simulator/portal?session=bps_sim_1');
  const opened = requests.find((r) => r.url.pathname.endsWith('billing/create-portal-session'))!;
  expect(opened.method).toBe('POST');
});

test('a portal the provider will not open says why, and the page stays', async () => {
  api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()), portal: () => failure(502, 'The payment provider could not open the subscription portal. Please try again.') });
  renderScreen(<BillingInformationScreen />, user);
  await userEvent.click(await buttonOfLoadedPlan('Manage subscription'));
  expect(await screen.findByRole('alert')).toHaveTextContent('The payment provider could not open the subscription portal. Please try again.');
  expect(goToProvider).not.toHaveBeenCalled();
});

test('an account that never paid has nothing to manage: no portal button', async () => {
  api({ billing: () => ok(freeBilling()), usage: () => ok(usageOf({ plan: 'free', minutesUsed: 0, minuteQuota: 30 })) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
});

test('a failed renewal shows past due, when it failed, when the card is tried again, and what to do', async () => {
  api({
    billing: () => ok(paidBilling({ status: 'past_due', paymentFailure: { failedAt: '2026-03-10T15:00:00.000Z', nextAttemptAt: '2026-03-13T15:00:00.000Z' } })),
    usage: () => ok(usageOf()),
  });
  renderScreen(<BillingInformationScreen />, user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your payment failed on Mar 10, 2026');
  expect(alert).toHaveTextContent('We will try your card again on Mar 13, 2026. Update your card with Manage subscription to keep Efficiency Plus.');
  expect(field('Status')).toHaveTextContent('Past due');
  expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
});

test('a paid account shows no payment notice', async () => {
  api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('Efficiency Plus')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a cancelled subscription leaves the account on the free plan, shown as cancelled', async () => {
  api({ billing: () => ok(freeBilling({ status: 'canceled', canManageSubscription: true })), usage: () => ok(usageOf({ plan: 'free', minutesUsed: 12, minuteQuota: 30 })) });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('12 min used of 30 min')).toBeInTheDocument();
  expect(field('Plan')).toHaveTextContent('Free');
  expect(field('Status')).toHaveTextContent('Cancelled');
  expect(field('Price')).toHaveTextContent('Free');
});

test('Cancel asks first with the date the plan ends, keeps the plan until then, and Resume takes it back', async () => {
  let cancelled = false;
  const { requests } = api({
    billing: () => ok(paidBilling({ cancelAtPeriodEnd: cancelled })),
    usage: () => ok(usageOf()),
    end: (r) => {
      cancelled = r.url.pathname.endsWith('cancel-subscription');
      return ok({ cancelAtPeriodEnd: cancelled, currentPeriodEnd: '2027-03-10T15:00:00.000Z' });
    },
  });
  renderScreen(<BillingInformationScreen />, user);
  await userEvent.click(await buttonOfLoadedPlan('Cancel subscription'));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Efficiency Plus?' });
  expect(dialog).toHaveTextContent('You keep Efficiency Plus until Mar 10, 2027.');
  // Keeping the plan sends nothing.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
  expect(requests.some((r) => r.url.pathname.endsWith('cancel-subscription'))).toBe(false);

  await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
  await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel Efficiency Plus?' })).getByRole('button', { name: 'Cancel on Mar 10, 2027' }));
  expect(await screen.findByText('Efficiency Plus ends on Mar 10, 2027')).toBeInTheDocument();
  expect(field('Ends on')).toHaveTextContent('Mar 10, 2027');
  expect(field('Plan')).toHaveTextContent('Efficiency Plus');
  expect(requests.filter((r) => r.url.pathname.endsWith('cancel-subscription')).map((r) => r.method)).toEqual(['POST']);

  await userEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
  expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  expect(field('Renews on')).toHaveTextContent('Mar 10, 2027');
});

test('a cancel the provider refuses says why, and the plan reads unchanged', async () => {
  api({ billing: () => ok(paidBilling()), usage: () => ok(usageOf()), end: () => failure(502, 'The payment provider could not change the subscription. Please try again.') });
  renderScreen(<BillingInformationScreen />, user);
  await userEvent.click(await buttonOfLoadedPlan('Cancel subscription'));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel Efficiency Plus?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel on Mar 10, 2027' }));
  expect(await within(dialog).findByText('The payment provider could not change the subscription. Please try again.')).toBeInTheDocument();
  expect(field('Renews on')).toHaveTextContent('Mar 10, 2027');
});

test('overage of a closed month shows as waiting for the next invoice, and a billed one on its invoice', async () => {
  api({
    billing: () => ok(paidBilling({
      unbilledOverage: [{ monthStart: '2026-02-01T05:00:00.000Z', minutes: 120, amount: 9.6 }],
      invoices: [{ id: 'inv-2', number: 'INV-202602-0000BEEF', amount: 1008.6, overageAmount: 9.6, currency: 'usd', status: 'paid', issuedAt: '2026-02-10T15:00:00.000Z', pdfUrl: null }],
    })),
    usage: () => ok(usageOf()),
  });
  renderScreen(<BillingInformationScreen />, user);
  expect(await screen.findByText('$9.60 of overage is added to your next invoice')).toBeInTheDocument();
  expect(screen.getByText('Minutes over your plan\'s quota: 120 minutes in February 2026 ($9.60).')).toBeInTheDocument();
  const row = within(screen.getByRole('region', { name: 'Payment history' })).getByText('INV-202602-0000BEEF').closest('tr')!;
  expect(row).toHaveTextContent('$1,008.60 (includes $9.60 overage)');
});
