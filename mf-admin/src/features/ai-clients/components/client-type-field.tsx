import { useForm } from 'react-final-form';
import { AI_CLIENT_TYPES, defaultProviderFor, isProviderForType, type AiClientProvider, type AiClientType } from 'shared-contracts';
import { FormField, Select } from 'shared-ui';

const OPTIONS = AI_CLIENT_TYPES.map((type) => ({ value: type, label: type }));

/** Choosing a type whose providers do not include the selected client selects that type's first client. */
export function ClientTypeField() {
  const form = useForm();
  return (
    <FormField<AiClientType | undefined> name="type" label="Client Type" render={(input, c) => (
      <Select<AiClientType>
        id={c.id}
        aria-label="Client Type"
        placeholder="Choose a client type"
        allowClear
        options={OPTIONS}
        value={input.value || undefined}
        onChange={(type) => {
          input.onChange(type ?? undefined);
          const client = form.getState().values.client as AiClientProvider | undefined;
          if (type && client && !isProviderForType(type, client)) form.change('client', defaultProviderFor(type));
        }}
        style={{ width: '100%' }}
        status={c.status}
        aria-invalid={c.invalid}
        aria-describedby={c.describedBy}
      />
    )} />
  );
}
