import type { AgentsOverview } from 'shared-contracts';
import { StatusTag, formatDateTime, type TableColumnsType } from 'shared-ui';

export type AiAgentRow = AgentsOverview['agents'][number];

const HANDLES: Record<AiAgentRow['handleCallType'], string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
  both: 'Inbound & outbound',
};

export const aiAgentColumns = (timeZone: string): TableColumnsType<AiAgentRow> => [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Handles', key: 'handles', render: (_, agent) => HANDLES[agent.handleCallType] },
  { title: 'Number', key: 'number', render: (_, agent) => agent.phoneNumber ?? 'Not assigned' },
  {
    title: 'Campaign',
    key: 'campaign',
    render: (_, agent) => <StatusTag status={agent.campaignActive ? 'on' : 'off'} label={agent.campaignActive ? 'On' : 'Off'} />,
  },
  { title: 'Calls', dataIndex: 'callCount', key: 'calls', align: 'right' },
  {
    title: 'Last call',
    key: 'lastCall',
    render: (_, agent) => (agent.lastCallAt ? formatDateTime(agent.lastCallAt, timeZone) : 'Never'),
  },
];
