import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bearer } from '../support/admin-api';
import { NEW_USER_PASSWORD, createAiAgent, newAccount, uniqueNumber } from '../support/new-user';
import { appLinkIn, latestMail } from '../support/outbox';
import { API_URL } from '../support/ports';
import { callAiAgent } from '../support/relay-caller';
import { saveScreenshot } from '../support/screenshot';
import { signIn } from '../support/session';

const RECEPTIONIST = { name: 'Front Desk Receptionist', greeting: 'Thank you for calling Team Dental. How can I help you today?' };
const AGENT_PASSWORD = 'Agent-pass-1';

/** An invited agent chooses their password from the invitation's link, as they would in the browser. */
async function acceptInvitation(request: APIRequestContext, email: string): Promise<void> {
  const link = appLinkIn((await latestMail(email, 'agent_invite')).text);
  const id = decodeURIComponent(link.replace('/auth/reset-password/', ''));
  const reset = await request.post(`${API_URL}/auth/reset-password`, { data: { id, password: AGENT_PASSWORD, confirmPassword: AGENT_PASSWORD } });
  expect(reset.ok(), await reset.text()).toBe(true);
}

const figure = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Desk figures' }).getByRole('listitem', { name, exact: true }).locator('.ant-statistic-content');

// One account of its own: its USER adds two human agents, then watches an AI agent's caller go
// from the first agent to the second, in three browser contexts.
test('the USER adds two agents; a caller the AI hands over is held, warm-transferred to the second agent and listened in on, then wrapped up; the board and the report show it', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const account = await newAccount(ownerContext.request, 'Team Dental');
  const receptionistNumber = uniqueNumber();
  await createAiAgent(ownerContext.request, account.token, { ...RECEPTIONIST, handleCallType: 'inbound', phoneNumber: receptionistNumber });
  const ada = { email: `ada-${Date.now()}@team-dental.test`, name: 'Ada Able' };
  const ben = { email: `ben-${Date.now()}@team-dental.test`, name: 'Ben Baker' };

  // The first agent added from the live desk's form, the second over the API.
  await signIn(owner, account.email, NEW_USER_PASSWORD);
  await owner.goto('/dashboard/live-desk');
  await owner.getByRole('button', { name: /Add a human agent/ }).click();
  const form = owner.getByRole('form', { name: 'Add a human agent' });
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Able');
  await form.getByLabel('Email').fill(ada.email);
  await form.getByLabel('Agent number').fill(uniqueNumber());
  await form.getByRole('button', { name: 'Add and invite' }).click();
  await expect(owner.getByText(`${ada.name} is added: they set their password from the email we sent`)).toBeVisible();
  const added = await ownerContext.request.post(`${API_URL}/desk/add-agent`, {
    headers: bearer(account.token), data: { firstName: 'Ben', lastName: 'Baker', email: ben.email, agentNumber: uniqueNumber() },
  });
  expect(added.ok(), await added.text()).toBe(true);
  for (const agent of [ada, ben]) await acceptInvitation(ownerContext.request, agent.email);

  const adaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const adaPage = await adaContext.newPage();
  const benPage = await benContext.newPage();
  for (const [page, agent] of [[adaPage, ada], [benPage, ben]] as const) {
    await signIn(page, agent.email, AGENT_PASSWORD);
    await expect(page.locator('[data-device-status="ready"]')).toBeVisible();
  }
  const agentsBoard = owner.getByRole('region', { name: 'Agents' });
  // A row by the agent it is for (another's row may name them: "handing over to …").
  const agentRow = (name: string) => agentsBoard.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(agentRow(ada.name)).toContainText('Available');
  await expect(agentRow(ben.name)).toContainText('Available');

  // The AI receptionist hands the caller over; both agents ring and Ada takes it.
  const from = uniqueNumber();
  const caller = await callAiAgent(ownerContext.request, receptionistNumber, from);
  await caller.say('Hello there.');
  await caller.say('I need to talk to a person about my bill, please.');
  expect((await caller.ended())?.reasonCode).toBe('live-agent-handoff');
  await expect(benPage.getByRole('dialog').getByText(`${from} is calling you`)).toBeVisible();
  const adaDialog = adaPage.getByRole('dialog');
  await expect(adaDialog.getByText(new RegExp(`Transferred by ${RECEPTIONIST.name}: .*bill`))).toBeVisible();
  await adaDialog.getByRole('button', { name: 'Accept' }).click();
  await expect(benPage.getByRole('dialog')).toBeHidden();
  const adaStatus = adaPage.getByRole('status', { name: 'Call status' });
  await expect(adaStatus.getByText(from)).toBeVisible();

  // Held: Ada's header and the supervisor's board say so.
  await adaPage.getByRole('button', { name: 'Hold', exact: true }).click();
  await expect(adaStatus).toContainText(/On hold 00:00:\d\d/);
  await expect(agentRow(ada.name)).toContainText('On hold');

  // Warm transfer: Ada talks to Ben first, then hands the caller over and leaves.
  await adaPage.getByRole('button', { name: 'Team' }).click();
  await adaPage.getByRole('button', { name: `Talk first with ${ben.name}` }).click();
  const benDialog = benPage.getByRole('dialog');
  await expect(benDialog.getByText(`${ada.name} wants to hand you a caller`)).toBeVisible();
  await expect(agentRow(ada.name)).toContainText(`handing over to ${ben.name}`);
  await benDialog.getByRole('button', { name: 'Accept' }).click();
  const consult = adaPage.getByRole('region', { name: 'Warm transfer' });
  await expect(consult).toContainText(`Talking to ${ben.name}; the caller is on hold`);
  await saveScreenshot(adaPage, 'desk-warm-transfer');
  await consult.getByRole('button', { name: 'Complete transfer' }).click();
  await expect(consult).toBeHidden();
  await adaPage.getByRole('button', { name: 'Dial pad' }).click();
  await expect(adaStatus.getByText('Ready For Call')).toBeVisible();
  const benStatus = benPage.getByRole('status', { name: 'Call status' });
  await expect(benStatus).not.toContainText('On hold');
  await expect(agentRow(ben.name)).toContainText(from);

  // The USER listens in from the board with their own browser phone, whispers to Ben, and leaves.
  const supervisor = async () => ((await (await ownerContext.request.get(`${API_URL}/telephony/simulator/calls/${caller.callSid}`)).json()) as {
    data: { supervisor: { mode: string; heardBy: string[] } | null };
  }).data.supervisor;
  await agentRow(ben.name).getByRole('button', { name: `Listen to ${ben.name}'s call` }).click();
  const modes = agentRow(ben.name).getByRole('radiogroup', { name: `How you are on ${ben.name}'s call` });
  await expect(modes.getByRole('radio', { name: 'Whisper' })).toBeEnabled();
  await expect(agentRow(ben.name)).toContainText('listening');
  expect(await supervisor()).toEqual({ mode: 'listen', heardBy: [] });
  await saveScreenshot(owner, 'desk-live-board');
  await modes.getByText('Whisper').click();
  await expect.poll(supervisor).toEqual({ mode: 'whisper', heardBy: ['agent'] });
  await agentRow(ben.name).getByRole('button', { name: 'Leave the call' }).click();
  await expect(agentRow(ben.name).getByRole('button', { name: `Listen to ${ben.name}'s call` })).toBeEnabled();
  await expect.poll(supervisor).toBeNull();

  // The caller hangs up; Ben wraps the call up.
  expect((await ownerContext.request.post(`${API_URL}/telephony/simulator/calls/${caller.callSid}/hangup`)).ok()).toBe(true);
  const wrapUp = benPage.getByRole('region', { name: 'Wrap-up' });
  await wrapUp.getByRole('radio', { name: 'Resolved' }).check();
  await wrapUp.getByRole('button', { name: 'Save wrap-up' }).click();
  await expect(wrapUp).toBeHidden();
  await expect(adaPage.getByRole('region', { name: 'Wrap-up' })).toBeHidden();

  // The report counts the one caller: handed over by the AI, answered, wrapped up by Ben.
  await owner.goto('/dashboard/reports/desk');
  await expect(figure(owner, 'Callers offered')).toHaveText('1');
  await expect(figure(owner, 'Answered')).toHaveText('1');
  await expect(figure(owner, 'Abandoned in queue')).toHaveText('0');
  await expect(figure(owner, 'Handed over by AI agents')).toHaveText('1');
  await expect(owner.getByRole('region', { name: 'Desk by agent' }).getByRole('row').filter({ hasText: ben.name })).toContainText('Resolved 1');
  for (const context of [adaContext, benContext, ownerContext]) await context.close();
});
