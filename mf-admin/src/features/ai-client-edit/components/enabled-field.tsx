import { useId } from 'react';
import { Field } from 'react-final-form';
import { Switch } from 'shared-ui';
import { FieldFrame } from '../../../forms/field-frame';

/** Only enabled clients are offered to users building agents. */
export function EnabledField() {
  const id = useId();
  return (
    <Field<boolean> name="enabled" type="checkbox">
      {({ input }) => (
        <FieldFrame id={id} label="Enabled" hint="Only enabled clients are offered when users build their agents.">
          <Switch id={id} checked={input.checked} onChange={(checked) => input.onChange(checked)} aria-describedby={`${id}-hint`} />
        </FieldFrame>
      )}
    </Field>
  );
}
