import { APICallError, generateText } from 'ai';
import { AI_CLIENT_PROVIDERS_BY_TYPE, AI_CLIENT_TEST_TIMEOUT_SECONDS, contract, type AiClientTestResult } from 'shared-contracts';
import { badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { findAiClient } from './ai-client-store';
import { languageModelFor, type ModelConfig } from './language-model';
import { noAnswerText, withoutSecrets } from './provider-message';

export { noAnswerText };
import { speechConfigOf, storedCredentials } from './speech-config';
import { canProbeSpeech, probeSpeech, speechProbeUnsupportedText } from './speech-probe';

const MODEL_PROVIDERS: readonly string[] = AI_CLIENT_PROVIDERS_BY_TYPE['AI Client'];

/** Small enough to cost nothing; a model that follows it proves the key, the model name and the endpoint. */
const PROBE_PROMPT = 'Reply with the single word: ready';
const PROBE_MAX_TOKENS = 16;

export const NO_CREDENTIALS_TEXT = 'Enter this client\'s credentials and save them before testing it';
export const UNREADABLE_CREDENTIALS_TEXT = 'The stored credentials cannot be read (the server\'s credentials key changed): enter them again';

function failureText(error: unknown, timedOut: boolean, timeoutSeconds: number): string {
  if (timedOut) return noAnswerText(timeoutSeconds);
  if (APICallError.isInstance(error)) return error.statusCode ? `HTTP ${error.statusCode}: ${error.message}` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** One tiny request to the model, bounded by `timeoutSeconds`; never throws and never logs. */
export async function probeModel(config: ModelConfig, timeoutSeconds = AI_CLIENT_TEST_TIMEOUT_SECONDS): Promise<AiClientTestResult> {
  const started = Date.now();
  const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
  const millis = () => Date.now() - started;
  try {
    const result = await generateText({
      model: languageModelFor(config),
      prompt: PROBE_PROMPT,
      maxOutputTokens: PROBE_MAX_TOKENS,
      // The administrator is waiting on the button: one attempt, its own answer.
      maxRetries: 0,
      abortSignal: timeout,
    });
    const reply = result.text.trim();
    return { ok: true, message: withoutSecrets(reply === '' ? '(an empty reply)' : reply, [config.apiKey]), millis: millis() };
  } catch (error) {
    return { ok: false, message: withoutSecrets(failureText(error, timeout.aborted, timeoutSeconds), [config.apiKey]), millis: millis() };
  }
}

/**
 * The Test connection button of an AI client: the stored credentials are decrypted here and go
 * only to the provider; the answer says what the provider said, without them.
 */
export const testAiClient = implement(contract.aiClient.testAiClient, async ({ params, db, app }) => {
  const row = await findAiClient(db, params.id);
  const speech = row.type === 'STT Client' || row.type === 'TTS Client';
  if (speech ? !canProbeSpeech(row.type, row.provider) : !MODEL_PROVIDERS.includes(row.provider)) {
    const text = speechProbeUnsupportedText(row.provider, row.type);
    throw badRequest(text, [text]);
  }
  const credentials = storedCredentials(row, app.config.credentialsKey);
  if (credentials === null) throw badRequest(NO_CREDENTIALS_TEXT, [NO_CREDENTIALS_TEXT]);
  if (credentials === 'unreadable') return { ok: false, message: UNREADABLE_CREDENTIALS_TEXT, millis: 0 };
  if (speech) return probeSpeech(speechConfigOf(row, credentials));
  if (!('apiKey' in credentials)) return { ok: false, message: UNREADABLE_CREDENTIALS_TEXT, millis: 0 };
  return probeModel({ provider: row.provider as ModelConfig['provider'], model: row.model, apiKey: credentials.apiKey, baseUrl: credentials.baseUrl });
});
