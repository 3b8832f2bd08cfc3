import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, never, ok, settled, stubFetch } from 'shared-auth/src/testing';
import { Button } from 'shared-ui';
import { renderAdmin } from '../../../test/render-admin';
import { makeAiClientItem } from '../test-support/ai-client-fixtures';
import { AiClientsScreen } from './ai-clients-screen';

// antd tables and dialogs render slowly in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const LIST_URL = 'http://api.test/v1/ai-client/get-all-clients';

test('asks for page 1 of ten with an empty name filter, showing a loading table meanwhile', () => {
  const { requests } = stubFetch(never);
  renderAdmin(<AiClientsScreen />);
  expect(screen.getByRole('heading', { name: 'Ai Client List' })).toBeInTheDocument();
  expect(screen.getByText('Ai/STT/TTS Clients')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Add AI Client/ })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Ai/STT/TTS Clients' })).toHaveAttribute('aria-busy', 'true');
  expect(requests).toHaveLength(1);
  expect([requests[0]!.method, requests[0]!.url.href]).toEqual(['POST', LIST_URL]);
  expect(requests[0]!.body).toEqual({ name: '', page: 1, limit: 10 });
});

test('sends no request without a session user', () => {
  const { requests } = stubFetch(never);
  renderAdmin(<AiClientsScreen />, null);
  expect(requests).toHaveLength(0);
});

test('shows Name, Model, Purpose and Action, N/A for missing values, and pages by ten', async () => {
  const rows = [
    makeAiClientItem({ name: 'Claude', model: 'claude-sonnet', purpose: 'Sales calls' }),
    makeAiClientItem({ name: 'Deepgram', type: 'STT Client', model: '', purpose: null, enabled: false }),
  ];
  const { requests } = stubFetch(() => ok(rows, 11));
  renderAdmin(<AiClientsScreen />);
  const table = await screen.findByRole('region', { name: 'Ai/STT/TTS Clients' });
  await within(table).findByText('claude-sonnet');
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Model', 'Purpose', 'Action']);
  const [first, second] = within(table).getAllByRole('row').slice(1);
  expect(within(first!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Claude AI Client', 'claude-sonnet', 'Sales calls', '']);
  expect(within(second!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Deepgram STT ClientDisabled', 'N/A', 'N/A', '']);

  const pager = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(pager).getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual(['1', '2']);
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(requests.at(-1)?.body).toEqual({ name: '', page: 2, limit: 10 }));
  await settled();
});

test('the row menu\'s Edit opens the client\'s edit screen', async () => {
  const client = makeAiClientItem({ name: 'Gemini', model: 'gemini-2.5' });
  stubFetch(() => ok([client], 1));
  renderAdmin(<AiClientsScreen />);
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gemini gemini-2.5' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Edit/ }));
  expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent(`/admin/ai-client/edit/${client.id}`);
});

test('says there are no clients yet', async () => {
  stubFetch(() => ok([], 0));
  renderAdmin(<AiClientsScreen />);
  expect(await screen.findByText('No clients yet: add one with Add AI Client')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
});

test('shows the server\'s error and loads again on Retry', async () => {
  let fail = true;
  const { requests } = stubFetch(() => (fail ? failure(500, 'Clients are unavailable') : ok([makeAiClientItem()], 1)));
  renderAdmin(<AiClientsScreen />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Clients are unavailable');
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
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
  expect(await screen.findByText('first-model')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  model = 'second-model';
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(await screen.findByText('second-model')).toBeInTheDocument();
  expect(requests).toHaveLength(2);
});

test('Go back leads to the admin home when the screen was opened directly', async () => {
  stubFetch(never);
  renderAdmin(<AiClientsScreen />);
  await userEvent.click(screen.getByRole('button', { name: /Go back/ }));
  expect(await screen.findByRole('status', { name: 'Location' })).toHaveTextContent('/admin/account-list');
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
  await screen.findByText('existing-model');
  await userEvent.click(screen.getByRole('button', { name: /Add AI Client/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add AI Client' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Ai Client' }));
  await userEvent.click(await screen.findByTitle('Gemini'));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'gemini-2.5');
  await userEvent.click(within(dialog).getByRole('button', { name: /(^|\s)Add$/ }));
  expect(await screen.findByText('AI Client added successfully')).toBeInTheDocument();
  const table = screen.getByRole('region', { name: 'Ai/STT/TTS Clients' });
  expect(await within(table).findByText('gemini-2.5')).toBeInTheDocument();
  expect(requests.filter((r) => r.url.pathname.endsWith('get-all-clients'))).toHaveLength(2);
});
