import { useLocation, useNavigate } from 'react-router-dom';
import { extractErrorText, totalPages, type AiClientListItem } from 'shared-contracts';
import { DashboardPage, DataTable, Flex, Input, PageCard, Pager, SearchOutlined } from 'shared-ui';
import { useAiClientList } from '../hooks/use-ai-client-list';
import { AddAiClientDialog } from './add-ai-client-dialog';
import { aiClientColumns } from './ai-client-columns';

// The host's breadcrumbs read "Dashboard (to /admin/account-list) / Ai Clients", as the spec asks.
export function AiClientsScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (no earlier page in this tab), Go back leads to the admin home instead.
  const goBack = () => (location.key === 'default' ? navigate('/admin/account-list') : navigate(-1));
  const list = useAiClientList();
  const filtered = list.nameInput.trim() !== '';

  return (
    <DashboardPage title="Ai Client List" onBack={goBack}>
      <PageCard title="Ai/STT/TTS Clients" extra={<AddAiClientDialog />}>
        <Flex style={{ marginBottom: 16 }}>
          <Input
            aria-label="Search clients"
            placeholder="Search by name or model"
            prefix={<SearchOutlined />}
            allowClear
            value={list.nameInput}
            onChange={(e) => list.setNameInput(e.target.value)}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        <DataTable<AiClientListItem>
          label="Ai/STT/TTS Clients"
          rowKey="id"
          columns={aiClientColumns}
          rows={list.data?.data}
          loading={list.isLoading || (list.isValidating && list.data === undefined)}
          error={list.error ? extractErrorText(list.error) : null}
          onRetry={() => void list.mutate()}
          emptyText={filtered ? 'No clients match this name' : 'No clients yet: add one with Add AI Client'}
        />
        {!list.error && <Pager page={list.page} totalPages={totalPages(list.data?.total ?? 0)} onChange={list.setPage} />}
      </PageCard>
    </DashboardPage>
  );
}
