import { useState } from 'react';
import { notify, useApi, useApiMutation } from 'shared-auth';
import { contract, extractErrorText } from 'shared-contracts';
import { Button, Flex, LoadError, Select, useDebouncedValue } from 'shared-ui';
import { CAMPAIGN_READS } from '../api/campaign-endpoints';

/** Picks leads the account already has (searched by name or number) and adds them to the campaign. */
export function LeadPicker({ agentId }: { agentId: string }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const debounced = useDebouncedValue(search, 300);
  const found = useApi(contract.lead.getLeads, { body: { search: debounced, page: 1, limit: 20 } });
  const add = useApiMutation(contract.campaign.addCampaignLeads, { invalidates: CAMPAIGN_READS });

  const submit = async () => {
    try {
      const { data } = await add.trigger({ body: { agentId, leadIds: picked } });
      notify.success(data.alreadyInCampaign > 0
        ? `${data.added} added; ${data.alreadyInCampaign} already in the campaign`
        : `${data.added} ${data.added === 1 ? 'lead' : 'leads'} added to the campaign`);
      setPicked([]);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Flex gap={8} align="start">
      <Select
        mode="multiple"
        aria-label="Leads to add"
        placeholder="Search your leads by name or number"
        style={{ flex: 1, minWidth: 260 }}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        value={picked}
        onChange={setPicked}
        loading={found.isLoading}
        notFoundContent={found.error
          ? <LoadError error={extractErrorText(found.error)} onRetry={() => void found.mutate()} />
          : found.isLoading ? 'Searching…' : 'No leads match'}
        options={(found.data?.data ?? []).map((lead) => ({ value: lead.id, label: `${lead.fullName} (${lead.phoneNumber})` }))}
      />
      <Button type="primary" onClick={() => void submit()} disabled={picked.length === 0} loading={add.isMutating}>
        Add to campaign
      </Button>
    </Flex>
  );
}
