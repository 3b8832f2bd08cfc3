import { getRuntimeConfig } from 'shared-auth';
import { API_KEY_SECRET_PREFIX, API_REFERENCE_PATH, API_VERSION, contract } from 'shared-contracts';
import { Descriptions, Typography } from 'shared-ui';

/** The API's public base, absolute even when the deployment serves the API under the app's own origin. */
export const publicApiBase = () => `${new URL(getRuntimeConfig().apiBase, window.location.href).href.replace(/\/+$/, '')}/${API_VERSION}`;

/** A request anyone can paste into a terminal: the account's latest calls. */
export function exampleRequest(base: string, secret: string | null): string {
  const { method, path } = contract.call.getCallLogs;
  return [
    `curl -X ${method} ${base}/${path} \\`,
    `  -H "Authorization: Bearer ${secret ?? `${API_KEY_SECRET_PREFIX}YOUR_KEY`}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"page":1,"limit":10}'`,
  ].join('\n');
}

/** Where the API answers, its reference, and a first request: with the new key while it is shown. */
export function ApiQuickStart({ secret, accountId }: { secret: string | null; accountId: string }) {
  const base = publicApiBase();
  const example = exampleRequest(base, secret);
  return (
    <>
      <Typography.Paragraph>
        Your systems call the API with an API key: send it as <Typography.Text code>Authorization: Bearer {API_KEY_SECRET_PREFIX}…</Typography.Text>.
        A key can read your calls with their transcripts and summaries, create and change AI agents and upload their knowledge,
        place AI calls and follow each by its id to its summary, and manage leads; it acts as you and can never change your
        sign-in, security, keys or billing.
      </Typography.Paragraph>
      <Descriptions column={1} size="small" items={[
        { key: 'base', label: 'Base URL', children: <Typography.Text code copyable aria-label="Base URL">{base}</Typography.Text> },
        // Paths such as agent/get-agents/{accountId} take it.
        { key: 'account', label: 'Account ID', children: <Typography.Text code copyable aria-label="Account ID">{accountId}</Typography.Text> },
        {
          key: 'reference', label: 'Reference',
          children: <Typography.Link href={`${base}/${API_REFERENCE_PATH}`} target="_blank" rel="noopener noreferrer">API reference (opens in a new tab)</Typography.Link>,
        },
      ]} />
      <Typography.Paragraph strong style={{ marginTop: 16, marginBottom: 4 }}>
        {secret ? 'Try your new key' : 'Example request'}
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: example }}>
        <pre aria-label="Example request" style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{example}</pre>
      </Typography.Paragraph>
    </>
  );
}
