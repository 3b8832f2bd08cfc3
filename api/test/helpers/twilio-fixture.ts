import twilio from 'twilio';
import type { TestServer } from './server';

/** Test credentials for the Twilio provider (real client code against a local fake of Twilio). */
export const TEST_TWILIO = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'test-auth-token-0123456789abcdef',
  apiKeySid: `SK${'2'.repeat(32)}`,
  apiKeySecret: 'test-api-key-secret',
  twimlAppSid: `AP${'3'.repeat(32)}`,
};
/** The public URL Twilio signs webhooks over. */
export const TEST_PUBLIC_URL = 'https://calls.example.test';

/** A random Twilio sid with the given prefix. */
export const newSid = (prefix: 'CA' | 'SM' | 'CF') => `${prefix}${[...Array(32)].map(() => Math.floor(Math.random() * 16).toString(16)).join('')}`;

/** Posts a webhook the way Twilio does: form-encoded, signed over the public URL with the real helper. */
export async function twilioWebhook(server: TestServer, path: string, params: Record<string, string>, sign: 'good' | 'forged' | 'none' = 'good') {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (sign !== 'none') {
    const token = sign === 'good' ? TEST_TWILIO.authToken : 'someone-elses-auth-token-000000';
    headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(token, `${TEST_PUBLIC_URL}${path}`, params);
  }
  const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers, body: new URLSearchParams(params).toString() });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}
