import { AiClientListBody, CreateAiClientBody, UpdateAiClientBody, aiClientContract } from './ai-client';
import { AI_CLIENT_PROVIDERS, AI_CLIENT_PROVIDERS_BY_TYPE, AI_CLIENT_TYPES } from '../domain/ai-clients';
import { NOTHING_TO_UPDATE_TEXT } from '../schemas/common';
import { ID, NOW, firstIssue, messageOf, parsed } from '../schema-test-helpers';

describe('Add AI Client form', () => {
  test('type, client and model', () =>
    expect(parsed(CreateAiClientBody, { type: 'AI Client', client: 'OpenAI', model: ' gpt-4o ' })).toEqual({ type: 'AI Client', client: 'OpenAI', model: 'gpt-4o' }));
  test.each([
    [{ client: 'OpenAI', model: 'm' }, 'Client Type is required', 'type'],
    [{ type: '', client: 'OpenAI', model: 'm' }, 'Client Type is required', 'type'],
    [{ type: 'AI Client', model: 'm' }, 'Ai Client is required', 'client'],
    [{ type: 'AI Client', client: '', model: 'm' }, 'Ai Client is required', 'client'],
    [{ type: 'AI Client', client: 'OpenAI' }, 'Ai Model is required', 'model'],
    [{ type: 'AI Client', client: 'OpenAI', model: '   ' }, 'Ai Model is required', 'model'],
  ])('%j → %s', (input, message, path) => expect(firstIssue(CreateAiClientBody, input)).toEqual({ message, path }));
  test('every provider offered for a type is accepted, others refused', () => {
    for (const type of AI_CLIENT_TYPES) {
      for (const client of AI_CLIENT_PROVIDERS) {
        const ok = (AI_CLIENT_PROVIDERS_BY_TYPE[type] as readonly string[]).includes(client);
        const issue = firstIssue(CreateAiClientBody, { type, client, model: 'm' });
        expect(issue).toEqual(ok ? null : { message: 'This Ai Client does not offer the chosen Client Type', path: 'client' });
      }
    }
  });
});

describe('list body', () => {
  test('defaults: empty name, page 1, 10 per page', () => expect(parsed(AiClientListBody, {})).toEqual({ name: '', page: 1, limit: 10 }));
  test('page starts at 1', () => expect(messageOf(AiClientListBody, { page: 0 })).toBe('Page starts at 1'));
  test('is paged and keeps the trailing space of its path', () => {
    expect(aiClientContract.getAllClients.paged).toBe(true);
    expect(aiClientContract.getAllClients.path).toBe('ai-client/get-all-clients ');
  });
  test('a purpose may be missing', () =>
    expect(messageOf(aiClientContract.getAllClients.response, [{ id: ID, name: 'Claude', type: 'AI Client', model: 'sonnet', purpose: null, enabled: true }])).toBeNull());
});

describe('update', () => {
  test('model, purpose, enabled', () => expect(messageOf(UpdateAiClientBody, { model: 'gpt-4.1', purpose: 'Sales calls', enabled: false })).toBeNull());
  test('purpose may be cleared', () => expect(parsed(UpdateAiClientBody, { purpose: null })).toEqual({ purpose: null }));
  test('credentials: an API key, or the AWS triple', () => {
    expect(messageOf(UpdateAiClientBody, { credentials: { apiKey: 'sk-1' } })).toBeNull();
    expect(messageOf(UpdateAiClientBody, { credentials: { accessKeyId: 'AK', secretAccessKey: 'S', region: 'us-east-1' } })).toBeNull();
    expect(messageOf(UpdateAiClientBody, { credentials: { accessKeyId: 'AK' } })).toBe('Enter an API key, or an access key id, secret access key and region');
    expect(messageOf(UpdateAiClientBody, { credentials: { accessKeyId: 'AK', secretAccessKey: 'S', region: 'Virginia' } })).toBe('Enter an AWS region such as us-east-1');
  });
  test('credentials may add the base URL of an OpenAI-compatible endpoint, http or https only', () => {
    expect(parsed(UpdateAiClientBody, { credentials: { apiKey: 'ollama', baseUrl: ' http://localhost:11434/v1 ' } }))
      .toEqual({ credentials: { apiKey: 'ollama', baseUrl: 'http://localhost:11434/v1' } });
    expect(messageOf(UpdateAiClientBody, { credentials: { apiKey: 'k', baseUrl: 'localhost:11434' } })).toBe('Base URL must start with http:// or https://');
    expect(messageOf(UpdateAiClientBody, { credentials: { apiKey: 'k', baseUrl: 'ftp://files.example.com' } })).toBe('Base URL must start with http:// or https://');
    expect(messageOf(UpdateAiClientBody, { credentials: { apiKey: 'k', baseUrl: 'http://' } })).toBe('Base URL must be a valid URL');
    expect(messageOf(UpdateAiClientBody, { credentials: { apiKey: 'k', baseUrl: `https://gw.example.com/${'a'.repeat(480)}` } })).toBe('Base URL is too long');
    expect(messageOf(UpdateAiClientBody, { credentials: { baseUrl: 'http://localhost:11434/v1' } })).toBe('Enter an API key, or an access key id, secret access key and region');
  });
  test('nothing to update', () => expect(messageOf(UpdateAiClientBody, {})).toBe(NOTHING_TO_UPDATE_TEXT));
  test('credentials are never in a response', () => {
    const client = { id: ID, name: 'OpenAI', type: 'AI Client', model: 'gpt', purpose: null, enabled: true, hasCredentials: true, createdAt: NOW, updatedAt: NOW };
    const out = parsed(aiClientContract.getAiClient.response, { ...client, credentials: { apiKey: 'sk-secret' } });
    expect(out).not.toHaveProperty('credentials');
  });
});

test('options response holds text and stt', () =>
  expect(messageOf(aiClientContract.getAiClients.response, { text: [{ id: ID, name: 'OpenAI', model: 'gpt', purpose: null }], stt: [] })).toBeNull());

describe('test connection', () => {
  test('is for administrators on one client, and its result carries no credentials', () => {
    expect(aiClientContract.testAiClient.roles).toEqual(['ADMINISTRATOR']);
    expect(aiClientContract.testAiClient.path).toBe('ai-client/test-ai-client/{id}');
    const out = parsed(aiClientContract.testAiClient.response, { ok: false, message: 'Incorrect API key', millis: 120, apiKey: 'sk-secret' });
    expect(out).toEqual({ ok: false, message: 'Incorrect API key', millis: 120 });
  });
});
