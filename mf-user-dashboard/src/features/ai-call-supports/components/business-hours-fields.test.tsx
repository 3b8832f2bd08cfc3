import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Navigate, Route, Routes } from 'react-router-dom';
import { makeUser, ok, renderScreen, stubFetch, type SentRequest } from 'shared-auth/src/testing';
import type { AiAgent } from 'shared-contracts';
import { EditAgentScreen } from './edit-agent-screen';
import { VOICES, agentId, aiClientOptions, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const id = agentId(7);
const ui = (
  <SnackbarProvider>
    <Routes>
      <Route path="/" element={<Navigate to={`/dashboard/ai-call-supports/edit/${id}`} />} />
      <Route path="/dashboard/ai-call-supports/edit/:id" element={<EditAgentScreen />} />
    </Routes>
  </SnackbarProvider>
);

/** The edit screen of an agent stored as `agent`; answers an update with the agent as sent. */
async function editing(agent: Partial<AiAgent>) {
  const stub = stubFetch((r: SentRequest) => {
    if (r.url.pathname.endsWith('get-agent-voices')) return ok(VOICES);
    if (r.url.pathname.includes('get-squareup-locations')) return ok({ locations: [] });
    if (r.url.pathname.endsWith('ai-client/get-ai-clients')) return ok(aiClientOptions());
    if (r.url.pathname.includes('update-agent')) return ok(makeAgent({ id, ...(r.body as object) }));
    return ok(makeAgent({ id, ...agent }));
  });
  renderScreen(ui, user);
  await screen.findByRole('radio', { name: /Nova/ });
  return stub.requests;
}

const day = (name: string) => screen.getByRole('checkbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

afterEach(() => jest.restoreAllMocks());

test('an agent without hours shows weekdays nine to five and the default rules, and saving stores them', async () => {
  const requests = await editing({ workingHours: null, bookingRules: null });
  for (const name of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) expect(day(name)).toBeChecked();
  for (const name of ['Sat', 'Sun']) expect(day(name)).not.toBeChecked();
  expect(screen.getByLabelText('Opening time')).toHaveValue('09:00');
  expect(screen.getByLabelText('Closing time')).toHaveValue('17:00');
  expect(screen.getByLabelText('Slot length (minutes)')).toHaveValue('30');
  expect(screen.getByLabelText('Buffer between appointments (minutes)')).toHaveValue('0');
  expect(screen.getByLabelText('How far ahead (days)')).toHaveValue('90');

  await save();
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
    workingHours: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' },
    bookingRules: { slotMinutes: 30, bufferMinutes: 0, maxDaysAhead: 90 },
  });
});

test('saves Saturday, new hours and new rules', async () => {
  const requests = await editing({ workingHours: { days: ['tue', 'wed'], start: '08:00', end: '12:00' }, bookingRules: { slotMinutes: 60, bufferMinutes: 10, maxDaysAhead: 30 } });
  expect(day('Tue')).toBeChecked();
  expect(day('Mon')).not.toBeChecked();
  expect(screen.getByLabelText('Slot length (minutes)')).toHaveValue('60');

  await userEvent.click(day('Sat'));
  fireEvent.change(screen.getByLabelText('Closing time'), { target: { value: '14:00' } });
  fireEvent.change(screen.getByLabelText('Slot length (minutes)'), { target: { value: '45' } });
  fireEvent.change(screen.getByLabelText('Buffer between appointments (minutes)'), { target: { value: '15' } });
  fireEvent.change(screen.getByLabelText('How far ahead (days)'), { target: { value: '7' } });
  await save();
  expect(await screen.findByText('AI call support saved')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({
    workingHours: { days: ['tue', 'wed', 'sat'], start: '08:00', end: '14:00' },
    bookingRules: { slotMinutes: 45, bufferMinutes: 15, maxDaysAhead: 7 },
  });
});

test('a bad value is explained under its field and nothing is sent', async () => {
  const requests = await editing({});
  fireEvent.change(screen.getByLabelText('Slot length (minutes)'), { target: { value: '300' } });
  fireEvent.change(screen.getByLabelText('Closing time'), { target: { value: '08:00' } });
  fireEvent.change(screen.getByLabelText('How far ahead (days)'), { target: { value: '' } });
  await save();
  expect(await screen.findByText('Slot length must be between 10 and 240 minutes')).toBeInTheDocument();
  expect(screen.getByLabelText('Slot length (minutes)')).toHaveAccessibleDescription('Slot length must be between 10 and 240 minutes');
  expect(screen.getByLabelText('Closing time')).toHaveAccessibleDescription('End time must be after start time');
  expect(screen.getByLabelText('How far ahead (days)')).toHaveAccessibleDescription('Days ahead must be a number');
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
});

test('an agent open on no day is told to choose one', async () => {
  await editing({ workingHours: { days: ['sat'], start: '09:00', end: '12:00' } });
  await userEvent.click(day('Sat'));
  await save();
  expect(await screen.findByRole('group', { name: 'Open on' })).toHaveAccessibleDescription('Choose at least one day');
});
