import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { TOOL_UNAVAILABLE_TEXT, type CustomToolValue } from 'shared-contracts';
import { failure, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { CustomToolsTab } from './custom-tools-tab';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const user = makeUser();
const id = agentId(9);

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

const orderTool: CustomToolValue = {
  name: 'check_order', description: 'Looks up an order by its number.', url: 'https://shop.example.com/tools/order', method: 'POST',
  parameters: [{ name: 'order_number', type: 'string', description: 'The number the caller reads out', required: true }],
};
const agent = makeAgent({ id, customTools: [orderTool], toolSecretPrefix: 'tsec_AbCd' });

const tool = (n: number) => screen.getByRole('group', { name: `Tool ${n}` });
const render = (a = agent) => renderScreen(<SnackbarProvider><CustomToolsTab agent={a} /></SnackbarProvider>, user);

test('shows the saved tool, and saves an added one with its parameters, sending only the tools', async () => {
  const { requests } = stubFetch((r) => ok(makeAgent({ id, ...(r.body as object) })));
  render();
  expect(within(tool(1)).getByLabelText('Tool name')).toHaveValue('check_order');
  expect(within(tool(1)).getByLabelText('Endpoint URL')).toHaveValue('https://shop.example.com/tools/order');
  expect(within(within(tool(1)).getByRole('group', { name: 'Parameter 1' })).getByLabelText('Parameter name')).toHaveValue('order_number');
  expect(screen.getByText('tsec_AbCd…')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Add tool' }));
  await userEvent.type(within(tool(2)).getByLabelText('Tool name'), 'opening_hours');
  await userEvent.type(within(tool(2)).getByLabelText('Endpoint URL'), 'https://shop.example.com/tools/hours');
  await userEvent.type(within(tool(2)).getByLabelText('Description for the model'), 'Says when a shop is open.');
  await userEvent.click(within(tool(2)).getByRole('button', { name: 'Add parameter' }));
  const parameter = within(tool(2)).getByRole('group', { name: 'Parameter 1' });
  await userEvent.type(within(parameter).getByLabelText('Parameter name'), 'shop_id');
  await userEvent.click(within(parameter).getByLabelText('Type'));
  await userEvent.click(await screen.findByText('Whole number', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(within(parameter).getByLabelText('Required'));
  await userEvent.click(screen.getByRole('button', { name: 'Save tools' }));

  expect(await screen.findByText('Tools saved')).toBeInTheDocument();
  const update = requests.find((r) => r.method === 'PATCH')!;
  expect(update.url.pathname).toBe(`/v1/agent/update-agent/${id}`);
  expect(update.body).toEqual({
    customTools: [
      orderTool,
      {
        name: 'opening_hours', description: 'Says when a shop is open.', url: 'https://shop.example.com/tools/hours', method: 'POST',
        parameters: [{ name: 'shop_id', type: 'integer', description: '', required: false }],
      },
    ],
  });
});

test('refuses bad tools with the error under the field, and a tool can be removed', async () => {
  const { requests } = stubFetch(() => failure(400, 'Endpoint URL must not point to a private or local network address'));
  render();
  await userEvent.click(screen.getByRole('button', { name: 'Add tool' }));
  await userEvent.type(within(tool(2)).getByLabelText('Tool name'), 'End Call');
  await userEvent.type(within(tool(2)).getByLabelText('Endpoint URL'), 'ftp://x');
  await userEvent.click(within(tool(2)).getByRole('button', { name: 'Add parameter' }));
  await userEvent.click(within(tool(2)).getByRole('button', { name: 'Add parameter' }));
  await userEvent.type(within(within(tool(2)).getByRole('group', { name: 'Parameter 1' })).getByLabelText('Parameter name'), 'day');
  await userEvent.type(within(within(tool(2)).getByRole('group', { name: 'Parameter 2' })).getByLabelText('Parameter name'), 'day');
  await userEvent.click(screen.getByRole('button', { name: 'Save tools' }));
  expect(within(tool(2)).getByText(/Tool name must start with a lowercase letter/)).toBeInTheDocument();
  expect(within(tool(2)).getByText('Endpoint URL must start with http:// or https://')).toBeInTheDocument();
  expect(within(tool(2)).getByText('Description for the model is required')).toBeInTheDocument();
  expect(within(tool(2)).getByText('Each parameter needs its own name')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

  await userEvent.click(screen.getByRole('button', { name: 'Remove tool 2' }));
  expect(screen.queryByRole('group', { name: 'Tool 2' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save tools' }));
  expect(await screen.findByText('Endpoint URL must not point to a private or local network address')).toBeInTheDocument();
});

test('Try it sends the tool as the form holds it with the sample arguments, and shows the answer or why the agent cannot use it', async () => {
  let answer = { status: 200, durationMs: 84, body: '{"status":"shipped"}', error: null as string | null, modelSees: '{"status":"shipped"}' };
  const { requests } = stubFetch(() => ok(answer));
  render();
  const sample = within(tool(1)).getByLabelText('Sample arguments (JSON)');
  expect(JSON.parse((sample as HTMLTextAreaElement).value)).toEqual({ order_number: 'example' });
  await userEvent.clear(sample);
  await userEvent.type(sample, '{{"order_number": "A-17"}');
  await userEvent.click(await within(tool(1)).findByRole('button', { name: 'Try it' }));
  const result = await within(tool(1)).findByRole('status', { name: 'Try it result' });
  expect(within(result).getByText('HTTP 200')).toBeInTheDocument();
  expect(within(result).getByText('84 ms')).toBeInTheDocument();
  expect(within(result).getAllByText('{"status":"shipped"}').length).toBeGreaterThan(0);
  const sent = requests.find((r) => r.url.pathname === '/v1/agent/try-custom-tool')!;
  expect(sent.body).toEqual({ agentId: id, tool: orderTool, args: { order_number: 'A-17' } });

  answer = { status: 200, durationMs: 12, body: '<html>Login</html>', error: 'The answer is not text or JSON', modelSees: TOOL_UNAVAILABLE_TEXT };
  await userEvent.click(await within(tool(1)).findByRole('button', { name: 'Try it' }));
  expect(await within(tool(1)).findByText('The answer is not text or JSON')).toBeInTheDocument();
  expect(within(tool(1)).getByText(`During a call the agent would say: “${TOOL_UNAVAILABLE_TEXT}”`)).toBeInTheDocument();

  await userEvent.clear(sample);
  await userEvent.type(sample, 'not json');
  await userEvent.click(await within(tool(1)).findByRole('button', { name: 'Try it' }));
  expect(await within(tool(1)).findByText(/Sample arguments must be JSON/)).toBeInTheDocument();
});

test('a new signing secret is shown once, in full, until dismissed', async () => {
  const { requests } = stubFetch(() => ok({ secret: 'tsec_NeWsEcReTvalue', toolSecretPrefix: 'tsec_NeWs' }));
  render();
  await userEvent.click(screen.getByRole('button', { name: 'New secret' }));
  expect(await screen.findByText('tsec_NeWsEcReTvalue')).toBeInTheDocument();
  expect(requests.find((r) => r.method === 'POST')!.url.pathname).toBe(`/v1/agent/rotate-tool-secret/${id}`);
  await userEvent.click(screen.getByRole('button', { name: 'I have copied the secret' }));
  expect(screen.queryByText('tsec_NeWsEcReTvalue')).toBeNull();
});
