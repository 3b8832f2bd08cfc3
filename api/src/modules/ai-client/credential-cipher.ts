import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';
const IV_BYTES = 12;

export interface CredentialCipher {
  /** `context` (the client's id) is bound in as associated data, so ciphertext cannot be moved to another row. */
  encrypt(plaintext: string, context: string): string;
  decrypt(stored: string, context: string): string;
}

/**
 * AES-256-GCM for provider credentials at rest. The 256-bit key is derived from the
 * CREDENTIALS_KEY setting with HKDF, so any long secret works and the setting itself is
 * never used as a key directly. Stored form: `v1:<iv>:<auth tag>:<ciphertext>`, base64 parts.
 */
export function createCredentialCipher(secret: string): CredentialCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'ai-client-credentials', 'aes-256-gcm key v1', 32));
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
    },
    decrypt(stored, context) {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) {
        throw new Error('Unknown credentials format');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
