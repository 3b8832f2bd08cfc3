import { newIdempotencyKey } from '../domain/idempotency-key';
import { SendSmsBody, conversationContract } from './conversation';
import { ID, NOW, firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('send-sms: toNumber, content, agentNo, idempotencyKey', () => {
  const KEY = '5f0c8a52-3f7e-4c1b-9d2a-6b1e0f4a7c33';
  const good = { toNumber: '(212) 555-0100', content: 'On my way', agentNo: '+13105550100', idempotencyKey: KEY };
  test('numbers normalised, content kept as typed', () =>
    expect(parsed(SendSmsBody, { ...good, content: ' Hi ' })).toEqual({ toNumber: '+12125550100', content: ' Hi ', agentNo: '+13105550100', idempotencyKey: KEY }));
  test('content must not be empty or blank', () => {
    expect(firstIssue(SendSmsBody, { ...good, content: '' })).toEqual({ message: 'Message is required', path: 'content' });
    expect(messageOf(SendSmsBody, { ...good, content: '   ' })).toBe('Message is required');
    const { content: _c, ...rest } = good;
    expect(messageOf(SendSmsBody, rest)).toBe('Message is required');
  });
  test('content length', () => expect(messageOf(SendSmsBody, { ...good, content: 'x'.repeat(1601) })).toBe('Message must be at most 1600 characters'));
  test('numbers', () => {
    expect(messageOf(SendSmsBody, { ...good, toNumber: '' })).toBe('Recipient number is required');
    expect(messageOf(SendSmsBody, { ...good, agentNo: '123' })).toBe('Agent number must be a US number: +1 followed by ten digits');
  });
  test('the idempotency key is required and must be a UUID', () => {
    const { idempotencyKey: _k, ...rest } = good;
    expect(messageOf(SendSmsBody, rest)).toBe('Idempotency key is required');
    expect(firstIssue(SendSmsBody, { ...good, idempotencyKey: 'retry-1' })).toEqual({ message: 'Idempotency key must be a UUID', path: 'idempotencyKey' });
  });
  test('a new key is a random UUID the schema takes, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(messageOf(SendSmsBody, { ...good, idempotencyKey: key })).toBeNull();
    }
  });
  test('the agent number must be the caller\'s', () =>
    expect(conversationContract.sendSms.tenant).toEqual([{ in: 'body', key: 'agentNo', owns: 'agentNumber' }]));
});

describe('threads and transcripts', () => {
  test('sms list body is searchText (empty by default)', () =>
    expect(parsed(conversationContract.getSmsList.body, {})).toEqual({ searchText: '' }));
  test('sms list path takes a US number', () =>
    expect(messageOf(conversationContract.getSmsList.params, { agentNumber: '2125550100' })).toBe('Phone numbers are +1 followed by ten digits'));
  test('conversation bodies take conversation_id', () => {
    expect(messageOf(conversationContract.getConversationSms.body, { conversation_id: ID })).toBeNull();
    expect(messageOf(conversationContract.getConversationMessages.body, {})).toBe('Choose a conversation');
  });
  test('messages response: callDirection and messages with authorType, agent, lead', () => {
    const data = {
      callDirection: 'inbound',
      messages: [
        { id: ID, authorType: 'lead', content: 'Hello', createdAt: NOW, agent: null, lead: { id: ID, fullName: 'Bo Chen', phoneNumber: '+12125550100' } },
        { id: ID, authorType: 'ai', content: 'Hi Bo', createdAt: NOW, agent: { id: ID, name: 'Front desk' }, lead: null },
      ],
    };
    expect(messageOf(conversationContract.getConversationMessages.response, data)).toBeNull();
    expect(messageOf(conversationContract.getConversationMessages.response, { ...data, callDirection: 'both' })).not.toBeNull();
  });
  test('both the account and the conversation are checked', () =>
    expect(conversationContract.getConversationSms.tenant.map((t) => t.owns)).toEqual(['account', 'smsConversation']));
});
