import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** The call's report, then its transcript once the report names the conversation. */
export function useCallConversation(accountId: string | null, callId: string) {
  const report = useApi(contract.call.getCallReports, accountId ? { params: { id: callId } } : null);
  const conversationId = report.data?.data.call.conversation?.id ?? null;
  const transcript = useApi(
    contract.conversation.getConversationMessages,
    accountId && conversationId ? { params: { accountId }, body: { conversation_id: conversationId } } : null,
  );
  return { report, transcript };
}
