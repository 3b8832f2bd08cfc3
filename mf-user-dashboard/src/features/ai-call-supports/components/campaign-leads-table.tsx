import { useApi } from 'shared-auth';
import { contract, type CampaignLead } from 'shared-contracts';
import { DataTable, Pager, StatusTag, formatDateTime, totalPagesOf, usePage, type TableColumnsType } from 'shared-ui';

const PAGE_SIZE = 10;

const columns = (timeZone: string): TableColumnsType<CampaignLead> => [
  { title: 'Lead', key: 'name', render: (_, l) => l.fullName },
  { title: 'Number', key: 'number', render: (_, l) => l.phoneNumber },
  { title: 'Status', key: 'state', render: (_, l) => <StatusTag status={l.state} /> },
  { title: 'Calls', key: 'attempts', render: (_, l) => l.attempts },
  { title: 'Next call', key: 'next', render: (_, l) => (l.nextAttemptAt === null ? '—' : formatDateTime(l.nextAttemptAt, timeZone)) },
  { title: 'Lead\'s time zone', key: 'zone', render: (_, l) => l.timeZone },
];

/** The campaign's leads, still-to-call first, refreshed every few seconds while it runs. */
export function CampaignLeadsTable({ agentId, running, timeZone }: { agentId: string; running: boolean; timeZone: string }) {
  const [page, setPage] = usePage(agentId);
  const list = useApi(
    contract.campaign.getCampaignLeads,
    { params: { agentId }, query: { page, limit: PAGE_SIZE } },
    { refreshInterval: running ? 3_000 : 0 },
  );
  return (
    <>
      <DataTable<CampaignLead>
        label="Campaign leads"
        rowKey="leadId"
        size="small"
        columns={columns(timeZone)}
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
