import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { CallReport, CallTrace, ConversationMessages } from 'shared-contracts';
import { RealtimeProvider, setToken } from 'shared-auth';
import { failure, FakeWebSocket, installFakeWebSocket, makeUser, never, ok, renderScreen, stubFetch, type SentRequest, type StubReply } from 'shared-auth/src/testing';
import { CallConversationScreen } from './call-conversation-screen';

const user = makeUser({ timeZone: 'America/New_York' });
const callId = '20000000-0000-4000-8000-000000000001';
const conversationId = '20000000-0000-4000-8000-000000000002';
const leadId = '20000000-0000-4000-8000-000000000003';
const aiId = '20000000-0000-4000-8000-000000000004';

const report = (overrides: Partial<CallReport['call']> = {}): CallReport => ({
  call: {
    id: callId, direction: 'inbound', status: 'completed', fromNumber: '+15557654321', toNumber: '+15551230001',
    startedAt: '2026-03-10T14:00:00.000Z', durationSeconds: 155,
    aiAgent: { id: aiId, name: 'Front Desk' }, agent: null,
    lead: { id: leadId, fullName: 'Ada Caller', phoneNumber: '+15557654321' },
    conversation: { id: conversationId, recordingUrl: 'https://recordings.example.com/1.mp3' },
    endReason: null, callbackRequest: null, wrapUp: null, transferredTo: null,
    ...overrides,
  },
  summary: 'Booked a cleaning for Tuesday.', sentiment: 'positive', outcome: 'appointment-booked', appointmentBooked: true, transcriptAvailable: true, analysis: null,
});

const transcript: ConversationMessages = {
  callDirection: 'inbound',
  messages: [
    { id: '20000000-0000-4000-8000-000000000010', authorType: 'ai', content: 'Hello from Acme Dental.', createdAt: '2026-03-10T14:00:01.000Z', agent: { id: aiId, name: 'Front Desk' }, lead: null },
    { id: '20000000-0000-4000-8000-000000000011', authorType: 'lead', content: 'I need a cleaning.', createdAt: '2026-03-10T14:00:05.000Z', agent: null, lead: { id: leadId, fullName: 'Ada Caller', phoneNumber: '+15557654321' } },
  ],
};

const callTrace: CallTrace = {
  callId, responder: 'openai gpt-4o-mini', endReason: 'The caller hung up', slowestFirstTokenMs: 2_400, agentVersion: 3, speechFallback: null,
  turns: [
    {
      index: 0, at: '2026-03-10T14:00:05.000Z', caller: 'I need a cleaning.',
      knowledge: { passages: ['Cleanings take 30 minutes.'], durationMs: 12 },
      tools: [{ name: 'check_stock', args: { item: 'floss' }, result: 'In stock', outcome: 'ok', startMs: 40, durationMs: 180, httpStatus: 200 }],
      firstTokenMs: 2_400, lastTokenMs: 3_100, reply: 'We have Tuesday at 9.', heardBeforeInterruption: null, held: false, fellBack: false, handledBy: null, firstAudioMs: null,
    },
    {
      index: 1, at: '2026-03-10T14:00:12.000Z', caller: 'Can I talk to a person?',
      knowledge: { passages: [], durationMs: null },
      tools: [{ name: 'crm_lookup', args: { phone: '+15557654321' }, result: 'Sorry, our system is taking too long to answer.', outcome: 'timeout', startMs: 5, durationMs: 4_000, httpStatus: null }],
      firstTokenMs: 300, lastTokenMs: 900, reply: 'Connecting you now.', heardBeforeInterruption: 'Connecting', held: false, fellBack: false, handledBy: 'transfer', firstAudioMs: 420,
    },
  ],
};

type Handler = (r: SentRequest) => StubReply | Promise<StubReply>;
const api = ({ reports = () => ok(report()), messages = () => ok(transcript), feedback = () => ok(null), rate, trace = () => ok(callTrace) }: {
  reports?: Handler; messages?: Handler; feedback?: Handler; rate?: Handler; trace?: Handler;
}) => stubFetch((r) => {
  if (r.url.pathname.includes('get-call-reports')) return reports(r);
  if (r.url.pathname.includes('get-call-trace')) return trace(r);
  if (r.url.pathname.includes('get-conversation-messages')) return messages(r);
  if (r.url.pathname.includes('get-call-feedback')) return feedback(r);
  if (r.url.pathname.includes('rate-call') && rate) return rate(r);
  return failure(404, 'Not found');
});

