import { useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, extractErrorText, type AccountListEntry } from 'shared-contracts';
import { DashboardPage, DataTable, PageCard, Pager, Typography, totalPagesOf } from 'shared-ui';
import { useAccountList } from '../hooks/use-account-list';
import { accountColumns } from './account-columns';
import { AccountFilters } from './account-filters';

// Breadcrumbs come from the host's layout (route titles), so the screen draws none of its own.
export function AccountListScreen() {
  const user = useSessionUser();
  const list = useAccountList();
  const total = list.data?.total;
  const filtered = list.searchInput.trim() !== '' || list.plan !== undefined;

  return (
    <DashboardPage title="Account List">
      <PageCard
        title="Accounts"
        extra={total !== undefined && <Typography.Text type="secondary">{total === 1 ? '1 account' : `${total} accounts`}</Typography.Text>}
      >
        <AccountFilters search={list.searchInput} onSearch={list.setSearchInput} plan={list.plan} onPlan={list.setPlan} />
        <DataTable<AccountListEntry>
          label="Accounts"
          rowKey="id"
          columns={accountColumns(user?.timeZone)}
          rows={list.data?.data}
          loading={list.isLoading}
          error={list.error ? extractErrorText(list.error) : null}
          onRetry={() => void list.mutate()}
          emptyText={filtered ? 'No accounts match these filters' : 'No accounts yet'}
        />
        {!list.error && (
          <Pager page={list.page} totalPages={totalPagesOf(total ?? 0, DEFAULT_PAGE_SIZE)} onChange={list.setPage} />
        )}
      </PageCard>
    </DashboardPage>
  );
}
