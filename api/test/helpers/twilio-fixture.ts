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