const ui = (
  <SnackbarProvider>
    <Routes>
      <Route path="/" element={<Navigate to={`/dashboard/calls/${callId}/conversation`} />} />
      <Route path="/dashboard/calls/:id/conversation" element={<CallConversationScreen />} />
    </Routes>
  </SnackbarProvider>
);

afterEach(() => jest.restoreAllMocks());

/** What the call details card says for one label. */
const detail = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling?.textContent;

test('loads the call named in the path', () => {
  const { requests } = api({ reports: never });
  renderScreen(ui, user);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(requests.map((r) => r.url.pathname)).toEqual([`/v1/call/get-call-reports/${callId}`]);
});

test('beside the transcript, the timeline shows each turn\'s wait for the first words, its tools and interruptions', async () => {
  api({});
  renderScreen(ui, user);
  const timeline = await screen.findByRole('region', { name: 'Call timeline' });
  expect(within(timeline).getByText(/Answered by openai gpt-4o-mini · agent version 3/)).toBeInTheDocument();
  const first = within(timeline).getByLabelText('Turn 1');
  expect(within(first).getByText('Slow · first words 2.4 s')).toBeInTheDocument();
  expect(within(first).getByText('1 knowledge passage (12 ms)')).toBeInTheDocument();
  expect(within(first).getByLabelText('Tool check_stock: done in 180 ms')).toHaveTextContent('HTTP 200');
  const second = within(timeline).getByLabelText('Turn 2');
  expect(within(second).getByText('first words 300 ms')).toBeInTheDocument();
  expect(within(second).getByLabelText('Tool crm_lookup: timed out in 4.0 s')).toBeInTheDocument();
  expect(within(second).getByText('Handed to a person')).toBeInTheDocument();
  expect(within(second).getByText('Interrupted after: “Connecting”')).toBeInTheDocument();
  expect(within(timeline).getByText('Ended: The caller hung up')).toBeInTheDocument();
  expect(within(timeline).queryByText(/Our speech pipeline/)).toBeNull();
});

test('on our speech pipeline, the timeline shows each turn\'s first audio and why Twilio\'s voice took the call on', async () => {
  const turns = callTrace.turns.map((turn) => ({ ...turn, firstAudioMs: 420 }));
  api({ trace: () => ok({ ...callTrace, turns, speechFallback: 'the voice sent no audio in 3 s' }) });
  renderScreen(ui, user);
  const timeline = await screen.findByRole('region', { name: 'Call timeline' });
  expect(within(within(timeline).getByLabelText('Turn 2')).getByText('first audio 420 ms')).toBeInTheDocument();
  expect(within(timeline).getByText('Our speech pipeline handed the call to Twilio\'s voice: the voice sent no audio in 3 s')).toBeInTheDocument();
});

test('the agent\'s own analysis of the call shows with the call', async () => {
  api({ reports: () => ok({ ...report(), analysis: {
    fields: [{ name: 'Party size', type: 'number', value: 4 }], success: true, successReason: 'A tasting was booked.', analysedBy: 'Local responder',
  } }) });
  renderScreen(ui, user);
  const card = await screen.findByRole('region', { name: 'Call analysis' });
  expect(card).toHaveTextContent('Party size');
  expect(card).toHaveTextContent('A tasting was booked.');
});

