import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { featureNeedsPlanText } from 'shared-contracts';
import { failure, makeUser, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { SummaryReportScreen } from '../reports/components/summary-report-screen';
import { CancellationFeaturesNotice, FeaturesLostNotice, PlanUpgradePrompt } from '.';

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

test('the upgrade prompt names the feature and the plan that includes it, and links to the plans page', () => {
  render(<MemoryRouter><PlanUpgradePrompt feature="customKnowledgeBase" /></MemoryRouter>);
  expect(screen.getByText('Your plan does not include custom knowledge base; it comes with the Performance Suite plan and higher')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade to Performance Suite' })).toHaveAttribute('href', '/dashboard/subscription-plans');
});

test('a report the plan does not include shows the upgrade prompt instead of an error', async () => {
  stubFetch(() => failure(403, featureNeedsPlanText('reports')));
  renderScreen(<SummaryReportScreen />, makeUser());
  const page = await screen.findByRole('region', { name: 'Summary' });
  expect(await within(page).findByText('Your plan does not include reports; it comes with the Efficiency Plus plan and higher')).toBeInTheDocument();
  expect(within(page).getByRole('link', { name: 'Upgrade to Efficiency Plus' })).toHaveAttribute('href', '/dashboard/subscription-plans');
  expect(within(page).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
});

test('a downgrade says what stops and when, and that stored data is kept', () => {
  render(<FeaturesLostNotice from="performance-suite" to="efficiency-plus" when="Dec 28, 2026" />);
  expect(screen.getByText('From Dec 28, 2026, on Efficiency Plus these stop: Real-time call listening, Custom knowledge base')).toBeInTheDocument();
  expect(screen.getByText(/are kept, and are used again when you move to a plan that includes them/)).toBeInTheDocument();
});

test('a change that keeps every feature says nothing', () => {
  const { container } = render(<FeaturesLostNotice from="time-saver-basic" to="efficiency-plus" />);
  expect(container).toBeEmptyDOMElement();
});

test('a subscription cancelled at its period\'s end says what the free plan stops on that date', () => {
  const info = {
    plan: 'efficiency-plus', period: 'monthly', status: 'active', currentPeriodEnd: '2026-12-28T17:00:00.000Z', cancelAtPeriodEnd: true,
    paymentFailure: null, timeZone: 'America/New_York',
  } as unknown as Parameters<typeof CancellationFeaturesNotice>[0]['info'];
  render(<CancellationFeaturesNotice info={info} />);
  expect(screen.getByText('From Dec 28, 2026, on Free these stop: Reports, Bulk outbound calls, Call routing, Call recordings')).toBeInTheDocument();
  const { container } = render(<CancellationFeaturesNotice info={{ ...info, cancelAtPeriodEnd: false }} />);
  expect(container).toBeEmptyDOMElement();
});
