import { useState } from 'react';
import { useApiMutation } from 'shared-auth';
import { CreateApiKeyBody, contract, extractErrorText, fieldErrors } from 'shared-contracts';
import { Alert, Button, Flex, Input, InputNumber, Typography } from 'shared-ui';

type Refusals = Partial<Record<'name' | 'expiresInDays', string>>;

const FieldError = ({ id, text }: { id: string; text: string | undefined }) =>
  text ? <Typography.Text type="danger" id={id} style={{ display: 'block', marginTop: 4 }}>{text}</Typography.Text> : null;
const invalidProps = (errorId: string, text: string | undefined) =>
  ({ status: text ? ('error' as const) : undefined, 'aria-invalid': Boolean(text), 'aria-describedby': text ? errorId : undefined });

/** Names a new key; the secret comes back once and is shown until the user dismisses it. */
export function CreateKeyForm() {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Refusals>({});
  const create = useApiMutation(contract.apiKey.create, { invalidates: [contract.apiKey.list] });

  const submit = async () => {
    setError(null);
    const body = { name, expiresInDays: days };
    // Checked with the contract before sending: a wrong expiry is refused as typed, never altered.
    const refused: Refusals = fieldErrors(CreateApiKeyBody, body);
    setRefusals(refused);
    if (Object.keys(refused).length > 0) return;
    try {
      const { data } = await create.trigger({ body });
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
            <Input id="key-name" value={name} onChange={(e) => { setName(e.target.value); setRefusals((r) => ({ ...r, name: undefined })); }}
              placeholder="e.g. CRM sync" style={{ width: 240 }} maxLength={100} {...invalidProps('key-name-error', refusals.name)} />
            <FieldError id="key-name-error" text={refusals.name} />
          </div>
          <div>
            <label htmlFor="key-days" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>Expires after (days)</label>
            {/* No min/max here: antd would clamp -5 to 1 silently; the contract refuses it instead. */}
            <InputNumber id="key-days" value={days} onChange={(value) => { setDays(value); setRefusals((r) => ({ ...r, expiresInDays: undefined })); }}
              placeholder="Never" style={{ width: 160 }} {...invalidProps('key-days-error', refusals.expiresInDays)} />
            <FieldError id="key-days-error" text={refusals.expiresInDays} />
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
