import { expect, test } from '@playwright/test';
import { saveScreenshot } from '../support/screenshot';
import { DEMO, signIn } from '../support/session';

// Reads the demo account's seeded calls only; nothing here changes shared data.
test('a USER opens a call\'s conversation from the call logs: transcript, and a recording that plays', async ({ page }) => {
  await signIn(page, DEMO.USER);
  // The overview's data arrives after the route: wait for the stats and agents, not a blank page.
  await expect(page.getByRole('list', { name: 'Call statistics' })).toBeVisible();
  await expect(page.getByText('Human agents').first()).toBeVisible();
  await saveScreenshot(page, 'dashboard-overview');
  await page.goto('/dashboard/reports/call-logs');
  // A seeded call with its lead and transcript; a call from an unknown number has a recording but no lead.
  const answered = page.getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Listen' }) })
    .filter({ hasNot: page.getByText('Unknown caller') })
    .first();
  await expect(answered).toBeVisible();
  await expect(answered.getByRole('link', { name: 'Listen' })).toHaveAttribute('href', /\/v1\/recordings\/.+[?&]signature=/);
  await saveScreenshot(page, 'dashboard-reports-call-logs');
  await answered.getByRole('link', { name: /^View conversation of the call with/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/calls\/[0-9a-f-]+\/conversation$/);
  await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  const transcript = page.getByRole('list', { name: 'Transcript' });
  await expect(transcript.getByRole('listitem').first()).toBeVisible();
  expect(await transcript.getByRole('listitem').count()).toBeGreaterThan(1);
  const player = page.getByLabel('Call recording');
  await expect(player).toHaveAttribute('src', /^https?:\/\/.+\/v1\/recordings\/.+[?&]signature=/);
  // The browser fetches the recording with no token of its own, decodes it and plays it.
  const played = await player.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { seconds: audio.duration, at: audio.currentTime, error: audio.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.seconds).toBeGreaterThan(2);
  expect(played.at).toBeGreaterThan(0);
  await saveScreenshot(page, 'dashboard-calls-conversation');
});

test('the report screens show the account\'s appointments and call summaries', async ({ page }) => {
  await signIn(page, DEMO.USER);
  await page.goto('/dashboard/reports/appointments');
  await expect(page.getByRole('region', { name: 'Appointment list' }).getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'dashboard-reports-appointments');
  await page.goto('/dashboard/reports/summary');
  await expect(page.getByRole('region', { name: 'Call summaries' }).getByRole('row').nth(1)).toBeVisible();
  await saveScreenshot(page, 'dashboard-reports-summary');
});
