import { useState } from 'react';
import { extractErrorText, type IntegrationCatalogEntry } from 'shared-contracts';
import { Alert, Button, Flex, Input, Modal } from 'shared-ui';

interface ApiKeyDialogProps {
  entry: IntegrationCatalogEntry | null;
  onConnect: (apiKey: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for a provider's API key; the key goes to the server once and is never shown again. */
export function ApiKeyDialog({ entry, onConnect, onClose }: ApiKeyDialogProps) {
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setApiKey('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (apiKey.trim() === '') return setError('API key is required');
    setSaving(true);
    setError(null);
    try {
      await onConnect(apiKey.trim());
      close();
    } catch (caught) {
      setError(extractErrorText(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={entry ? `Connect ${entry.name}` : ''} open={entry !== null} onCancel={close} footer={null} destroyOnHidden>
      <form aria-label="Connect with an API key" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <label htmlFor="integration-api-key" style={{ display: 'block', marginBottom: 4, fontWeight: 500 }}>API key</label>
        <Input.Password id="integration-api-key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" maxLength={4096} />
        {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
        <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={saving}>Connect</Button>
        </Flex>
      </form>
    </Modal>
  );
}
