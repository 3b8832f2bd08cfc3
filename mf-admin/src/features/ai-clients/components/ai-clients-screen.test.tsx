import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { failure, never, ok, settled, stubFetch } from 'shared-auth/src/testing';
import { Button } from 'shared-ui';
import { renderAdmin } from '../../../test/render-admin';
import { makeAiClientItem } from '../test-support/ai-client-fixtures';
import { AiClientsScreen } from './ai-clients-screen';

const LIST_URL = 'http://api.test/v1/ai-client/get-all-clients';

// jsdom's getComputedStyle re-reads every antd style sheet (about 25 ms a call here), and a role
// query calls it for each candidate and each of its ancestors to leave hidden ones out. So these
// tests find what they click by its text or label, and run role queries inside the part of the
// page they are about with `hidden: true` (the table, the pager, the dialog).
const tableRegion = () => screen.getByLabelText('Ai/STT/TTS Clients', { selector: '[role="region"]' });
const header = () => within(screen.getByText('Ai Client List').closest('header')!);
const cardHead = () => within(screen.getByText('Ai/STT/TTS Clients', { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card-head')!);
const location = () => screen.findByLabelText('Location', { selector: 'output' });
// Typing speed does not matter here, and jsdom's getComputedStyle (which the pointer-events
// check calls for every ancestor) re-reads every antd style sheet on each call.
const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

test('asks for page 1 of ten with an empty name filter, showing a loading table meanwhile; Go back leads to the admin home when opened directly', async () => {
  const { requests } = stubFetch(never);
  renderAdmin(<AiClientsScreen />);
  expect(header().getByText('Ai Client List', { selector: 'h1' })).toBeInTheDocument();
  expect(screen.getByText('Ai/STT/TTS Clients', { selector: '.ant-card-head-title' })).toBeInTheDocument();
  expect(cardHead().getByText('Add AI Client', { selector: 'button span' })).toBeInTheDocument();
  expect(tableRegion()).toHaveAttribute('aria-busy', 'true');
  expect(requests).toHaveLength(1);
  expect([requests[0]!.method, requests[0]!.url.href]).toEqual(['POST', LIST_URL]);
  expect(requests[0]!.body).toEqual({ name: '', page: 1, limit: 10 });

  await setup().click(header().getByText('Go back'));
  expect(await location()).toHaveTextContent('/admin/account-list');
});

test('sends no request without a session user', () => {
  const { requests } = stubFetch(never);
  renderAdmin(<AiClientsScreen />, null);
  expect(requests).toHaveLength(0);
});

test('shows Name, Model, Purpose and Action, N/A for missing values, pages by ten, and the row menu\'s Edit opens the client\'s edit screen', async () => {
  const rows = [
    makeAiClientItem({ name: 'Claude', model: 'claude-sonnet', purpose: 'Sales calls' }),
    makeAiClientItem({ name: 'Deepgram', type: 'STT Client', model: '', purpose: null, enabled: false }),
  ];
  const { requests } = stubFetch(() => ok(rows, 11));
  renderAdmin(<AiClientsScreen />);
  await screen.findByText('claude-sonnet');
  const table = within(tableRegion());
  expect(table.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Name', 'Model', 'Purpose', 'Action']);
  // antd adds an aria-hidden copy of the header row: the rows are found by what they show.
  const [first, second] = [table.getByText('claude-sonnet').closest('tr'), table.getByText('Disabled').closest('tr')];
  const bodyRows = within(first!.closest('tbody')!).getAllByRole('row', { hidden: true });
  expect(bodyRows.filter((row) => row.getAttribute('aria-hidden') !== 'true')).toEqual([first, second]);
  expect(within(first!).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['Claude AI Client', 'claude-sonnet', 'Sales calls', '']);
  expect(within(second!).getAllByRole('cell', { hidden: true }).map((c) => c.textContent)).toEqual(['Deepgram STT ClientDisabled', 'N/A', 'N/A', '']);

  const pager = within(screen.getByLabelText('Pagination', { selector: 'nav' }));
  expect(pager.getAllByRole('button', { name: /^Page/, hidden: true }).map((b) => b.textContent)).toEqual(['1', '2']);
  const user = setup();
  await user.click(pager.getByLabelText('Page 2'));
  await waitFor(() => expect(requests.at(-1)?.body).toEqual({ name: '', page: 2, limit: 10 }));
  await settled();

  await user.click(within(tableRegion()).getByLabelText('Actions for Claude claude-sonnet'));
  const edit = (await screen.findByText('Edit')).closest('[role="menuitem"]');
  expect(edit).not.toBeNull();
  await user.click(edit!);
  expect(await location()).toHaveTextContent(`/admin/ai-client/edit/${rows[0]!.id}`);
});

test('says there are no clients yet', async () => {
  stubFetch(() => ok([], 0));
  renderAdmin(<AiClientsScreen />);
  expect(await screen.findByText('No clients yet: add one with Add AI Client')).toBeInTheDocument();
  expect(screen.queryByLabelText('Pagination', { selector: 'nav' })).toBeNull();
});

test('shows the server\'s error and loads again on Retry', async () => {
  let fail = true;
  const { requests } = stubFetch(() => (fail ? failure(500, 'Clients are unavailable') : ok([makeAiClientItem()], 1)));
  renderAdmin(<AiClientsScreen />);
  const alert = await screen.findByRole('alert', { hidden: true });
  expect(alert).toHaveTextContent('Clients are unavailable');
  fail = false;
  await setup().click(within(alert).getByText('Retry'));
  expect(await screen.findByText('gpt-4o')).toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('fetches the list again each time the screen mounts', async () => {
  let model = 'first-model';
  const { requests } = stubFetch(() => ok([makeAiClientItem({ model })], 1));
  function Toggle() {
    const [shown, setShown] = useState(true);
    return (
      <>
        <Button onClick={() => setShown((s) => !s)}>Toggle</Button>
        {shown && <AiClientsScreen />}
      </>
    );
  }
  renderAdmin(<Toggle />);
  const user = setup();
  const toggle = screen.getByText('Toggle');
  expect(await screen.findByText('first-model')).toBeInTheDocument();
  await user.click(toggle);
  model = 'second-model';
  await user.click(toggle);
  expect(await screen.findByText('second-model')).toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('a client added in the dialog appears in the list, which is fetched again', async () => {
  const rows = [makeAiClientItem({ model: 'existing-model' })];
  const { requests } = stubFetch((request) => {
    if (request.url.pathname.endsWith('create-ai-client')) {
      const added = makeAiClientItem({ name: 'Gemini', model: 'gemini-2.5', purpose: null });
      rows.push(added);
      return ok({ ...added, hasCredentials: false, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' });
    }
    return ok([...rows], rows.length);
  });
  renderAdmin(<AiClientsScreen />);
  const user = setup();
  await screen.findByText('existing-model');
  await user.click(cardHead().getByText('Add AI Client'));
  const title = await screen.findByText('Add AI Client', { selector: '.ant-modal-title' });
  const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog).toHaveAttribute('aria-labelledby', title.id);
  await user.click(within(dialog).getByLabelText('Ai Client'));
  await user.click(await screen.findByTitle('Gemini'));
  fireEvent.change(within(dialog).getByLabelText('Model'), { target: { value: 'gemini-2.5' } });
  await user.click(within(dialog).getByText('Add', { selector: 'button[type="submit"] span' }));
  expect(await screen.findByText('AI Client added successfully')).toBeInTheDocument();
  expect(await within(tableRegion()).findByText('gemini-2.5')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('get-all-clients'))).toHaveLength(2);
});
