import { act, screen, waitFor, within } from '@testing-library/react';
import { RealtimeProvider, setToken } from 'shared-auth';
import type { IncomingCallContext } from 'shared-contracts';
import { FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { CallContextPanel } from './call-context-panel';

const agent = makeUser({ role: 'AGENT' });
const callSid = 'CA0123456789abcdef0123456789abcdef';
const callId = '40000000-0000-4000-8000-000000000001';
const greeting = { authorType: 'ai', content: 'Hello, Acme Dental.', createdAt: '2026-03-10T14:00:01.000Z' } as const;
const ask = { authorType: 'lead', content: 'I need to talk to a person.', createdAt: '2026-03-10T14:00:05.000Z' } as const;
const handedOver = (transcript: IncomingCallContext['transcript']): IncomingCallContext => ({
  callSid, callId, from: '+15551112222', callerName: 'Ada Caller', aiAgentName: 'Front Desk', reason: 'Wants to move her appointment', transcript, previousCalls: [], offeredBy: null,
});

function mount(reply: () => IncomingCallContext) {
  installFakeWebSocket();
  setToken('session-token');
  const fetched = stubFetch(() => ok(reply()));
  renderScreen(<RealtimeProvider><CallContextPanel callSid={callSid} /></RealtimeProvider>, agent);
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { socket, reads: () => fetched.requests.filter((r) => r.url.pathname === `/v1/call/get-incoming-call/${callSid}`).length };
}

const lines = (panel: HTMLElement) => [...within(panel).getByRole('region', { name: 'Transcript so far' }).querySelectorAll('p')].map((p) => p.textContent);

test('shows who is on the line, why the AI agent handed them over and what was said', async () => {
  mount(() => handedOver([greeting, ask]));
  const panel = await screen.findByRole('region', { name: 'Caller' });
  expect(within(panel).getByText('Ada Caller')).toBeInTheDocument();
  expect(within(panel).getByText('Transferred by Front Desk: Wants to move her appointment')).toBeInTheDocument();
  expect(lines(panel)).toEqual(['Front Desk: Hello, Acme Dental.', 'Ada Caller: I need to talk to a person.']);
});

test('a line written for this call reads the transcript again; another call\'s line does not', async () => {
  let transcript: IncomingCallContext['transcript'] = [greeting];
  const { socket, reads } = mount(() => handedOver(transcript));
  const panel = await screen.findByRole('region', { name: 'Caller' });
  expect(lines(panel)).toEqual(['Front Desk: Hello, Acme Dental.']);

  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId: '40000000-0000-4000-8000-000000000009', message: { ...ask, id: '40000000-0000-4000-8000-000000000010' } }));
  expect(reads()).toBe(1);
  transcript = [greeting, ask];
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: { ...ask, id: '40000000-0000-4000-8000-000000000011' } }));
  await waitFor(() => expect(lines(panel)).toEqual(['Front Desk: Hello, Acme Dental.', 'Ada Caller: I need to talk to a person.']));
  expect(reads()).toBe(2);
});

test('a caller with nothing to tell beyond the number gets no panel', async () => {
  const { reads } = mount(() => ({ ...handedOver([]), callerName: null, aiAgentName: null, reason: null }));
  await waitFor(() => expect(reads()).toBe(1));
  expect(screen.queryByRole('region', { name: 'Caller' })).toBeNull();
});

test('a caller who called before: the earlier calls show, newest first, with what each was about', async () => {
  mount(() => ({
    ...handedOver([]), callerName: null, aiAgentName: null, reason: null,
    previousCalls: [
      { id: '40000000-0000-4000-8000-000000000021', startedAt: '2026-03-09T15:30:00.000Z', aiAgentName: 'Front Desk', summary: 'Booked a cleaning for Tuesday.', outcome: 'appointment-booked' },
      { id: '40000000-0000-4000-8000-000000000022', startedAt: '2026-03-01T09:00:00.000Z', aiAgentName: null, summary: null, outcome: null },
    ],
  }));
  const panel = await screen.findByRole('region', { name: 'Caller' });
  const earlier = within(panel).getByRole('region', { name: 'Earlier calls' });
  const items = within(earlier).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent(/Front Desk · appointment booked/);
  expect(items[0]).toHaveTextContent('Booked a cleaning for Tuesday.');
  expect(items[1]).toHaveTextContent('No summary');
});
