import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { failure, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { AnalysisTab } from './analysis-tab';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const id = agentId(7);

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

const agent = makeAgent({
  id,
  analysisFields: [{ name: 'Appointment', type: 'date', description: 'When the visit is booked', options: [] }],
  successCriterion: 'The caller booked an appointment.',
});

const field = (n: number) => screen.getByRole('group', { name: `Field ${n}` });

test('shows the saved fields and criterion, and saves an added "one of a list" field with only these two settings', async () => {
  const { requests } = stubFetch((r) => ok(makeAgent({ id, ...(r.body as object) })));
  renderScreen(<SnackbarProvider><AnalysisTab agent={agent} /></SnackbarProvider>, user);
  expect(within(field(1)).getByLabelText('Field name')).toHaveValue('Appointment');
  expect(within(field(1)).getByLabelText('Description')).toHaveValue('When the visit is booked');
  expect(screen.getByLabelText('A call is a success when')).toHaveValue('The caller booked an appointment.');

  await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
  await userEvent.type(within(field(2)).getByLabelText('Field name'), 'Outcome');
  await userEvent.click(within(field(2)).getByLabelText('Type'));
  await userEvent.click(await screen.findByText('One of a list', { selector: '.ant-select-item-option-content' }));
  const choices = within(field(2)).getByLabelText('Choices');
  await userEvent.type(choices, 'Booked{enter}');
  await userEvent.type(choices, 'Other{enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save analysis' }));

  expect(await screen.findByText('Call analysis saved')).toBeInTheDocument();
  const update = requests.find((r) => r.method === 'PATCH')!;
  expect(update.url.pathname).toBe(`/v1/agent/update-agent/${id}`);
  expect(update.body).toEqual({
    analysisFields: [
      { name: 'Appointment', type: 'date', description: 'When the visit is booked', options: [] },
      { name: 'Outcome', type: 'choice', description: '', options: ['Booked', 'Other'] },
    ],
    successCriterion: 'The caller booked an appointment.',
  });
});

test('refuses bad fields with the error under the field, and a field can be removed', async () => {
  const { requests } = stubFetch(() => failure(500, 'Saving is down'));
  renderScreen(<SnackbarProvider><AnalysisTab agent={agent} /></SnackbarProvider>, user);
  await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
  await userEvent.click(within(field(2)).getByLabelText('Type'));
  await userEvent.click(await screen.findByText('One of a list', { selector: '.ant-select-item-option-content' }));
  await userEvent.type(within(field(2)).getByLabelText('Choices'), 'Only one{enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save analysis' }));
  expect(within(field(2)).getByText('Field name is required')).toBeInTheDocument();
  expect(within(field(2)).getByText('Give at least two choices')).toBeInTheDocument();

  await userEvent.type(within(field(2)).getByLabelText('Field name'), 'appointment');
  await userEvent.type(within(field(2)).getByLabelText('Choices'), 'Another{enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save analysis' }));
  expect(await screen.findByText('Each field needs its own name')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Remove field 2' }));
  expect(screen.queryByRole('group', { name: 'Field 2' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save analysis' }));
  expect(await screen.findByText('Saving is down')).toBeInTheDocument();
});
