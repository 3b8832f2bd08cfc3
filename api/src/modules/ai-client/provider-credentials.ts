import * as v from 'valibot';
import { AI_CLIENT_PROVIDERS_BY_TYPE, AWS_CREDENTIAL_PROVIDERS, type AiClientCredentials, type AiClientProvider } from 'shared-contracts';
import { badRequest } from '../../http/api-error';

type Credentials = v.InferOutput<typeof AiClientCredentials>;

/** Language-model providers: their clients may talk to an OpenAI-compatible endpoint instead. */
const MODEL_PROVIDERS: readonly AiClientProvider[] = AI_CLIENT_PROVIDERS_BY_TYPE['AI Client'];

/**
 * The contract accepts an API key or an AWS key triple; which one a client needs depends on
 * its provider. Only the fields that provider uses are kept, so nothing stray is stored; a base
 * URL is kept for language-model providers only.
 */
export function credentialsFor(provider: AiClientProvider, credentials: Credentials): Credentials {
  if (AWS_CREDENTIAL_PROVIDERS.includes(provider)) {
    const { accessKeyId, secretAccessKey, region } = credentials;
    if (accessKeyId === undefined || secretAccessKey === undefined || region === undefined) {
      const message = `${provider} needs an access key id, secret access key and region`;
      throw badRequest(message, [message]);
    }
    return { accessKeyId, secretAccessKey, region };
  }
  if (credentials.apiKey === undefined) {
    const message = `${provider} needs an API key`;
    throw badRequest(message, [message]);
  }
  const { apiKey, baseUrl } = credentials;
  return baseUrl !== undefined && MODEL_PROVIDERS.includes(provider) ? { apiKey, baseUrl } : { apiKey };
}
