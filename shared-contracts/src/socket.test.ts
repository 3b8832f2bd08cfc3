import { ClientMessage, ServerMessage, parseMessage } from './socket';

const AGENT = '6f1c2b1e-3b7a-4b7e-9a52-2d2f0a1b9c10';
const ACCOUNT = '0b6a6a54-2f2b-4c59-8d0e-5b8a4e3f2c11';
const CONVERSATION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const NOW = '2025-03-01T10:00:00.000Z';
const entry = { id: CONVERSATION, phoneNumber: '+12125550100', callerName: null, enqueuedAt: NOW };
const sms = {
  id: CONVERSATION, conversationId: CONVERSATION, direction: 'inbound', fromNumber: '+12125550100',
  toNumber: '+13105550100', content: 'Hi', status: 'received', createdAt: NOW,
};

const server = (frame: unknown) => parseMessage(ServerMessage, JSON.stringify(frame));
const client = (frame: unknown) => parseMessage(ClientMessage, JSON.stringify(frame));

describe('server → browser messages', () => {
  test.each([
    { type: 'STATUS_UPDATED', agentId: AGENT, status: 'busy', busyFrom: NOW },
    { type: 'STATUS_UPDATED', agentId: AGENT, status: 'available', busyFrom: null },
    { type: 'DISCONNECT_CALL' },
    { type: 'RECEIVE_SMS', payload: sms },
    { type: 'SMS_STATUS_CHANGED', payload: { id: CONVERSATION, conversationId: CONVERSATION, status: 'delivered' } },
    { type: 'QUEUE_UPDATED', queue: [entry] },
    { type: 'QUEUE_UPDATED' },
    { type: 'INITIAL_STATUS', queue: [entry] },
    { type: 'INITIAL_STATUS' },
    { type: 'ERROR', message: 'Refused' },
  ])('accepts %j', (frame) => {
    const result = server(frame);
    expect(result).toEqual({ ok: true, message: expect.objectContaining({ type: frame.type }) });
  });

  test.each([
    ['STATUS_UPDATED agentId not a uuid', { type: 'STATUS_UPDATED', agentId: 42, status: 'busy', busyFrom: null }],
    ['STATUS_UPDATED unknown status', { type: 'STATUS_UPDATED', agentId: AGENT, status: 'sleeping', busyFrom: null }],
    ['STATUS_UPDATED busyFrom a number', { type: 'STATUS_UPDATED', agentId: AGENT, status: 'busy', busyFrom: 5 }],
    ['RECEIVE_SMS payload a string', { type: 'RECEIVE_SMS', payload: 'hi' }],
    ['RECEIVE_SMS content a number', { type: 'RECEIVE_SMS', payload: { ...sms, content: 5 } }],
    ['SMS_STATUS_CHANGED status missing', { type: 'SMS_STATUS_CHANGED', payload: { id: CONVERSATION, conversationId: CONVERSATION } }],
    ['QUEUE_UPDATED queue an object', { type: 'QUEUE_UPDATED', queue: { 0: entry } }],
    ['INITIAL_STATUS queue entry bad', { type: 'INITIAL_STATUS', queue: [{ ...entry, phoneNumber: 1 }] }],
    ['ERROR message a number', { type: 'ERROR', message: 1 }],
  ])('refuses %s', (_name, frame) => expect(server(frame).ok).toBe(false));

  test('a message with an unknown type is refused', () => {
    const result = server({ type: 'HELLO' });
    expect(result.ok).toBe(false);
  });
  test('a message with no type is refused', () => expect(server({ agentId: AGENT }).ok).toBe(false));
  test('a browser message type is not a server message', () =>
    expect(server({ type: 'UPDATE_STATUS', agentId: AGENT, status: 'busy' }).ok).toBe(false));
});

describe('browser → server messages', () => {
  test.each([
    { type: 'UPDATE_STATUS', agentId: AGENT, status: 'offline' },
    { type: 'AGENT_ACTIVE_STATUS', accountId: ACCOUNT, agentId: AGENT, isActive: true },
    { type: 'REMOVE_FROM_QUEUE', agentId: AGENT, accountId: ACCOUNT },
    { type: 'REMOVE_FROM_QUEUE', agentId: AGENT, accountId: ACCOUNT, entryId: entry.id },
  ])('accepts %j', (frame) => expect(client(frame)).toEqual({ ok: true, message: frame }));

  test.each([
    ['UPDATE_STATUS status a boolean', { type: 'UPDATE_STATUS', agentId: AGENT, status: true }],
    ['UPDATE_STATUS agentId missing', { type: 'UPDATE_STATUS', status: 'busy' }],
    ['AGENT_ACTIVE_STATUS isActive a string', { type: 'AGENT_ACTIVE_STATUS', accountId: ACCOUNT, agentId: AGENT, isActive: 'yes' }],
    ['AGENT_ACTIVE_STATUS accountId not a uuid', { type: 'AGENT_ACTIVE_STATUS', accountId: 'acc', agentId: AGENT, isActive: false }],
    ['REMOVE_FROM_QUEUE accountId a number', { type: 'REMOVE_FROM_QUEUE', agentId: AGENT, accountId: 7 }],
    ['REMOVE_FROM_QUEUE entryId not a uuid', { type: 'REMOVE_FROM_QUEUE', agentId: AGENT, accountId: ACCOUNT, entryId: 'first' }],
  ])('refuses %s', (_name, frame) => {
    const result = client(frame);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).not.toBe('');
  });

  test('unknown type is refused', () => expect(client({ type: 'STATUS_UPDATED', agentId: AGENT, status: 'busy', busyFrom: null }).ok).toBe(false));
});

describe('malformed frames', () => {
  test.each(['', '{', 'not json', '{"type":"DISCONNECT_CALL"'])('%j is reported as invalid JSON', (raw) => {
    expect(parseMessage(ServerMessage, raw)).toEqual({ ok: false, error: 'Message is not valid JSON' });
    expect(parseMessage(ClientMessage, raw)).toEqual({ ok: false, error: 'Message is not valid JSON' });
  });
  test.each(['null', '42', '"DISCONNECT_CALL"', '[]'])('valid JSON that is not a message (%s) is refused', (raw) =>
    expect(parseMessage(ServerMessage, raw).ok).toBe(false));
});

describe('deeply nested frames', () => {
  it('are refused before they are decoded', () => {
    const deep = `{"type":"UPDATE_STATUS","x":${'['.repeat(12_000)}${']'.repeat(12_000)}}`;
    expect(parseMessage(ClientMessage, deep)).toEqual({ ok: false, error: 'Input is nested too deeply' });
    expect(parseMessage(ServerMessage, `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toEqual({ ok: false, error: 'Input is nested too deeply' });
  });
});

describe('socket frames with control characters', () => {
  it('are refused by name before their schema is read', () => {
    expect(client({ type: 'DISCONNECT_CALL', callSid: 'CA\u0000' })).toEqual({ ok: false, error: 'callSid must not contain control characters' });
  });
});
