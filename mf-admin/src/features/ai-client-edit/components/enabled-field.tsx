import { FormField, Switch } from 'shared-ui';

/** Only enabled clients are offered to users building agents. */
export function EnabledField() {
  return (
    <FormField<boolean> name="enabled" type="checkbox" label="Enabled" hint="Only enabled clients are offered when users build their agents." render={(input, c) => (
      <Switch id={c.id} checked={input.checked} onChange={(checked) => input.onChange(checked)} aria-describedby={c.describedBy} />
    )} />
  );
}
