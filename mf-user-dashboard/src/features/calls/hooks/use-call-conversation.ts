import { useApi } from 'shared-auth';
import { contract } from 'shared-contracts';

/** The call's report, then its transcript once the report names the conversation, and an AI call's trace. */
export function useCallConversation(accountId: string | null, callId: string) {
  const report = useApi(contract.call.getCallReports, accountId ? { params: { id: callId } } : null);
  const conversationId = report.data?.data.call.conversation?.id ?? null;
  const transcript = useApi(
    contract.conversation.getConversationMessages,
    accountId && conversationId ? { params: { accountId }, body: { conversation_id: conversationId } } : null,
  );
  // An AI call's trace is written as it ends: none for a call no AI agent held, or one still live.
  const hasTrace = report.data?.data.call.aiAgent != null;
  const trace = useApi(contract.callTrace.getCallTrace, accountId && hasTrace ? { params: { id: callId } } : null, { shouldRetryOnError: false });
  return { report, transcript, trace };
}
