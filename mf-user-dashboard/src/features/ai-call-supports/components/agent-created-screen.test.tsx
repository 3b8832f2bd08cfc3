import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router-dom';
import { failure, makeUser, never, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { AgentCreatedScreen } from './agent-created-screen';
import { agentId, makeAgent } from '../test-support/agent-fixtures';

const id = agentId(7);
const at = (search: string) => (
  <Routes>
    <Route path="/" element={<Navigate to={`/dashboard/ai-call-supports/create/success${search}`} />} />
    <Route path="/dashboard/ai-call-supports/create/success" element={<AgentCreatedScreen />} />
    <Route path="/dashboard/ai-call-supports/edit/:id" element={<p>Edit page</p>} />
  </Routes>
);

afterEach(() => jest.restoreAllMocks());

test('loads the created agent', () => {
  const { requests } = stubFetch(never);
  renderScreen(at(`?id=${id}`), makeUser());
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(requests.map((r) => r.url.pathname)).toEqual([`/v1/agent/get-agent/${id}`]);
});

test('names the created agent, its number, and opens its settings', async () => {
  stubFetch(() => ok(makeAgent({ id, name: 'Night Desk', phoneNumber: '+15552013344' })));
  renderScreen(at(`?id=${id}`), makeUser());
  expect(await screen.findByText('Night Desk is ready')).toBeInTheDocument();
  expect(screen.getByText('It answers calls to +15552013344.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Edit settings' }));
  expect(await screen.findByText('Edit page')).toBeInTheDocument();
});

test('without an id it says there is nothing to show', () => {
  const { requests } = stubFetch(never);
  renderScreen(at(''), makeUser());
  expect(screen.getByText('No AI call support to show')).toBeInTheDocument();
  expect(requests).toHaveLength(0);
});

test('a failed load shows the error', async () => {
  stubFetch(() => failure(404, 'Not found'));
  renderScreen(at(`?id=${id}`), makeUser());
  expect(await screen.findByText('Not found')).toBeInTheDocument();
});
