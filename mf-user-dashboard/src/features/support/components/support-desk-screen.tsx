import { useState } from 'react';
import { useApi, useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, contract, type SupportRequest } from 'shared-contracts';
import { DashboardPage, DataTable, PageCard, Pager, StatusTag, formatDateTime, totalPagesOf, type TableColumnsType } from 'shared-ui';
import { CATEGORY_LABELS, PRIORITY_LABELS, STATUS_LABELS } from '../model/support-labels';
import { SupportRequestForm } from './support-request-form';

const columns = (timeZone: string): TableColumnsType<SupportRequest> => [
  { title: 'Reference', dataIndex: 'reference', key: 'reference' },
  { title: 'Subject', dataIndex: 'subject', key: 'subject' },
  { title: 'Category', key: 'category', render: (_, r) => CATEGORY_LABELS[r.category] },
  { title: 'Priority', key: 'priority', render: (_, r) => PRIORITY_LABELS[r.priority] },
  { title: 'Status', key: 'status', render: (_, r) => <StatusTag status={r.status === 'resolved' ? 'completed' : r.status} label={STATUS_LABELS[r.status]} /> },
  { title: 'Sent', key: 'sent', render: (_, r) => formatDateTime(r.createdAt, timeZone) },
];

/** dashboard/support-desk: ask for help, and follow the account's requests. */
export function SupportDeskScreen() {
  const user = useSessionUser();
  const [page, setPage] = useState(1);
  const requests = useApi(contract.support.getRequests, user ? { body: { page, limit: DEFAULT_PAGE_SIZE } } : null, { keepPreviousData: true });
  return (
    <DashboardPage title="Support Desk" loading={!user}>
      <PageCard title="Ask for help"><SupportRequestForm /></PageCard>
      <PageCard title="Your requests">
        <DataTable<SupportRequest>
          label="Support requests"
          rowKey="id"
          columns={columns(user?.timeZone ?? 'UTC')}
          rows={requests.data?.data}
          loading={requests.isLoading}
          error={requests.error?.message}
          onRetry={() => void requests.mutate()}
          emptyText="No support requests yet"
        />
        <Pager page={page} totalPages={totalPagesOf(requests.data?.total ?? 0, DEFAULT_PAGE_SIZE)} onChange={setPage} />
      </PageCard>
    </DashboardPage>
  );
}
