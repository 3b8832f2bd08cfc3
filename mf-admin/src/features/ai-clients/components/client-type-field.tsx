import { useId } from 'react';
import { Field, useForm } from 'react-final-form';
import { AI_CLIENT_TYPES, defaultProviderFor, isProviderForType, type AiClientProvider, type AiClientType } from 'shared-contracts';
import { Select } from 'shared-ui';
import { FieldFrame, errorProps } from '../../../forms/field-frame';
import { shownError } from './shown-error';

const OPTIONS = AI_CLIENT_TYPES.map((type) => ({ value: type, label: type }));

/** Choosing a type whose providers do not include the selected client selects that type's first client. */
export function ClientTypeField() {
  const id = useId();
  const form = useForm();
  return (
    <Field<AiClientType | undefined> name="type">
      {({ input, meta }) => {
        const error = shownError(meta);
        return (
          <FieldFrame id={id} label="Client Type" error={error}>
            <Select<AiClientType>
              id={id}
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
              {...errorProps(id, error)}
            />
          </FieldFrame>
        );
      }}
    </Field>
  );
}
