import * as v from 'valibot';
import { AWS_CREDENTIAL_PROVIDERS, USER_ID_CREDENTIAL_PROVIDERS, type AiClientCredentials, type AiClientProvider } from 'shared-contracts';
import { badRequest } from '../../http/api-error';

type Credentials = v.InferOutput<typeof AiClientCredentials>;

/**
 * The contract accepts an API key (with a user id) or an AWS key triple; which one a client needs depends on
 * its provider. Only the fields that provider uses are kept, so nothing stray is stored; a base
 * URL (another endpoint for the provider's API: an OpenAI-compatible server, a
 * regional, private or self-hosted endpoint) is kept for every provider.
 */
export function credentialsFor(provider: AiClientProvider, credentials: Credentials): Credentials {
  if (AWS_CREDENTIAL_PROVIDERS.includes(provider)) {
    const { accessKeyId, secretAccessKey, region } = credentials;
    if (accessKeyId === undefined || secretAccessKey === undefined || region === undefined) {
      const message = `${provider} needs an access key id, secret access key and region`;
      throw badRequest(message, [message]);
    }
    return { accessKeyId, secretAccessKey, region, ...(credentials.baseUrl !== undefined ? { baseUrl: credentials.baseUrl } : {}) };
  }
  const { apiKey, userId, baseUrl } = credentials;
  const withUserId = USER_ID_CREDENTIAL_PROVIDERS.includes(provider);
  if (apiKey === undefined || (withUserId && userId === undefined)) {
    const message = withUserId ? `${provider} needs an API key and a user ID` : `${provider} needs an API key`;
    throw badRequest(message, [message]);
  }
  return { apiKey, ...(withUserId ? { userId } : {}), ...(baseUrl !== undefined ? { baseUrl } : {}) };
}
