import { and, eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { AI_CLIENT_PROVIDERS_BY_TYPE } from 'shared-contracts';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { aiClients, type AiClientRow } from '../../../db/schema';
import { createCredentialCipher, type CredentialCipher } from '../../ai-client';
import type { ModelConfig, ModelSettings } from './language-model';
import { createLocalResponder } from './local-responder';
import { createModelResponder } from './model-responder';
import type { Responder } from './responder';

/** What picking a responder reads: the app itself will do (it has `db`, `config` and `log`). */
export type ResponderDeps = { db: Db; log?: { warn(details: object, message: string): void } }
  & ({ cipher: CredentialCipher } | { config: Pick<Config, 'credentialsKey'> });

const MODEL_PROVIDERS: readonly string[] = AI_CLIENT_PROVIDERS_BY_TYPE['AI Client'];
const StoredModelCredentials = v.object({ apiKey: v.string(), baseUrl: v.optional(v.string()) });

const cipherOf = (deps: ResponderDeps) => ('cipher' in deps ? deps.cipher : createCredentialCipher(deps.config.credentialsKey));

/** The client's decrypted settings, or null when they cannot be used (e.g. CREDENTIALS_KEY changed). */
function modelConfigOf(row: AiClientRow, deps: ResponderDeps): ModelConfig | null {
  if (row.credentialsCiphertext === null || !MODEL_PROVIDERS.includes(row.provider)) return null;
  try {
    const credentials = v.parse(StoredModelCredentials, JSON.parse(cipherOf(deps).decrypt(row.credentialsCiphertext, row.id)));
    return { provider: row.provider as ModelConfig['provider'], model: row.model, apiKey: credentials.apiKey, baseUrl: credentials.baseUrl };
  } catch {
    deps.log?.warn({ aiClientId: row.id }, 'AI client credentials could not be read; it is skipped');
    return null;
  }
}

/**
 * Who answers an agent's calls: the AI client the agent chose when it is enabled and has
 * credentials, else the first such client an administrator added, else the local responder.
 * Credentials are decrypted here, on the server, and go no further than the provider request.
 * The agent's temperature and longest reply go with every request the responder makes.
 */
export async function responderForAgent(
  deps: ResponderDeps,
  agent: { textClientId: string | null } & Partial<ModelSettings>,
): Promise<Responder> {
  const rows = await deps.db.select().from(aiClients)
    .where(and(eq(aiClients.type, 'AI Client'), eq(aiClients.enabled, true), isNotNull(aiClients.credentialsCiphertext)));
  const chosen = rows.filter((row) => row.id === agent.textClientId);
  const others = rows.filter((row) => row.id !== agent.textClientId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  for (const row of [...chosen, ...others]) {
    const config = modelConfigOf(row, deps);
    if (config !== null) return createModelResponder(config, { temperature: agent.temperature, maxReplyTokens: agent.maxReplyTokens });
  }
  return createLocalResponder();
}

/** The name shown for who answers an agent's calls: a model's, or LOCAL_RESPONDER_LABEL. */
export async function responderLabelForAgent(deps: ResponderDeps, agent: { textClientId: string | null }): Promise<string> {
  return (await responderForAgent(deps, agent)).label;
}
