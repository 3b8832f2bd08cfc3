import { useState } from 'react';
import { useApi, useSessionUser } from 'shared-auth';
import { DEFAULT_PAGE_SIZE, contract, extractErrorText, type AuditEntry } from 'shared-contracts';
import { DataTable, PageCard, Pager, formatDateTime, totalPagesOf, type TableColumnsType } from 'shared-ui';
import { changeLines } from '../model/audit-change-text';

const columns = (timeZone: string | undefined): TableColumnsType<AuditEntry> => [
  { title: 'When', key: 'at', render: (_, entry) => formatDateTime(entry.at, timeZone) },
  { title: 'Who', key: 'who', render: (_, entry) => entry.actor?.email ?? 'System' },
  {
    title: 'What',
    key: 'what',
    render: (_, entry) => (
      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
        {changeLines(entry.changes).map((line) => <li key={line}>{line}</li>)}
      </ul>
    ),
  },
];

/** The account's change history, newest first: who changed what, and when. */
export function AccountAudit({ accountId }: { accountId: string }) {
  const user = useSessionUser();
  const [page, setPage] = useState(1);
  const audit = useApi(
    contract.account.getAccountAudit,
    { params: { id: accountId }, query: { page, limit: DEFAULT_PAGE_SIZE } },
    { keepPreviousData: true },
  );
  return (
    <PageCard title="Change history">
      <DataTable<AuditEntry>
        label="Change history"
        rowKey="id"
        columns={columns(user?.timeZone)}
        rows={audit.data?.data}
        loading={audit.isLoading}
        error={audit.error ? extractErrorText(audit.error) : null}
        onRetry={() => void audit.mutate()}
        emptyText="No changes yet"
      />
      {!audit.error && <Pager page={page} totalPages={totalPagesOf(audit.data?.total ?? 0, DEFAULT_PAGE_SIZE)} onChange={setPage} />}
    </PageCard>
  );
}
