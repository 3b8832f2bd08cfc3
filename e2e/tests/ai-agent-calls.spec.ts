import { expect, test } from '@playwright/test';
import { callAiAgent } from '../support/relay-caller';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';

/** The demo receptionist: answers Acme Dental's inbound number with the local responder. */
const RECEPTIONIST = { name: 'Front Desk Receptionist', number: '+15551000010' };
const randomCaller = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test('a USER talks to an AI agent in the browser and books an appointment that then shows in the calendar', async ({ page }) => {
  const surname = `Booker${Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/ai-call-supports');
  await page.getByRole('button', { name: `Test call from ${RECEPTIONIST.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Talk in the browser' }).click();
  await expect(dialog.getByText('Answering: Local responder: no AI model configured')).toBeVisible();
  const log = dialog.getByRole('log');
  await expect(log).toContainText('Thank you for calling Acme Dental.');

  const input = dialog.getByLabel('Say something to the agent');
  await input.fill('I would like to book an appointment tomorrow at 4:30 pm');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText('may I have your name', { ignoreCase: true });
  await input.fill(`My name is Bianca ${surname}`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(log).toContainText(/booked/i);
  await saveScreenshot(page, 'dashboard-talk-in-the-browser');
  await dialog.getByRole('button', { name: 'Hang up' }).click();

  await page.goto('/dashboard/calendar');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
  const booking = page.getByRole('grid').getByText(new RegExp(`Bianca ${surname}`));
  // Tomorrow may be in next month.
  if ((await booking.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(booking.first()).toBeVisible();
  await expect(booking.first()).toContainText('4:30');
});

test('a USER watches the live transcript of a running AI call', async ({ page, request }) => {
  await signIn(page, DEMO.USER);
  const caller = await callAiAgent(request, RECEPTIONIST.number, randomCaller());
  await page.goto(`/dashboard/calls/${caller.callId}/conversation`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText('Thank you for calling Acme Dental.', { exact: false })).toBeVisible();

  const reply = await caller.say('Is there parking near you?');
  await expect(page.getByText('Is there parking near you?')).toBeVisible();
  expect(reply).toContain('Parking is free behind the building');
  await expect(page.getByText('Parking is free behind the building', { exact: false })).toBeVisible();
  await saveScreenshot(page, 'dashboard-calls-live-transcript');

  caller.hangUp();
  await expect(page.getByText('Live', { exact: true })).toBeHidden();
});
