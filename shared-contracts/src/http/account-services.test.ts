import { CreateApiKeyBody, apiKeyContract } from './api-key';
import { CreateCheckoutSessionBody, billingContract } from './billing';
import { CreateSupportRequestBody, supportContract } from './support';
import { ID, NOW, messageOf, parsed } from '../schema-test-helpers';

describe('support desk', () => {
  test('a request with defaults', () =>
    expect(parsed(CreateSupportRequestBody, { subject: 'Calls drop', category: 'technical', message: 'Since Monday.' }))
      .toEqual({ subject: 'Calls drop', category: 'technical', priority: 'normal', message: 'Since Monday.' }));
  test('refusals', () => {
    expect(messageOf(CreateSupportRequestBody, { category: 'technical', message: 'x' })).toBe('Subject is required');
    expect(messageOf(CreateSupportRequestBody, { subject: 's', category: 'gossip', message: 'x' })).toBe('Choose a category');
    expect(messageOf(CreateSupportRequestBody, { subject: 's', category: 'other', message: '<img src=x onerror=alert(1)>' })).toBe('Message: HTML tags are not allowed');
    expect(messageOf(CreateSupportRequestBody, { subject: 's', category: 'other', message: 'x', callId: 'c' })).toBe('Choose a call');
  });
  test('the list is paged', () => expect(supportContract.getRequests.paged).toBe(true));
});

describe('API keys', () => {
  test('name and optional expiry', () => {
    expect(parsed(CreateApiKeyBody, { name: 'Zapier' })).toEqual({ name: 'Zapier' });
    expect(messageOf(CreateApiKeyBody, { name: 'Zapier', expiresInDays: null })).toBeNull();
    expect(messageOf(CreateApiKeyBody, { name: 'Zapier', expiresInDays: 400 })).toBe('Expiry must be from 1 to 365 days');
    expect(messageOf(CreateApiKeyBody, {})).toBe('Key name is required');
  });
  test('the secret is returned at creation only', () => {
    const key = { id: ID, name: 'Zapier', prefix: 'sk_1a2b', createdAt: NOW, lastUsedAt: null, expiresAt: null, revokedAt: null };
    expect(parsed(apiKeyContract.create.response, { apiKey: key, secret: 'sk_1a2b…' }).secret).toBe('sk_1a2b…');
    expect(parsed(apiKeyContract.list.response, [{ ...key, secret: 'leak' }])[0]).not.toHaveProperty('secret');
  });
  test('revoke checks the key is the account\'s', () =>
    expect(apiKeyContract.revoke.tenant).toEqual([{ in: 'params', key: 'id', owns: 'apiKey' }]));
});

describe('billing', () => {
  test('checkout: a paid plan and a period', () => {
    expect(messageOf(CreateCheckoutSessionBody, { planId: 'efficiency-plus', period: 'yearly' })).toBeNull();
    expect(messageOf(CreateCheckoutSessionBody, { planId: 'free', period: 'monthly' })).toBe('Choose a plan');
    expect(messageOf(CreateCheckoutSessionBody, { planId: 'efficiency-plus', period: 'weekly' })).toBe('Choose monthly or yearly billing');
  });
  test('usage: minutes used this month against the quota', () => {
    const usage = { accountId: ID, plan: 'time-saver-basic', periodStart: NOW, periodEnd: NOW, timeZone: 'America/Chicago', minutesUsed: 12, minuteQuota: 500, overageMinutes: 0, overageCost: 0 };
    expect(messageOf(billingContract.getUsage.response, usage)).toBeNull();
  });
});
