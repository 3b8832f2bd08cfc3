import type { AiClient } from 'shared-contracts';
import { Tag, TextField, Typography } from 'shared-ui';
import { usesAwsKeys, usesUserId } from '../model/ai-client-form-values';

export const OPENAI_COMPATIBLE_HINT = 'For an OpenAI-compatible endpoint such as Ollama, vLLM or a company gateway';

const baseUrlHint = (client: AiClient) =>
  client.name === 'OpenAI' && client.type === 'AI Client'
    ? OPENAI_COMPATIBLE_HINT
    : `For a gateway, a region or a self-hosted server of ${client.name}'s API; leave empty to use ${client.name} directly`;

/**
 * Credentials are write-only: the server says only whether some are stored, so the fields
 * start empty and anything typed replaces what is stored.
 */
export function CredentialFields({ client }: { client: AiClient }) {
  const placeholder = client.hasCredentials ? 'Stored: type a new value to replace it' : 'Not set';
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ marginBottom: 8 }}>
        <Typography.Text strong>Credentials</Typography.Text>{' '}
        <Tag color={client.hasCredentials ? 'success' : 'warning'}>{client.hasCredentials ? 'Stored' : 'Not set'}</Tag>
      </legend>
      {usesAwsKeys(client) ? (
        <>
          <TextField name="accessKeyId" label="Access key id" type="password" autoComplete="new-password" placeholder={placeholder} />
          <TextField name="secretAccessKey" label="Secret access key" type="password" autoComplete="new-password" placeholder={placeholder} />
          <TextField name="region" label="Region" autoComplete="off" placeholder={client.hasCredentials ? placeholder : 'e.g. us-east-1'} />
        </>
      ) : (
        <>
          <TextField name="apiKey" label="API key" type="password" autoComplete="new-password" placeholder={placeholder} />
          {usesUserId(client) && <TextField name="userId" label="User ID" autoComplete="off" placeholder={placeholder} />}
        </>
      )}
      <TextField name="baseUrl" label="Base URL" autoComplete="off" placeholder={client.type === 'AI Client' ? 'e.g. http://localhost:11434/v1' : 'Leave empty for the provider\'s own'} hint={baseUrlHint(client)} />
    </fieldset>
  );
}
