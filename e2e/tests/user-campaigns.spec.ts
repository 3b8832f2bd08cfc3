import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminUpdateAccount, bearer } from '../support/admin-api';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { API_URL } from '../support/ports';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

interface CallLogRow { toNumber: string; direction: string; status: string; startedAt: string; durationSeconds: number; aiAgent: { name: string } | null }

/** A USER of a new account on a plan with bulk outbound calls, and an outbound AI agent with its own number. */
async function outboundAccount(request: APIRequestContext) {
  const { email, token, accountId } = await newAccount(request, 'Campaign Dental');
  await adminUpdateAccount(request, accountId, { plan: 'efficiency-plus' });
  await createAiAgent(request, token, {
    name: 'Recall Caller', handleCallType: 'outbound', greeting: 'Hello, this is Campaign Dental about your check-up.',
    prompt: 'Offer a check-up appointment.', phoneNumber: uniqueNumber(),
  });
  return { email, token };
}

const campaignCalls = async (request: APIRequestContext, token: string): Promise<CallLogRow[]> => {
  const res = await request.post(`${API_URL}/call/get-call-logs`, { headers: bearer(token), data: { limit: 50 } });
  return ((await res.json()) as { data: CallLogRow[] }).data.filter((c) => c.aiAgent?.name === 'Recall Caller');
};

test('a USER uploads three leads to a campaign; turned on, the agent calls them one after another in the simulator, and turned off it stops', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { email, token } = await outboundAccount(request);
  const numbers = [uniqueNumber(), uniqueNumber(), uniqueNumber()];
  const csv = ['name,phone', `Grace Hopper,${numbers[0]}`, `Alan Turing,${numbers[1]}`, `Ada Lovelace,${numbers[2]}`, 'Nobody,555-0100'].join('\n');

  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/ai-call-supports');
  const progress = page.getByLabel('Campaign progress of Recall Caller');
  await expect(progress).toHaveText('No leads yet');
  await page.getByRole('button', { name: 'Campaign leads of Recall Caller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Campaign leads of Recall Caller' });
  await dialog.getByLabel('Leads CSV').setInputFiles({ name: 'recall.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('recall.csv: 3 leads added · 3 new · 1 row refused')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Refused rows' })).toHaveText('Line 5: Phone number must be a US number: +1 followed by ten digits');
  await expect(dialog.getByRole('row', { name: /Grace Hopper/ })).toContainText('Queued');
  await saveScreenshot(page, 'dashboard-campaign-leads');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(progress).toHaveText('Called 0 of 3 · 0 answered · 3 left');

  const campaign = page.getByRole('switch', { name: 'Campaign of Recall Caller' });
  await campaign.click();
  await expect(page.getByText('Campaign started')).toBeVisible();
  // One call at a time (the stack's cap): the first lead is called, and the list shows it.
  await expect(progress).toHaveText(/^Called 1 of 3/, { timeout: 20_000 });
  await campaign.click();
  await expect(page.getByText('Campaign paused')).toBeVisible();
  // A call being placed at that very moment still goes out; none is claimed after.
  await page.waitForTimeout(500);
  const atPause = (await campaignCalls(request, token)).length;
  expect(atPause).toBeLessThan(3);
  await page.waitForTimeout(5_000);
  expect(await campaignCalls(request, token), 'no call while the campaign is off').toHaveLength(atPause);
  await expect(progress).toHaveText(new RegExp(`^Called ${atPause} of 3`));

  await campaign.click();
  await expect(progress).toHaveText('Called 3 of 3 · 3 answered · 0 left', { timeout: 60_000 });
  await saveScreenshot(page, 'dashboard-campaign-progress');
  await campaign.click();
  await expect(page.getByText('Campaign paused')).toBeVisible();

  const calls = (await campaignCalls(request, token)).sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  expect(calls.map((c) => c.toNumber).sort()).toEqual([...numbers].sort());
  expect(calls.every((c) => c.direction === 'outbound' && c.status === 'completed')).toBe(true);
  // Paced: each call started only once the one before had ended.
  for (let i = 1; i < calls.length; i++) {
    const previousEnd = Date.parse(calls[i - 1]!.startedAt) + calls[i - 1]!.durationSeconds * 1000;
    expect(Date.parse(calls[i]!.startedAt)).toBeGreaterThanOrEqual(previousEnd - 1_000);
  }
});
