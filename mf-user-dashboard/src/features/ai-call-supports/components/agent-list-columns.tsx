import { Link } from 'react-router-dom';
import type { AgentListItem } from 'shared-contracts';
import {
  Button, CopyOutlined, DeleteOutlined, EditOutlined, PhoneOutlined, Popconfirm, RowActionButton, Space, Switch, Typography, UnorderedListOutlined, actionColumn,
  formatDateTime, type TableColumnsType,
} from 'shared-ui';
import type { AgentActions } from '../hooks/use-agent-actions';
import { CampaignPausedNotice } from './campaign-paused-notice';
import { CampaignProgressText } from './campaign-progress-text';

export type AgentListRow = AgentListItem;

const HANDLES: Record<AgentListRow['handleCallType'], string> = {
  inbound: 'Inbound',
  outbound: 'Outbound',
  both: 'Inbound & outbound',
};

const placesCalls = (a: AgentListRow): boolean => a.handleCallType !== 'inbound';

export const agentListColumns = ({ timeZone, actions, onEdit, onTestCall, onLeads }: {
  timeZone: string; actions: AgentActions; onEdit: (id: string) => void; onTestCall: (agent: AgentListRow) => void;
  onLeads: (agent: AgentListRow) => void;
}): TableColumnsType<AgentListRow> => [
  { title: 'Name', key: 'name', render: (_, a) => <Link to={`/dashboard/ai-call-supports/edit/${a.id}`}>{a.name}</Link> },
  { title: 'Handles', key: 'handles', render: (_, a) => HANDLES[a.handleCallType] },
  { title: 'Number', key: 'number', render: (_, a) => a.phoneNumber ?? 'Not assigned' },
  {
    title: 'Campaign',
    key: 'campaign',
    render: (_, a) => (
      <div style={{ maxWidth: 150 }}>
        {placesCalls(a) ? (
          <>
            <Space size={4}>
              <Switch
                aria-label={`Campaign of ${a.name}`}
                checked={a.campaignActive}
                loading={actions.busyId === a.id}
                onChange={(checked) => void actions.toggleCampaign(a.id, checked)}
              />
              <Button type="link" size="small" icon={<UnorderedListOutlined />} aria-label={`Campaign leads of ${a.name}`} onClick={() => onLeads(a)}>
                Leads
              </Button>
            </Space>
            <CampaignProgressText progress={a.campaign} name={a.name} />
          </>
        ) : (
          // A campaign places calls, which an agent that only answers never does.
          <Typography.Text type="secondary">Answers calls only</Typography.Text>
        )}
        {a.campaignPausedReason !== null && <CampaignPausedNotice reason={a.campaignPausedReason} />}
      </div>
    ),
  },
  { title: 'Created', key: 'created', render: (_, a) => formatDateTime(a.createdAt, timeZone) },
  actionColumn({
    title: 'Actions',
    key: 'actions',
    render: (_, a) => (
      <Space>
        <RowActionButton icon={<EditOutlined />} label="Edit" aria-label={`Edit ${a.name}`} onClick={() => onEdit(a.id)} />
        <RowActionButton icon={<PhoneOutlined />} label="Test call" aria-label={`Test call from ${a.name}`} onClick={() => onTestCall(a)} />
        <RowActionButton
          icon={<CopyOutlined />}
          label="Duplicate"
          aria-label={`Duplicate ${a.name}`}
          disabled={actions.busyId === a.id}
          onClick={() => void actions.duplicate(a.id, a.name)}
        />
        <Popconfirm
          title={`Delete ${a.name}?`}
          description="Its call logs stay in your reports."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => actions.remove(a.id, a.name)}
        >
          <RowActionButton danger icon={<DeleteOutlined />} label="Delete" aria-label={`Delete ${a.name}`} disabled={actions.busyId === a.id} />
        </Popconfirm>
      </Space>
    ),
  }),
];
