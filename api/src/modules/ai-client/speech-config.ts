import * as v from 'valibot';
import type { AiClientRow } from '../../db/schema';
import { createCredentialCipher } from './credential-cipher';

/** A speech client as its SDK needs it; a base URL points the SDK at another server. */
export interface SpeechConfig {
  type: 'STT Client' | 'TTS Client';
  provider: string;
  /** The client's Model field; empty for the provider's default. */
  model: string;
  /** Every provider's but Amazon Polly's, which signs with an AWS key pair in a region. */
  apiKey?: string;
  /** PlayHT's: the account the API key belongs to. */
  userId?: string;
  aws?: { accessKeyId: string; secretAccessKey: string; region: string };
  baseUrl?: string;
}

const StoredModelCredentials = v.object({ apiKey: v.string(), userId: v.optional(v.string()), baseUrl: v.optional(v.string()) });
const StoredAwsCredentials = v.object({ accessKeyId: v.string(), secretAccessKey: v.string(), region: v.string(), baseUrl: v.optional(v.string()) });
export const StoredCredentials = v.union([StoredModelCredentials, StoredAwsCredentials]);
export type StoredCredentials = v.InferOutput<typeof StoredCredentials>;

/** A client's stored credentials, decrypted; null when none are stored, 'unreadable' when the key changed or they are malformed. */
export function storedCredentials(row: AiClientRow, credentialsKey: string): StoredCredentials | null | 'unreadable' {
  if (row.credentialsCiphertext === null) return null;
  try {
    return v.parse(StoredCredentials, JSON.parse(createCredentialCipher(credentialsKey).decrypt(row.credentialsCiphertext, row.id)));
  } catch {
    return 'unreadable';
  }
}

/** A speech client's config from its row and decrypted credentials. */
export function speechConfigOf(row: AiClientRow, credentials: StoredCredentials): SpeechConfig {
  const secret = 'apiKey' in credentials
    ? { apiKey: credentials.apiKey, ...(credentials.userId !== undefined ? { userId: credentials.userId } : {}) }
    : { aws: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey, region: credentials.region } };
  return { type: row.type as SpeechConfig['type'], provider: row.provider, model: row.model ?? '', baseUrl: credentials.baseUrl, ...secret };
}
