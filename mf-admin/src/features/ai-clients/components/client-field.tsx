import { useId } from 'react';
import { Field, useFormState } from 'react-final-form';
import { AI_CLIENT_PROVIDERS, providersForType, type AiClientProvider } from 'shared-contracts';
import { Select } from 'shared-ui';
import { FieldFrame, errorProps } from '../../../forms/field-frame';
import type { AddAiClientValues } from '../model/add-ai-client-values';
import { shownError } from './shown-error';

/** Offers only the providers that have the chosen type of client (every provider while no type is chosen). */
export function ClientField() {
  const id = useId();
  const { values } = useFormState<AddAiClientValues>({ subscription: { values: true } });
  const offered = values.type ? providersForType(values.type) : AI_CLIENT_PROVIDERS;
  return (
    <Field<AiClientProvider | undefined> name="client">
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldFrame id={id} label="Ai Client" error={error}>
            <Select<AiClientProvider>
              id={id}
              aria-label="Ai Client"
              placeholder="Choose a client"
              allowClear
              options={offered.map((name) => ({ value: name, label: name }))}
              value={input.value || undefined}
              onChange={(client) => input.onChange(client ?? undefined)}
              style={{ width: '100%' }}
              {...errorProps(id, error)}
            />
          </FieldFrame>
        );
      }}
    </Field>
  );
}
