import { TextField } from 'shared-ui';

export function ModelField() {
  return <TextField name="model" label="Model" placeholder="e.g. gpt-4o" autoComplete="off" />;
}
