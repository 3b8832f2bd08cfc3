import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { RealtimeProvider, setToken } from 'shared-auth';
import type { LiveDesk } from 'shared-contracts';
import { FakeWebSocket, installFakeWebSocket, makeUser, ok, renderScreen, stubFetch } from 'shared-auth/src/testing';
import { LiveDeskScreen } from './live-desk-screen';

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const aiCallId = '50000000-0000-4000-8000-000000000001';
const desk = (): LiveDesk => ({
  agents: [
    {
      agentId: '50000000-0000-4000-8000-000000000011', fullName: 'Ada Agent', agentNumber: '+15550100001', status: 'busy', busyFrom: ago(75), awayReason: null, since: ago(75),
      currentCall: { callId: '50000000-0000-4000-8000-000000000021', direction: 'inbound', phoneNumber: '+15551112222', callerName: 'Cy Caller', since: ago(75), heldSince: ago(30), consultWith: '50000000-0000-4000-8000-000000000012', callSid: 'CA0123456789abcdef0123456789abcdef', supervision: null },
    },
    { agentId: '50000000-0000-4000-8000-000000000012', fullName: 'Bo Agent', agentNumber: null, status: 'away', busyFrom: null, awayReason: 'lunch', since: ago(600), currentCall: null },
  ],
  queue: [
    { id: '50000000-0000-4000-8000-000000000031', phoneNumber: '+15553334444', callerName: null, enqueuedAt: ago(130), handedOverBy: 'Front Desk', reason: 'Billing question' },
    { id: '50000000-0000-4000-8000-000000000032', phoneNumber: '+15555556666', callerName: 'Di Caller', enqueuedAt: ago(20), handedOverBy: null, reason: null },
  ],
  aiCalls: [
    { callId: aiCallId, aiAgentName: 'Front Desk', direction: 'inbound', phoneNumber: '+15557778888', callerName: null, startedAt: ago(40), lastLine: { authorType: 'ai', content: 'How can I help?' } },
  ],
});

const rows = (name: string) => within(screen.getByRole('region', { name })).getAllByRole('row').slice(1).map((row) => row.textContent);

function mount(change: (d: LiveDesk) => LiveDesk = (d) => d) {
  installFakeWebSocket();
  setToken('session-token');
  const answer = change(desk());
  const fetched = stubFetch((r) => {
    if (r.url.pathname.endsWith('/desk/add-agent')) {
      return ok({ agentId: '50000000-0000-4000-8000-000000000013', fullName: 'Cy Dee', agentNumber: '+15550100003', status: 'offline', busyFrom: null, awayReason: null, since: null });
    }
    if (r.url.pathname.endsWith('/desk/supervise-call')) {
      const { callSid, mode } = r.body as { callSid: string; mode: string };
      return ok({ callSid, mode, connectTo: `supervise:${callSid}`, joined: false });
    }
    if (r.url.pathname.endsWith('/call/generate-token')) return ok({ token: 'voice-token', identity: 'owner@example.com', ttlSeconds: 3600, provider: 'simulator' });
    if (r.url.pathname.endsWith('/desk/stop-supervising')) return ok({ message: 'You left the call' });
    return ok(answer);
  });
  renderScreen(<SnackbarProvider><RealtimeProvider><LiveDeskScreen /></RealtimeProvider></SnackbarProvider>, makeUser());
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { socket, fetched, reads: () => fetched.requests.filter((r) => r.url.pathname === '/v1/desk/get-live-desk').length };
}

test('each agent with status and current call, the callers waiting longest first with who handed them over, and the AI agents\' calls', async () => {
  mount();
  await screen.findByRole('region', { name: 'Agents' });
  expect(rows('Agents')).toEqual([
    expect.stringMatching(/^Ada AgentBusybusy for 00:01:1\dCy Caller · 00:01:1\d · On hold 00:00:3\d · handing over to Bo AgentListen$/),
    expect.stringMatching(/^Bo AgentAway · Lunchaway for 00:10:0\d——$/),
  ]);
  expect(rows('Waiting for a person')).toEqual([
    expect.stringMatching(/^\+1555333444400:02:1\dHanded over by Front Desk: Billing question$/),
    expect.stringMatching(/^Di Caller00:00:[23]\dRang an agent number$/),
  ]);
  expect(screen.getByText(/^Longest wait 00:02:1\d$/)).toBeInTheDocument();
  expect(rows('AI agents\' calls')).toEqual([expect.stringMatching(/^Front Desk\+1555777888800:00:4\dAI: How can I help\?Follow live$/)]);
  expect(screen.getByRole('link', { name: 'Follow live' })).toHaveAttribute('href', `/dashboard/calls/${aiCallId}/conversation`);
});

