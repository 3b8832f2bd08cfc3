import * as v from 'valibot';
import { CreateWebhookBody, UpdateWebhookBody } from './webhook';

const messageOf = (value: unknown) => {
  const result = v.safeParse(CreateWebhookBody, value);
  return result.success ? null : result.issues[0].message;
};

describe('a new webhook endpoint', () => {
  test('takes a URL and the events it picks, each once', () => {
    expect(v.parse(CreateWebhookBody, { url: ' https://crm.example.com/hooks ', events: ['sms.received', 'call.completed', 'sms.received'] }))
      .toEqual({ url: 'https://crm.example.com/hooks', events: ['sms.received', 'call.completed'] });
  });

  test('refuses a missing or odd URL and an empty or unknown event list', () => {
    expect(messageOf({ events: ['call.completed'] })).toBe('Endpoint URL is required');
    expect(messageOf({ url: 'crm.example.com', events: ['call.completed'] })).toBe('Endpoint URL must be a valid URL');
    expect(messageOf({ url: 'ftp://crm.example.com', events: ['call.completed'] })).toBe('Endpoint URL must start with http:// or https://');
    expect(messageOf({ url: 'https://crm.example.com', events: [] })).toBe('Choose at least one event');
    expect(messageOf({ url: 'https://crm.example.com', events: ['call.ringing'] })).toBe('Choose an event');
    expect(messageOf({ url: 'https://crm.example.com' })).toBe('Choose at least one event');
  });
});

describe('a change to an endpoint', () => {
  const updateMessageOf = (value: unknown) => {
    const result = v.safeParse(UpdateWebhookBody, value);
    return result.success ? null : result.issues[0].message;
  };

  test('takes a new URL, new events, or both', () => {
    expect(v.parse(UpdateWebhookBody, { events: ['call.failed', 'call.failed', 'analysis.completed'] })).toEqual({ events: ['call.failed', 'analysis.completed'] });
    expect(v.parse(UpdateWebhookBody, { url: ' https://crm.example.com/v2 ' })).toEqual({ url: 'https://crm.example.com/v2' });
  });

  test('refuses nothing to change, an empty event list and a field it does not have', () => {
    expect(updateMessageOf({})).toBe('Change at least one field');
    expect(updateMessageOf({ events: [] })).toBe('Choose at least one event');
    expect(updateMessageOf({ url: 'crm.example.com' })).toBe('Endpoint URL must be a valid URL');
    expect(updateMessageOf({ events: ['call.started'], secret: 'whsec_x' })).toBe('Unknown field "secret"');
  });
});