test('a call with no trace says so instead of a timeline', async () => {
  api({ trace: () => failure(404, 'Not found') });
  renderScreen(ui, user);
  expect(await screen.findByText('No timeline was kept for this call')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Call timeline' })).toBeNull();
});

test('shows the call, the recording player and the transcript with who spoke', async () => {
  const { requests } = api({ reports: () => ok(report({
    endReason: 'Nobody was available: the agent took a message',
    callbackRequest: { callerName: 'Ada Caller', phoneNumber: '+15557654321', reason: 'Wants a later slot', requestedAt: '2026-03-10T14:02:00.000Z' },
  })) });
  renderScreen(ui, user);
  const turns = await screen.findByRole('list', { name: 'Transcript' });
  expect(within(turns).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
    'Front Desk: Hello from Acme Dental.', 'Ada Caller: I need a cleaning.',
  ]);
  expect(screen.getByLabelText('Call recording')).toHaveAttribute('src', 'https://recordings.example.com/1.mp3');
  expect(screen.getByText('Booked a cleaning for Tuesday.')).toBeInTheDocument();
  expect(detail('Outcome')).toBe('Appointment booked');
  expect(detail('Sentiment')).toBe('Positive');
  expect(screen.getByText('00:02:35')).toBeInTheDocument();
  expect(screen.queryByText('Live')).toBeNull();
  expect(detail('Lead')).toBe('Ada Caller');
  expect(within(screen.getByRole('region', { name: 'Callback requested' })).getByText('Wants a later slot')).toBeInTheDocument();
  expect(detail('Why it ended')).toBe('Nobody was available: the agent took a message');
  const messagesRequest = requests.find((r) => r.url.pathname.includes('get-conversation-messages'))!;
  expect(messagesRequest.url.pathname).toBe(`/v1/conversation/get-conversation-messages/${user.accountId}`);
  expect(messagesRequest.body).toEqual({ conversation_id: conversationId });
});

test('a call without a conversation says there is no recording and no transcript', async () => {
  const { requests } = api({ reports: () => ok(report({ conversation: null })) });
  renderScreen(ui, user);
  expect(await screen.findByText('No recording for this call')).toBeInTheDocument();
  expect(screen.getByText('No transcript for this call')).toBeInTheDocument();
  expect(requests.some((r) => r.url.pathname.includes('get-conversation-messages'))).toBe(false);
});

test('a call of another account (404) shows the error', async () => {
  api({ reports: () => failure(404, 'Not found') });
  renderScreen(ui, user);
  expect(await screen.findByText('Not found')).toBeInTheDocument();
  expect(screen.queryByText('Transcript')).toBeNull();
});

test('a failed transcript load shows its error with Retry', async () => {
  let fail = true;
  api({ messages: () => (fail ? failure(500, 'Transcript unavailable') : ok(transcript)) });
  renderScreen(ui, user);
  expect(await screen.findByText('Transcript unavailable')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByRole('list', { name: 'Transcript' })).toBeInTheDocument();
});

test('rates the call with a score and an issue', async () => {
  const { requests } = api({
    rate: (r) => ok({ callId, ...(r.body as object), issue: (r.body as { issue?: string }).issue ?? null, updatedAt: '2026-03-10T15:00:00.000Z' }),
  });
  renderScreen(ui, user);
  const send = await screen.findByRole('button', { name: 'Send feedback' });
  expect(send).toBeDisabled();
  await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Call quality score' })).getByText('2'));
  await userEvent.click(screen.getByRole('combobox', { name: 'Issue heard' }));
  await userEvent.click(await screen.findByText('Echo'));
  await userEvent.click(send);
  expect(await screen.findByText('Thanks, your feedback was saved')).toBeInTheDocument();
  const rate = requests.find((r) => r.url.pathname.includes('rate-call'))!;
  expect(rate.url.pathname).toBe(`/v1/call/rate-call/${callId}`);
  expect(rate.body).toEqual({ score: 2, issue: 'echo' });
});

test('shows an earlier rating and a refused update', async () => {
  api({
    feedback: () => ok({ callId, score: 4, issue: null, updatedAt: '2026-03-10T15:00:00.000Z' }),
    rate: () => failure(400, 'Score must be from 1 to 5'),
  });
  renderScreen(ui, user);
  expect(await screen.findByText('You rated this call 4 of 5.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('radio', { name: '4' })).toBeChecked());
  await userEvent.click(screen.getByRole('button', { name: 'Update feedback' }));
  expect(await screen.findByText('Score must be from 1 to 5')).toBeInTheDocument();
});

// A running AI call: its lines arrive over the account's realtime socket.
const line = (n: number, authorType: 'ai' | 'lead', content: string) => ({
  id: `20000000-0000-4000-8000-0000000000${20 + n}`, authorType, content, createdAt: `2026-03-10T14:00:${10 + n}.000Z`,
});

async function watchLiveCall(handlers: Parameters<typeof api>[0]) {
  installFakeWebSocket();
  setToken('session-token');
  const stub = api(handlers);
  renderScreen(<RealtimeProvider>{ui}</RealtimeProvider>, user);
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { socket, ...stub };
}

const liveTurns = () => within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));

