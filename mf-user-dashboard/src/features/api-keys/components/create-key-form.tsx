import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { API_KEY_MAX_EXPIRY_DAYS, contract, extractErrorText } from 'shared-contracts';
import { Alert, Button, Flex, Input, InputNumber, Typography } from 'shared-ui';

/** Names a new key; the secret comes back once and is shown until the user dismisses it. */
export function CreateKeyForm() {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useApiMutation(contract.apiKey.create, { invalidates: [contract.apiKey.list] });

  const submit = async () => {
    setError(null);
    try {
      const { data } = await create.trigger({ body: { name, expiresInDays: days } });
      setSecret(data.secret);
      setName('');
      setDays(null);
    } catch (caught) {
      setError(extractErrorText(caught));
    }
  };

  return (
    <>
      <form aria-label="New API key" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Flex gap={8} wrap align="end">
          <div>
            <label htmlFor="key-name" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Key name</label>
            <Input id="key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. CRM sync" style={{ width: 240 }} maxLength={100} />
          </div>
          <div>
            <label htmlFor="key-days" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Expires after (days)</label>
            <InputNumber id="key-days" min={1} max={API_KEY_MAX_EXPIRY_DAYS} value={days} onChange={(value) => setDays(value)} placeholder="Never" style={{ width: 160 }} />
          </div>
          <Button type="primary" htmlType="submit" loading={create.isMutating}>Create key</Button>
        </Flex>
      </form>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
      {secret && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title="Copy your new key now: it will not be shown again"
          description={<Typography.Text code copyable aria-label="New API key secret">{secret}</Typography.Text>}
          closable={{ 'aria-label': 'I have copied the key' }}
          onClose={() => setSecret(null)}
        />
      )}
    </>
  );
}
