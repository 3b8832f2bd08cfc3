import { randomBytes } from 'node:crypto';
import { API_VERSION, integrationName, type IntegrationProvider } from 'shared-contracts';

/** What a provider confirmed: the credential to keep and who is connected, in its words. */
export interface VerifiedConnection {
  credential: string;
  accountLabel: string | null;
}

/** The provider refused what the user gave (a wrong API key, an expired consent code). */
export class ConnectionRefused extends Error {}

/**
 * The boundary to the CRM and calendar vendors. integrations/connect never stores credentials
 * a provider has not accepted: it asks the connector first. A real vendor's connector (CINC's
 * API, Google's OAuth token endpoint...) implements this; until one is configured, the local
 * connector below stands in so the whole flow works on one machine with no vendor account.
 */
export interface IntegrationConnector {
  /** Where to send the user for an OAuth provider's consent (the client adds redirect_uri and state). */
  authorizeUrl(provider: IntegrationProvider): string | null;
  verifyApiKey(provider: IntegrationProvider, apiKey: string): Promise<VerifiedConnection>;
  exchangeCode(provider: IntegrationProvider, code: string, redirectUri: string): Promise<VerifiedConnection>;
}

export const LOCAL_CONSENT_PATH = `/${API_VERSION}/integrations/local-consent`;
export const LOCAL_KEY_MIN_LENGTH = 8;
export const localCodePrefix = (provider: string) => `local_${provider}_`;
/** Tokens the local connector issues start so: such a token means no vendor holds the account. */
export const LOCAL_TOKEN_PREFIX = 'local-token-';
export const isLocalCredential = (credential: string): boolean => credential.startsWith(LOCAL_TOKEN_PREFIX);
export const apiKeyRefusedText = (provider: IntegrationProvider) => `${integrationName(provider)} refused this API key`;
export const codeRefusedText = (provider: IntegrationProvider) =>
  `${integrationName(provider)} did not confirm the connection; try connecting again`;

/**
 * The local stand-in for every vendor: an API key of at least 8 characters is accepted (shorter
 * ones are refused, as a vendor would refuse a malformed key), and OAuth consent is the API's
 * own local consent page, which approves at once and returns a `local_<provider>_…` code.
 */
export function localConnector(publicApiUrl: string): IntegrationConnector {
  return {
    authorizeUrl: (provider) => `${publicApiUrl}${LOCAL_CONSENT_PATH}?provider=${encodeURIComponent(provider)}`,
    async verifyApiKey(provider, apiKey) {
      if (apiKey.length < LOCAL_KEY_MIN_LENGTH) throw new ConnectionRefused(apiKeyRefusedText(provider));
      return { credential: apiKey, accountLabel: `API key ending ${apiKey.slice(-4)}` };
    },
    async exchangeCode(provider, code) {
      if (!code.startsWith(localCodePrefix(provider))) throw new ConnectionRefused(codeRefusedText(provider));
      return { credential: `${LOCAL_TOKEN_PREFIX}${randomBytes(16).toString('hex')}`, accountLabel: `${integrationName(provider)} (local)` };
    },
  };
}
