import { createCredentialCipher } from '../ai-client';

/**
 * Integration credentials at rest: AES-256-GCM under CREDENTIALS_KEY, like the AI clients'.
 * The account and provider are bound in, so a ciphertext copied to another account's row (or
 * another provider's) does not decrypt. They are never put into a response.
 */
const context = (accountId: string, provider: string) => `integration:${accountId}:${provider}`;

export const sealIntegrationCredential = (key: string, accountId: string, provider: string, plaintext: string): string =>
  createCredentialCipher(key).encrypt(plaintext, context(accountId, provider));

export const openIntegrationCredential = (key: string, accountId: string, provider: string, stored: string): string =>
  createCredentialCipher(key).decrypt(stored, context(accountId, provider));