test('while an AI call runs, its transcript grows as lines arrive, with a Live indicator and no duplicates', async () => {
  const running = report({ status: 'in-progress', durationSeconds: 0 });
  const { socket } = await watchLiveCall({
    reports: () => ok({ ...running, summary: null, sentiment: null, outcome: null, appointmentBooked: false }),
    messages: () => ok({ callDirection: 'inbound', messages: [transcript.messages[0]] }),
  });
  await screen.findByRole('list', { name: 'Transcript' });
  expect(screen.getByText('Live')).toBeInTheDocument();
  expect(detail('Outcome')).toBe('Not yet known');

  // The greeting the screen already fetched comes again, then new lines, one of them twice.
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: { ...transcript.messages[0], agent: undefined, lead: undefined } }));
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(1, 'lead', 'Can I book a cleaning?') }));
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(2, 'ai', 'Sure, which day?') }));
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(2, 'ai', 'Sure, which day?') }));
  // Another call's line is not this screen's.
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId: leadId, message: line(3, 'lead', 'Wrong call') }));
  expect(liveTurns()).toEqual(['Front Desk: Hello from Acme Dental.', 'Ada Caller: Can I book a cleaning?', 'Front Desk: Sure, which day?']);
  expect(screen.getByRole('list', { name: 'Transcript' })).toHaveAttribute('aria-live', 'polite');

  // The caller cut the reply short: its line is sent again with what they heard, and stays in its place.
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(3, 'lead', 'Tuesday.') }));
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(2, 'ai', 'Sure,') }));
  expect(liveTurns()).toEqual(['Front Desk: Hello from Acme Dental.', 'Ada Caller: Can I book a cleaning?', 'Front Desk: Sure,', 'Ada Caller: Tuesday.']);
});

test('when the AI call ends, the call is fetched again and its stored transcript and summary show', async () => {
  let ended = false;
  const stored = [transcript.messages[0]!, { ...transcript.messages[1]!, id: line(1, 'lead', '').id, content: 'Can I book a cleaning?' }];
  const { socket, requests } = await watchLiveCall({
    reports: () => ok(ended
      ? { ...report(), summary: 'Caller asked for a cleaning.', outcome: 'unresolved', sentiment: 'neutral', appointmentBooked: false }
      : { ...report({ status: 'in-progress' }), summary: null, sentiment: null, outcome: null, appointmentBooked: false }),
    messages: () => ok({ callDirection: 'inbound', messages: ended ? stored : [transcript.messages[0]] }),
  });
  await screen.findByText('Live');
  act(() => socket.serverSends({ type: 'TRANSCRIPT_UPDATED', callId, message: line(1, 'lead', 'Can I book a cleaning?') }));
  const reportsBefore = requests.filter((r) => r.url.pathname.includes('get-call-reports')).length;

  ended = true;
  act(() => socket.serverSends({ type: 'LIVE_CALL_ENDED', callId: leadId }));
  expect(screen.getByText('Live')).toBeInTheDocument();
  act(() => socket.serverSends({ type: 'LIVE_CALL_ENDED', callId }));
  expect(await screen.findByText('Caller asked for a cleaning.')).toBeInTheDocument();
  expect(detail('Outcome')).toBe('Unresolved');
  expect(detail('Sentiment')).toBe('Neutral');
  expect(screen.queryByText('Live')).toBeNull();
  expect(requests.filter((r) => r.url.pathname.includes('get-call-reports')).length).toBeGreaterThan(reportsBefore);
  await waitFor(() => expect(liveTurns()).toEqual(['Front Desk: Hello from Acme Dental.', 'Ada Caller: Can I book a cleaning?']));
});

test('a call answered by a person shows no Live indicator', async () => {
  api({ reports: () => ok(report({ status: 'in-progress', agent: { id: leadId, fullName: 'Sam Agent' } })) });
  renderScreen(ui, user);
  await screen.findByRole('list', { name: 'Transcript' });
  expect(screen.queryByText('Live')).toBeNull();
});
