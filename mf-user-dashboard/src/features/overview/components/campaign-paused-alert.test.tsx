import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AiAgentSummary } from 'shared-contracts';
import { CampaignPausedAlert } from './campaign-paused-alert';

const agent = (name: string, campaignPausedReason: AiAgentSummary['campaignPausedReason']): AiAgentSummary => ({
  id: `10000000-0000-4000-8000-00000000000${name.length}`, name, handleCallType: 'outbound', phoneNumber: null,
  campaignActive: false, campaignPausedReason, createdAt: '2026-01-01T00:00:00.000Z',
});

test('the overview says which campaigns the plan paused, why, and where to upgrade', () => {
  render(<MemoryRouter><CampaignPausedAlert agents={[agent('Reminder', 'plan'), agent('Front', null), agent('Recall Caller', 'plan')]} /></MemoryRouter>);
  const notice = screen.getByRole('status');
  expect(notice).toHaveTextContent('Campaign paused: your plan no longer includes bulk outbound calls. It resumes when you upgrade.');
  expect(notice).toHaveTextContent('Paused campaigns: Reminder, Recall Caller.');
  expect(within(notice).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/dashboard/subscription-plans');
});

test('no notice while no campaign is paused by its plan', () => {
  const { container } = render(<MemoryRouter><CampaignPausedAlert agents={[agent('Front', null)]} /></MemoryRouter>);
  expect(container).toBeEmptyDOMElement();
});
