import { notify, useApi, useApiMutation, useServerMessage } from 'shared-auth';
import { contract, type CampaignLead } from 'shared-contracts';
import {
  DataTable, DeleteOutlined, Pager, Popconfirm, RowActionButton, StatusTag, formatDateTime, totalPagesOf, usePage, type TableColumnsType,
} from 'shared-ui';
import { AGENT_READS } from '../api/agent-endpoints';

const PAGE_SIZE = 10;

const columns = (timeZone: string, onRemove: (lead: CampaignLead) => Promise<void>): TableColumnsType<CampaignLead> => [
  { title: 'Lead', key: 'name', render: (_, l) => l.fullName },
  { title: 'Number', key: 'number', render: (_, l) => l.phoneNumber },
  { title: 'Status', key: 'state', render: (_, l) => <StatusTag status={l.state} /> },
  { title: 'Calls', key: 'attempts', render: (_, l) => l.attempts },
  // The server moves the time into the lead's calling hours: this is when the dialer calls.
  { title: 'Next call', key: 'next', render: (_, l) => (l.nextAttemptAt === null ? '—' : formatDateTime(l.nextAttemptAt, timeZone)) },
  { title: 'Lead\'s time zone', key: 'zone', render: (_, l) => l.timeZone },
  {
    title: 'Remove',
    key: 'remove',
    render: (_, l) => (
      <Popconfirm
        title={`Remove ${l.fullName} from this campaign?`}
        description="The lead stays in your leads; a call under way finishes."
        okText="Remove"
        okButtonProps={{ danger: true }}
        onConfirm={() => onRemove(l)}
      >
        <RowActionButton danger icon={<DeleteOutlined />} label="Remove" aria-label={`Remove ${l.fullName} from the campaign`} />
      </Popconfirm>
    ),
  },
];

/** The campaign's leads, still-to-call first; read again whenever the server says the campaign moved. */
export function CampaignLeadsTable({ agentId, timeZone }: { agentId: string; timeZone: string }) {
  const [page, setPage] = usePage(agentId);
  const list = useApi(contract.campaign.getCampaignLeads, { params: { agentId }, query: { page, limit: PAGE_SIZE } });
  useServerMessage('CAMPAIGN_UPDATED', (message) => {
    if (message.agentId === agentId) void list.mutate();
  });
  const removeCall = useApiMutation(contract.campaign.removeCampaignLead, { invalidates: [contract.campaign.getCampaignLeads, ...AGENT_READS] });
  const remove = async (lead: CampaignLead) => {
    try {
      await removeCall.trigger({ params: { agentId, leadId: lead.leadId } });
      notify.success(`${lead.fullName} removed from the campaign`);
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <>
      <DataTable<CampaignLead>
        label="Campaign leads"
        rowKey="leadId"
        size="small"
        columns={columns(timeZone, remove)}
        rows={list.data?.data}
        loading={list.isLoading}
        error={list.error?.message}
        onRetry={() => void list.mutate()}
        emptyText="No leads in this campaign yet. Pick some or upload a CSV."
      />
      <Pager page={page} totalPages={totalPagesOf(list.data?.total ?? 0, PAGE_SIZE)} onChange={setPage} />
    </>
  );
}
