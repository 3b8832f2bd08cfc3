import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, ok, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { renderAdmin } from '../../../test/render-admin';
import { AddAiClientDialog } from './add-ai-client-dialog';
import { makeAiClient } from '../test-support/ai-client-fixtures';

// antd dialogs and forms render slowly in jsdom on a shared 2-core machine.
jest.setTimeout(60_000);

const CREATE_URL = 'http://api.test/v1/ai-client/create-ai-client';
const creates = (requests: SentRequest[]) => requests.filter((r) => r.url.href === CREATE_URL);

async function openDialog(respond: (r: SentRequest) => StubReply | Promise<StubReply> = () => ok(makeAiClient())) {
  const stub = stubFetch(respond);
  renderAdmin(<AddAiClientDialog />);
  await userEvent.click(screen.getByRole('button', { name: /Add AI Client/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Add AI Client' });
  return { ...stub, dialog };
}

// While it submits the button is named "loading Add" (its spinner icon's label comes first).
const addButton = (dialog: HTMLElement) => within(dialog).queryByRole('button', { name: /(^|\s)Add$/ });
const selected = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('combobox', { name: label }).closest('.ant-select-content')?.getAttribute('title') ?? null;

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')]
      .find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await userEvent.click(item);
}

async function optionsOf(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  const texts = await waitFor(() => {
    const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const last = open[open.length - 1];
    const items = [...(last?.querySelectorAll('.ant-select-item-option') ?? [])].map((o) => o.textContent);
    if (items.length === 0) throw new Error('no options yet');
    return items;
  });
  // Escape would close the whole dialog; a second click closes just the list.
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  return texts;
}

async function clear(dialog: HTMLElement, label: string) {
  const select = within(dialog).getByRole('combobox', { name: label }).closest('.ant-select')!;
  await userEvent.hover(select);
  await userEvent.click(select.querySelector('.ant-select-clear')!);
}

test('opens pristine: type AI Client, the first client selected, an empty model and no Add button', async () => {
  const { dialog, requests } = await openDialog();
  expect(selected(dialog, 'Client Type')).toBe('AI Client');
  expect(selected(dialog, 'Ai Client')).toBe('OpenAI');
  expect(within(dialog).getByRole('textbox', { name: 'Model' })).toHaveValue('');
  expect(addButton(dialog)).toBeNull();
  expect(within(dialog).queryByRole('alert')).toBeNull();
  expect(requests).toHaveLength(0);
});

test('offers the three client types and, for each, only the clients that have it', async () => {
  const { dialog } = await openDialog();
  expect(await optionsOf(dialog, 'Client Type')).toEqual(['AI Client', 'STT Client', 'TTS Client']);
  expect(await optionsOf(dialog, 'Ai Client')).toEqual(['OpenAI', 'Gemini', 'Claude']);
  await choose(dialog, 'Client Type', 'STT Client');
  expect(await optionsOf(dialog, 'Ai Client')).toEqual(['OpenAI', 'AssemblyAI', 'Deepgram']);
  await choose(dialog, 'Client Type', 'TTS Client');
  expect(await optionsOf(dialog, 'Ai Client')).toEqual(['OpenAI', 'Elevenlabs', 'Deepgram', 'PlayHT', 'Amazon Polly']);
});

test('a type change keeps a client that has that type and otherwise selects the type\'s first client', async () => {
  const { dialog } = await openDialog();
  await choose(dialog, 'Ai Client', 'Claude');
  await choose(dialog, 'Client Type', 'STT Client');
  expect(selected(dialog, 'Ai Client')).toBe('OpenAI');
  await choose(dialog, 'Ai Client', 'Deepgram');
  await choose(dialog, 'Client Type', 'TTS Client');
  expect(selected(dialog, 'Ai Client')).toBe('Deepgram');
});

test('the Add button shows only while the form differs from its start', async () => {
  const { dialog } = await openDialog();
  const model = within(dialog).getByRole('textbox', { name: 'Model' });
  await userEvent.type(model, 'g');
  expect(addButton(dialog)).toBeInTheDocument();
  await userEvent.clear(model);
  expect(addButton(dialog)).toBeNull();
  await choose(dialog, 'Ai Client', 'Gemini');
  expect(addButton(dialog)).toBeInTheDocument();
});

test('validates on submit, not before, then again on every change', async () => {
  const { dialog, requests } = await openDialog();
  await choose(dialog, 'Client Type', 'STT Client');
  await clear(dialog, 'Ai Client');
  expect(within(dialog).queryByRole('alert')).toBeNull();

  await userEvent.click(addButton(dialog)!);
  expect(await within(dialog).findByText('Ai Client is required')).toBeInTheDocument();
  expect(within(dialog).getByText('Ai Model is required')).toBeInTheDocument();
  expect(creates(requests)).toHaveLength(0);

  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'nova-2');
  await waitFor(() => expect(within(dialog).queryByText('Ai Model is required')).toBeNull());
  await choose(dialog, 'Ai Client', 'Deepgram');
  await waitFor(() => expect(within(dialog).queryByText('Ai Client is required')).toBeNull());

  await clear(dialog, 'Client Type');
  expect(await within(dialog).findByText('Client Type is required')).toBeInTheDocument();
  await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Model' }));
  expect(await within(dialog).findByText('Ai Model is required')).toBeInTheDocument();
  expect(creates(requests)).toHaveLength(0);
});

test('adds the client with a spinner meanwhile, toasts success and closes', async () => {
  let release: (reply: StubReply) => void = () => {};
  const { dialog, requests } = await openDialog((request) =>
    request.url.href === CREATE_URL ? new Promise<StubReply>((resolve) => { release = resolve; }) : ok([], 0));
  await choose(dialog, 'Client Type', 'STT Client');
  await choose(dialog, 'Ai Client', 'Deepgram');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'nova-2');
  await userEvent.click(addButton(dialog)!);

  await waitFor(() => expect(creates(requests)).toHaveLength(1));
  expect(creates(requests)[0]!.method).toBe('POST');
  expect(creates(requests)[0]!.body).toEqual({ type: 'STT Client', client: 'Deepgram', model: 'nova-2' });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Adding…');
  expect(addButton(dialog)).toHaveClass('ant-btn-loading');

  await act(async () => release(ok(makeAiClient({ name: 'Deepgram', type: 'STT Client', model: 'nova-2' }))));
  expect(await screen.findByText('AI Client added successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add AI Client' })).toBeNull());
});

test('a refusal shows the server\'s message and keeps the Add button for another try', async () => {
  const { dialog, requests } = await openDialog(() => failure(400, 'This Ai Client does not offer the chosen Client Type'));
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Model' }), 'gpt-4o');
  await userEvent.click(addButton(dialog)!);
  expect(await screen.findByText('This Ai Client does not offer the chosen Client Type')).toBeInTheDocument();
  expect(creates(requests)).toHaveLength(1);
  expect(screen.getByRole('dialog', { name: 'Add AI Client' })).toBeInTheDocument();
  expect(addButton(dialog)).toBeInTheDocument();
  expect(screen.queryByText('AI Client added successfully')).toBeNull();
});
