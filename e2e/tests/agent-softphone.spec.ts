import { expect, test } from '@playwright/test';
import { API_URL } from '../support/ports';
import { NEW_USER_PASSWORD, createAiAgent, registerVerifiedAgent, uniqueNumber as randomCaller } from '../support/new-user';
import { callAiAgent } from '../support/relay-caller';
import { saveScreenshot } from '../support/screenshot';
import { choose } from '../support/select';
import { signIn } from '../support/session';

// Each test's AGENT is in an account of its own: the calls it takes are in no other test's logs.
const RECEPTIONIST = { name: 'Front Desk Receptionist', greeting: 'Thank you for calling Handoff Dental. How can I help you today?' };

test('an inbound call queues, rings the agent, is accepted and timed, the caller hangs up, the agent wraps it up, and it is in the call logs', async ({ browser }) => {
  const agentContext = await browser.newContext();
  const callerContext = await browser.newContext();
  const page = await agentContext.newPage();
  const agent = await registerVerifiedAgent(agentContext.request, 'Softphone Dental');
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();

  const badge = page.locator('.ant-badge sup');
  const before = (await badge.count()) > 0 ? Number(await badge.first().getAttribute('title')) : 0;

  // The caller: the simulator's "ring an agent" door, from a second browser context.
  const caller = randomCaller();
  const rung = await callerContext.request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from: caller, to: agent.agentNumber } });
  expect(rung.ok()).toBe(true);
  const { callSid, rang } = (await rung.json()).data as { callSid: string; rang: number };
  expect(rang).toBeGreaterThanOrEqual(1);

  await expect(badge.first()).toHaveAttribute('title', String(before + 1));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Incoming call')).toBeVisible();
  await expect(dialog.getByText(`${caller} is calling you`)).toBeVisible();
  // Clicking outside does not dismiss it.
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();

  const status = page.getByRole('status', { name: 'Call status' });
  await expect(status.getByText('Queue Call / Mobile')).toBeVisible();
  await expect(status.getByText(caller)).toBeVisible();
  await expect(page.getByLabel('Call timer')).toHaveText(/^00:00:0[2-9]$/, { timeout: 10_000 });
  // Accepting took the caller off the queue for every screen.
  if (before > 0) await expect(badge.first()).toHaveAttribute('title', String(before));
  else await expect(page.getByRole('button', { name: 'Queue List' })).toBeHidden();

  const hungUp = await callerContext.request.post(`${API_URL}/telephony/simulator/calls/${callSid}/hangup`);
  expect(hungUp.ok()).toBe(true);
  await expect(status.getByText('Ready For Call')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');

  // The wrap-up: not offered another call until a disposition is saved.
  const wrapUp = page.getByRole('region', { name: 'Wrap-up' });
  await expect(wrapUp.getByRole('heading', { name: `Wrap up the call with ${caller}` })).toBeVisible();
  await expect(wrapUp.getByRole('timer')).toHaveText(/^Time left 00:0[01]:\d\d$/);
  const meanwhile = await callerContext.request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from: randomCaller(), to: agent.agentNumber } });
  expect((await meanwhile.json()).data.rang).toBe(0);
  await saveScreenshot(page, 'agent-softphone-wrap-up');
  await wrapUp.getByRole('radio', { name: 'Callback' }).check();
  await wrapUp.getByRole('textbox', { name: 'Notes' }).fill('Wants a call back after 5 pm.');
  await wrapUp.getByRole('button', { name: 'Save wrap-up' }).click();
  await expect(page.getByText('Wrap-up saved')).toBeVisible();
  await expect(wrapUp).toBeHidden();

  await page.goto('/dashboard/agent-call-logs');
  const row = page.getByRole('row').filter({ hasText: caller });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Inbound');
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('Wrap-up: Callback');
  await expect(row).toContainText(/00:00:0[2-9]|00:00:[1-5]\d/);
  await agentContext.close();
  await callerContext.close();
});

test('an agent away on a break is not rung, keeps its status across a reload, and is rung again once available', async ({ browser }) => {
  const agentContext = await browser.newContext();
  const page = await agentContext.newPage();
  const agent = await registerVerifiedAgent(agentContext.request, 'Presence Dental');
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();

  await choose(page, page, 'Your status', 'Away · Break');
  // Said to the server and kept: a reload comes back away, not available.
  await page.reload();
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Your status' }) }).locator('.ant-select-content')).toHaveAttribute('title', 'Away · Break');

  const ring = async () => {
    const rung = await agentContext.request.post(`${API_URL}/telephony/simulator/inbound-call`, { data: { from: randomCaller(), to: agent.agentNumber } });
    expect(rung.ok()).toBe(true);
    return (await rung.json()).data as { callSid: string; rang: number };
  };
  // Away, nobody is rung: the caller waits in the queue.
  await expect.poll(async () => (await ring()).rang, { timeout: 10_000 }).toBe(0);
  await expect(page.getByRole('button', { name: 'Queue List' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await saveScreenshot(page, 'agent-softphone-away');

  await choose(page, page, 'Your status', 'Available');
  await expect.poll(async () => (await ring()).rang, { timeout: 10_000 }).toBe(1);
  await expect(page.getByRole('dialog').getByText('Incoming call')).toBeVisible();
  await agentContext.close();
});

test('the agent dials a number from the dial pad; an empty number is refused', async ({ page, request }) => {
  const agent = await registerVerifiedAgent(request, 'Dialer Dental');
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();
  await page.getByRole('button', { name: 'Dial pad' }).click();
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(page.getByText('Please enter a phone number to call')).toBeVisible();
  const callee = randomCaller();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(callee);
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  const status = page.getByRole('status', { name: 'Call status' });
  await expect(status.getByText(callee)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('readonly', '');
  // The simulated callee answers; the timer runs.
  await expect(page.getByLabel('Call timer')).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(status.getByText('Ready For Call')).toBeVisible();
  await page.goto('/dashboard/agent-call-logs');
  await expect(page.getByRole('row').filter({ hasText: callee })).toContainText('Outbound');
});

test('an AI agent hands a caller to the AGENT, whose softphone shows who is calling, why, and what was said', async ({ page, request }) => {
  // The account's AI receptionist is made while its user is still the USER; then the user becomes its AGENT.
  const receptionistNumber = randomCaller();
  const agent = await registerVerifiedAgent(request, 'Handoff Dental', async ({ token }) => {
    await createAiAgent(request, token, { ...RECEPTIONIST, handleCallType: 'inbound', phoneNumber: receptionistNumber });
  });
  await signIn(page, agent.email, NEW_USER_PASSWORD);
  await expect(page.locator('[data-device-status="ready"]')).toBeVisible();
  const from = randomCaller();
  const caller = await callAiAgent(request, receptionistNumber, from);
  await caller.say('Hello there.');
  await caller.say('I need to talk to a person about my bill, please.');
  expect((await caller.ended())?.reasonCode).toBe('live-agent-handoff');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Incoming call')).toBeVisible();
  await expect(dialog.getByText(`${from} is calling you`)).toBeVisible();
  await expect(dialog.getByText(new RegExp(`Transferred by ${RECEPTIONIST.name}: .*bill`))).toBeVisible();
  const transcript = dialog.getByRole('region', { name: 'Transcript so far' });
  await expect(transcript).toContainText('I need to talk to a person about my bill, please.');
  await expect(transcript).toContainText('Thank you for calling Handoff Dental.');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByRole('status', { name: 'Call status' });
  await expect(status.getByText(from)).toBeVisible();
  caller.hangUp();
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(status.getByText('Ready For Call')).toBeVisible();
});
