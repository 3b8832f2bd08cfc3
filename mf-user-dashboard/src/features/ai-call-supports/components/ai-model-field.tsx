import { useId } from 'react';
import { LOCAL_RESPONDER_LABEL, type AiClientOptions } from 'shared-contracts';
import { FormField, LoadError, Select, Skeleton, Typography } from 'shared-ui';
import { useAiClientOptions } from '../hooks/use-ai-client-options';

const DEFAULT_OPTION = { value: '', label: 'Default: the first AI model an administrator added' };

const optionLabel = (c: AiClientOptions['text'][number]) => `${c.name} · ${c.model}${c.purpose ? ` (${c.purpose})` : ''}`;

/**
 * Which language model answers the agent's calls. With none offered, the agent answers with the
 * local responder, and the form says so instead of showing an empty choice.
 */
export function AiModelField() {
  const { data, error, isLoading, mutate } = useAiClientOptions();
  const labelId = useId();
  if (error) return <LoadError error={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton.Input active block style={{ marginBottom: 16 }} />;
  const text = Array.isArray(data.data?.text) ? data.data.text : [];
  if (text.length === 0) {
    return (
      <div role="group" aria-labelledby={labelId} style={{ marginBottom: 16 }}>
        <div id={labelId} style={{ marginBottom: 4, fontWeight: 500 }}>AI model</div>
        <Typography.Text>{LOCAL_RESPONDER_LABEL}</Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
          The agent answers with the built-in local responder until an administrator adds an AI model.
        </Typography.Text>
      </div>
    );
  }
  return (
    <FormField<string> name="textClientId" label="AI model" hint="The language model that holds the agent's calls" render={(input, c) => {
      const options = [DEFAULT_OPTION, ...text.map((client) => ({ value: client.id, label: optionLabel(client) }))];
      // A model chosen earlier and since disabled: the default answers until another is chosen.
      if (!options.some((o) => o.value === input.value)) options.push({ value: input.value, label: 'A model no longer offered (the default answers)' });
      return <Select {...input} id={c.id} style={{ width: '100%' }} aria-describedby={c.describedBy} options={options} />;
    }} />
  );
}
