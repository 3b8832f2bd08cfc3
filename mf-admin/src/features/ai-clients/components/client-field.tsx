import { useFormState } from 'react-final-form';
import { AI_CLIENT_PROVIDERS, providersForType, type AiClientProvider } from 'shared-contracts';
import { FormField, Select } from 'shared-ui';
import type { AddAiClientValues } from '../model/add-ai-client-values';

/** Offers only the providers that have the chosen type of client (every provider while no type is chosen). */
export function ClientField() {
  const { values } = useFormState<AddAiClientValues>({ subscription: { values: true } });
  const offered = values.type ? providersForType(values.type) : AI_CLIENT_PROVIDERS;
  return (
    <FormField<AiClientProvider | undefined> name="client" label="Ai Client" render={(input, c) => (
      <Select<AiClientProvider>
        id={c.id}
        aria-label="Ai Client"
        placeholder="Choose a client"
        allowClear
        options={offered.map((name) => ({ value: name, label: name }))}
        value={input.value || undefined}
        onChange={(client) => input.onChange(client ?? undefined)}
        style={{ width: '100%' }}
        status={c.status}
        aria-invalid={c.invalid}
        aria-describedby={c.describedBy}
      />
    )} />
  );
}
