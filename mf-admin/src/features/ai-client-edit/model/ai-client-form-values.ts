import { AWS_CREDENTIAL_PROVIDERS, USER_ID_CREDENTIAL_PROVIDERS, UpdateAiClientBody, type AiClient, type BodyInputOf, type contract } from 'shared-contracts';
import { validateWith } from 'shared-ui';

export interface AiClientFormValues {
  model: string;
  purpose: string;
  enabled: boolean;
  apiKey: string;
  userId: string;
  baseUrl: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

type UpdateBody = BodyInputOf<typeof contract.aiClient.updateAiClient>;

export const usesAwsKeys = (client: Pick<AiClient, 'name'>): boolean => AWS_CREDENTIAL_PROVIDERS.includes(client.name);
export const usesUserId = (client: Pick<AiClient, 'name'>): boolean => USER_ID_CREDENTIAL_PROVIDERS.includes(client.name);
/** A language model may be reached at another endpoint (an OpenAI-compatible server, a gateway). */

/** Credentials are write-only: the form starts with them empty whatever is stored. */
export const formValuesOf = (client: AiClient): AiClientFormValues => ({
  model: client.model,
  purpose: client.purpose ?? '',
  enabled: client.enabled,
  apiKey: '',
  userId: '',
  baseUrl: '',
  accessKeyId: '',
  secretAccessKey: '',
  region: '',
});

const USER_ID_REQUIRED_TEXT = 'User ID is required';
const API_KEY_REQUIRED_TEXT = 'API key is required';

const filled = (text: string) => (text.trim() === '' ? undefined : text);

/** The update to send: credentials only when some were typed, in the shape the provider uses. */
export function updateBodyOf(client: AiClient, values: AiClientFormValues): UpdateBody {
  const body: UpdateBody = {
    model: values.model ?? '',
    purpose: filled(values.purpose ?? '') ?? null,
    enabled: values.enabled,
  };
  // Every client can point at another endpoint of its provider's API: a gateway, a region, a
  // private or self-hosted server.
  const credentials = {
    ...(usesAwsKeys(client)
      ? { accessKeyId: filled(values.accessKeyId ?? ''), secretAccessKey: filled(values.secretAccessKey ?? ''), region: filled(values.region ?? '') }
      : { apiKey: filled(values.apiKey ?? ''), ...(usesUserId(client) ? { userId: filled(values.userId ?? '') } : {}) }),
    baseUrl: filled(values.baseUrl ?? ''),
  };
  if (Object.values(credentials).some((value) => value !== undefined)) body.credentials = credentials;
  return body;
}

/** The contract's update rules; a credentials-wide message is shown under the first credential field. */
export const validatorFor = (client: AiClient) => {
  const validate = validateWith<AiClientFormValues>(UpdateAiClientBody, (values) => updateBodyOf(client, values));
  return (values: AiClientFormValues) => {
    const errors = { ...(validate(values) as Record<string, unknown>) };
    const nested = errors.credentials;
    delete errors.credentials;
    if (typeof nested === 'string') errors[usesAwsKeys(client) ? 'accessKeyId' : 'apiKey'] = nested;
    else if (nested && typeof nested === 'object') Object.assign(errors, nested);
    // The key and the user ID are replaced together, as the server stores them.
    if (usesUserId(client) && filled(values.apiKey ?? '') !== undefined && filled(values.userId ?? '') === undefined) errors.userId ??= USER_ID_REQUIRED_TEXT;
    if (usesUserId(client) && filled(values.userId ?? '') !== undefined && filled(values.apiKey ?? '') === undefined) errors.apiKey ??= API_KEY_REQUIRED_TEXT;
    return errors;
  };
};
