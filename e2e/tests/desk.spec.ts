import { expect, test, type Page } from '@playwright/test';
import { adminUpdateAccount, bearer } from '../support/admin-api';
import { API_URL } from '../support/ports';
import { NEW_USER_PASSWORD, registerVerifiedAgent, uniqueNumber as randomCaller } from '../support/new-user';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

/** The page's figure by its name, e.g. "Callers offered" → "2". */
const figure = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Desk figures' }).getByRole('listitem', { name, exact: true }).locator('.ant-statistic-content');

// One account, its one user first the USER, then its AGENT, then the USER again (an administrator
// changes the role, as the account edit screen does): the account's own settings, calls and report.
test('the USER sets the dispositions, the AGENT holds a call and wraps it up with one, and the desk report counts the calls made', async ({ browser }) => {
  let userId = '';
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const agent = await registerVerifiedAgent(userContext.request, 'Desk Dental', async (account) => {
    const session = await userContext.request.get(`${API_URL}/auth/session-user`, { headers: bearer(account.token) });
    userId = ((await session.json()) as { data: { id: string } }).data.id;
    await signIn(userPage, account.email, NEW_USER_PASSWORD);
    await userPage.goto('/dashboard/account/preferences');
    const form = userPage.getByRole('form', { name: 'Wrap-up settings' });
    await form.getByRole('combobox', { name: 'Dispositions' }).fill('Booked');
    await form.getByRole('combobox', { name: 'Dispositions' }).press('Enter');
    await form.getByRole('spinbutton', { name: 'Time to wrap up (seconds)' }).fill('300');
    await form.getByRole('button', { name: 'Save wrap-up settings' }).click();
    await expect(userPage.getByText('Wrap-up settings saved')).toBeVisible();
  });
  await userContext.close();

  const agentContext = await browser.newContext();
  const page = await agentContext.newPage();
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();
  const ring = async () => {
    const rung = await agentContext.request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from: randomCaller(), to: agent.agentNumber } });
    expect(rung.ok()).toBe(true);
    return ((await rung.json()) as { data: { callSid: string } }).data.callSid;
  };
  const hangUp = async (callSid: string) => expect((await agentContext.request.post(`${API_URL}/telephony/simulator/calls/${callSid}/hangup`)).ok()).toBe(true);
  const dialog = page.getByRole('dialog');

  // Answered, then wrapped up with the account's own disposition.
  const answered = await ring();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByLabel('Call timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 });
  // Held: the caller hears the hold tone until the agent takes them back.
  const callerHears = async () =>
    ((await (await agentContext.request.get(`${API_URL}/telephony/simulator/calls/${answered}`)).json()) as { data: { callerHears: string } }).data.callerHears;
  await page.getByRole('button', { name: 'Hold', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Call status' })).toContainText(/On hold 00:00:0\d/);
  expect(await callerHears()).toBe('hold tone');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('status', { name: 'Call status' })).not.toContainText('On hold');
  expect(await callerHears()).toBe('a person');
  await hangUp(answered);
  const wrapUp = page.getByRole('region', { name: 'Wrap-up' });
  await expect(wrapUp.getByRole('timer')).toHaveText(/^Time left 00:0[45]:\d\d$/);
  await wrapUp.getByRole('radio', { name: 'Booked' }).check();
  await wrapUp.getByRole('button', { name: 'Save wrap-up' }).click();
  await expect(wrapUp).toBeHidden();
  // The caller gives up while it rings.
  const abandoned = await ring();
  await expect(dialog.getByText('Incoming call')).toBeVisible();
  await hangUp(abandoned);
  await expect(dialog).toBeHidden();
  await agentContext.close();

  const ownerContext = await browser.newContext();
  await adminUpdateAccount(ownerContext.request, agent.accountId, { roles: [{ id: userId, title: 'USER', twilio_number: null }] });
  const owner = await ownerContext.newPage();
  await signIn(owner, agent.email, NEW_USER_PASSWORD);
  await owner.goto('/dashboard/reports/desk');
  await expect(figure(owner, 'Callers offered')).toHaveText('2');
  await expect(figure(owner, 'Answered')).toHaveText('1');
  await expect(figure(owner, 'Abandoned in queue')).toHaveText('1');
  await expect(figure(owner, 'Handed over by AI agents')).toHaveText('0');
  await expect(owner.getByRole('region', { name: 'Desk by agent' }).getByRole('row').nth(1)).toContainText('Booked 1');
  await saveScreenshot(owner, 'desk-report');
  await ownerContext.close();
});
