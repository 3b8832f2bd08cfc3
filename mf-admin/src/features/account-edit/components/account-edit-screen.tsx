import { useNavigate } from 'react-router-dom';
import { useApi, useSessionUser } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { DashboardPage, Descriptions, LoadError, PageCard, formatDate } from 'shared-ui';
import { AccountAudit } from './account-audit';
import { AccountForm } from './account-form';

/** admin/account/edit/{id}: the account, its users' roles, its plan and agent cap, and its change history. */
export function AccountEditScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const { data, error, isLoading, mutate } = useApi(contract.account.getAccount, { params: { id } });
  const account = data?.data;

  return (
    <DashboardPage title="Edit Account" onBack={() => navigate('/admin/account-list')} loading={isLoading}>
      {error && <LoadError error={extractErrorText(error)} onRetry={() => void mutate()} />}
      {account && (
        <>
          <PageCard title={account.name}>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              style={{ marginBottom: 24 }}
              items={[
                { key: 'owner', label: 'Owner', children: account.ownerEmail ?? 'N/A' },
                { key: 'created', label: 'Created', children: formatDate(account.createdAt, user?.timeZone) },
                { key: 'agents', label: 'AI agents', children: account.aiAgentCount },
              ]}
            />
            <AccountForm account={account} onSaved={(saved) => void mutate({ data: saved }, { revalidate: false })} />
          </PageCard>
          <AccountAudit accountId={account.id} />
        </>
      )}
    </DashboardPage>
  );
}
