import { FormField, Select, Typography } from 'shared-ui';
import { useSquareLocations } from '../hooks/use-square-locations';

/** The Square location the agent books into; shown only when the account has Square connected. */
export function SquareLocationField({ accountId }: { accountId: string }) {
  const { data, error } = useSquareLocations(accountId);
  if (error) return <Typography.Text type="danger">Square locations: {error.message}</Typography.Text>;
  const locations = data?.data.locations ?? [];
  if (locations.length === 0) return null;
  return (
    <FormField<string> name="squareLocationId" label="Square location" render={(input, c) => (
      <Select
        {...input}
        id={c.id}
        allowClear
        style={{ width: '100%' }}
        placeholder="Not linked"
        onChange={(value?: string) => input.onChange(value ?? '')}
        options={locations.map((l) => ({ value: l.id, label: l.address ? `${l.name} — ${l.address}` : l.name }))}
      />
    )} />
  );
}
