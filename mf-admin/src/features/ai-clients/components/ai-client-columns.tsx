import type { AiClientListItem } from 'shared-contracts';
import { Tag, actionColumn, type TableColumnsType } from 'shared-ui';
import { AiClientRowMenu } from './ai-client-row-menu';

/** Spec: a missing value shows N/A. */
export const orNa = (value: string | null | undefined): string => (value === null || value === undefined || value.trim() === '' ? 'N/A' : value);

export const aiClientColumns: TableColumnsType<AiClientListItem> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, client) => (
      <>
        {orNa(client.name)} <Tag>{client.type}</Tag>
        {!client.enabled && <Tag color="default">Disabled</Tag>}
      </>
    ),
  },
  { title: 'Model', key: 'model', render: (_, client) => orNa(client.model) },
  { title: 'Purpose', key: 'purpose', render: (_, client) => orNa(client.purpose) },
  actionColumn({ title: 'Action', key: 'action', render: (_, client) => <AiClientRowMenu client={client} /> }),
];
