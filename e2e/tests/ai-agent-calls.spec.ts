import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminUpdateAccount } from '../support/admin-api';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber as randomCaller } from '../support/new-user';
import { callAiAgent } from '../support/relay-caller';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

/** A practice of the test's own (not named like a demo account, whose name other tests look for). */
const COMPANY = 'Bright Smile Dental';
/** A receptionist like the demo one, answering the account's inbound number with the local responder. */
const RECEPTIONIST = {
  name: 'Front Desk Receptionist',
  greeting: `Thank you for calling ${COMPANY}. How can I help you today?`,
  knowledge: `${COMPANY} is open every day from 8 am to 6 pm, weekends included.\n\nWe are at 120 Main Street, Springfield. Parking is free behind the building, and the entrance is step-free.`,
  workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '08:00', end: '18:00' },
};

/**
 * A USER of an account of its own with the receptionist, so the calls and bookings made here land
 * in no other test's account. Its plan is the demo account's: an agent's knowledge comes with it.
 */
async function receptionistAccount(request: APIRequestContext) {
  const account = await newAccount(request, COMPANY);
  await adminUpdateAccount(request, account.accountId, { plan: 'performance-suite' });
  const number = randomCaller();
  await createAiAgent(request, account.token, { ...RECEPTIONIST, handleCallType: 'inbound', phoneNumber: number });
  return { email: account.email, number };
}

test('a USER talks to an AI agent in the browser and books an appointment that then shows in the calendar', async ({ page, request }) => {
  const surname = `Booker${Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const { email } = await receptionistAccount(request);
  await signIn(page, email, NEW_USER_PASSWORD);
  await page.goto('/dashboard/ai-call-supports');
  await page.getByRole('button', { name: `Test call from ${RECEPTIONIST.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Talk in the browser' }).click();
  await expect(dialog.getByText('Answering: Local responder: no AI model configured')).toBeVisible();
  const log = dialog.getByRole('log');
  await expect(log).toContainText(`Thank you for calling ${COMPANY}.`);

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
  const { email, number } = await receptionistAccount(request);
  await signIn(page, email, NEW_USER_PASSWORD);
  const caller = await callAiAgent(request, number, randomCaller());
  await page.goto(`/dashboard/calls/${caller.callId}/conversation`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText(`Thank you for calling ${COMPANY}.`, { exact: false })).toBeVisible();

  const reply = await caller.say('Is there parking near you?');
  await expect(page.getByText('Is there parking near you?')).toBeVisible();
  expect(reply).toContain('Parking is free behind the building');
  await expect(page.getByText('Parking is free behind the building', { exact: false })).toBeVisible();
  await saveScreenshot(page, 'dashboard-calls-live-transcript');

  caller.hangUp();
  await expect(page.getByText('Live', { exact: true })).toBeHidden();
});
