import { useEffect, useState } from 'react';
import { useApi, useRecentSms, useSessionUser, useSmsStatusChanged } from 'shared-auth';
import { contract } from 'shared-contracts';
import { useDebouncedValue } from 'shared-ui';

/** The agent number's threads and the open thread's messages, kept live by RECEIVE_SMS and SMS_STATUS_CHANGED. */
export function useSmsThreads() {
  const user = useSessionUser();
  const agentNumber = user?.agentNumber ?? null;
  const [searchInput, setSearchInput] = useState('');
  const searchText = useDebouncedValue(searchInput.trim(), 300);
  const [openId, setOpenId] = useState<string | null>(null);

  const threads = useApi(contract.conversation.getSmsList, agentNumber ? { params: { agentNumber }, body: { searchText } } : null, {
    keepPreviousData: true,
  });
  const messages = useApi(
    contract.conversation.getConversationSms,
    user && openId ? { params: { accountId: user.accountId }, body: { conversation_id: openId } } : null,
  );

  const recent = useRecentSms();
  const statusChange = useSmsStatusChanged();
  const { mutate: refreshThreads } = threads;
  const { mutate: refreshMessages } = messages;
  useEffect(() => {
    if (recent === null || agentNumber === null) return;
    if (recent.fromNumber !== agentNumber && recent.toNumber !== agentNumber) return;
    void refreshThreads();
    if (recent.conversationId === openId) void refreshMessages();
  }, [recent, agentNumber, openId, refreshThreads, refreshMessages]);
  useEffect(() => {
    if (statusChange !== null && statusChange.conversationId === openId) void refreshMessages();
  }, [statusChange, openId, refreshMessages]);

  return { agentNumber, searchInput, setSearchInput, threads, messages, openId, setOpenId };
}