test('a new line of an AI call is put in place; a status, queue or hold change reads the desk again', async () => {
  const { socket, reads } = mount();
  await screen.findByRole('region', { name: 'Agents' });
  expect(reads()).toBe(1);
  act(() => socket.serverSends({
    type: 'TRANSCRIPT_UPDATED', callId: aiCallId,
    message: { id: '50000000-0000-4000-8000-000000000041', authorType: 'lead', content: 'I need to move my appointment.', createdAt: new Date().toISOString() },
  }));
  await waitFor(() => expect(rows('AI agents\' calls')[0]).toContain('Caller: I need to move my appointment.'));
  expect(reads()).toBe(1);
  act(() => socket.serverSends({ type: 'QUEUE_UPDATED', queue: [] }));
  await waitFor(() => expect(reads()).toBe(2));
  act(() => socket.serverSends({ type: 'CALL_HOLD_CHANGED', callSid: `CA${'0'.repeat(32)}`, agentId: '50000000-0000-4000-8000-000000000011', heldSince: null }));
  await waitFor(() => expect(reads()).toBe(3));
});

test('the USER adds a human agent: every field is checked first, then the agent is added and invited and the desk read again', async () => {
  const user = userEvent.setup({ delay: null });
  const { fetched, reads } = mount();
  await screen.findByRole('region', { name: 'Agents' });
  await user.click(screen.getByRole('button', { name: /Add a human agent/ }));
  const form = await screen.findByRole('form', { name: 'Add a human agent' });
  await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
  await user.click(within(form).getByRole('button', { name: 'Add and invite' }));
  expect(await within(form).findByText('Enter a valid email address')).toBeInTheDocument();
  expect(fetched.requests.some((r) => r.url.pathname.endsWith('/desk/add-agent'))).toBe(false);

  await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Cy');
  await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Dee');
  await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
  await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'cy@example.com');
  await user.type(within(form).getByRole('textbox', { name: 'Agent number' }), '(555) 010-0003');
  await user.click(within(form).getByRole('button', { name: 'Add and invite' }));
  await waitFor(() => expect(fetched.requests.filter((r) => r.url.pathname.endsWith('/desk/add-agent')).map((r) => r.body)).toEqual([
    { firstName: 'Cy', lastName: 'Dee', email: 'cy@example.com', agentNumber: '(555) 010-0003' },
  ]));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a human agent' })).not.toBeInTheDocument());
  await waitFor(() => expect(reads()).toBe(2));
  expect(await screen.findByText('Cy Dee is added: they set their password from the email we sent')).toBeInTheDocument();
});

test('a call another supervisor is on says who and how, and offers no Listen', async () => {
  mount((d) => ({
    ...d,
    agents: d.agents.map((a) => (a.currentCall
      ? { ...a, currentCall: { ...a.currentCall, supervision: { supervisorId: '50000000-0000-4000-8000-000000000099', supervisorName: 'Sam Super', mode: 'barge' } } }
      : a)),
  }));
  await screen.findByRole('region', { name: 'Agents' });
  expect(rows('Agents')[0]).toMatch(/handing over to Bo Agent · Sam Super on the callSam Super on the call$/);
  expect(screen.queryByRole('button', { name: /^Listen to/ })).not.toBeInTheDocument();
});

test('the USER listens to an agent\'s call from their browser phone, whispers, and leaves', async () => {
  const user = userEvent.setup({ delay: null });
  const { fetched } = mount();
  await screen.findByRole('region', { name: 'Agents' });
  const callSid = 'CA0123456789abcdef0123456789abcdef';
  const bodiesOf = (path: string) => fetched.requests.filter((r) => r.url.pathname.endsWith(path)).map((r) => r.body);
  await user.click(screen.getByRole('button', { name: 'Listen to Ada Agent\'s call' }));
  await waitFor(() => expect(bodiesOf('/desk/supervise-call')).toEqual([{ callSid, mode: 'listen' }]));
  // The browser phone registers with the simulator and calls its way onto the call.
  const phone = await waitFor(() => {
    const latest = FakeWebSocket.latest();
    expect(latest.url).toContain('/v1/telephony/simulator/voice?token=voice-token');
    return latest;
  });
  act(() => phone.serverOpens());
  act(() => phone.serverSends({ type: 'registered' }));
  await waitFor(() => expect(phone.sent.map((m) => JSON.parse(m) as { type: string; to?: string })).toEqual([expect.objectContaining({ type: 'connect', to: `supervise:${callSid}` })]));
  const { requestId } = JSON.parse(phone.sent[0]!) as { requestId: string };
  const legSid = `CA${'1'.repeat(32)}`;
  // Each a message of its own, as the socket delivers them.
  await act(async () => phone.serverSends({ type: 'ringing', callSid: legSid, requestId }));
  await act(async () => phone.serverSends({ type: 'accepted', callSid: legSid }));
  const modes = await screen.findByRole('radiogroup', { name: 'How you are on Ada Agent\'s call' });
  await waitFor(() => expect(within(modes).getByRole('radio', { name: 'Whisper' })).toBeEnabled());
  await user.click(within(modes).getByText('Whisper'));
  await waitFor(() => expect(bodiesOf('/desk/supervise-call')).toEqual([{ callSid, mode: 'listen' }, { callSid, mode: 'whisper' }]));

  await user.click(screen.getByRole('button', { name: 'Leave the call' }));
  await waitFor(() => expect(bodiesOf('/desk/stop-supervising')).toEqual([{ callSid }]));
  await waitFor(() => expect(phone.closedByClient).toBe(true));
  expect(await screen.findByRole('button', { name: 'Listen to Ada Agent\'s call' })).toBeEnabled();
});
