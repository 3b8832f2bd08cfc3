import * as v from 'valibot';
import { CreateWebhookBody } from './webhook';

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
    expect(messageOf({ url: 'https://crm.example.com', events: ['call.started'] })).toBe('Choose an event');
    expect(messageOf({ url: 'https://crm.example.com' })).toBe('Choose at least one event');
  });
});
