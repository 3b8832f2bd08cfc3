import * as v from 'valibot';
import { useApi, useServerMessage } from 'shared-auth';
import { contract, IncomingCallContext } from 'shared-contracts';

/**
 * Who is calling and, for a caller an AI agent handed over, why and what was said: null until it
 * is known, and null for good when it cannot be (the dialog then shows the caller's number alone).
 * Read while the call rings and kept until it ends; lines the AI agent's last turns still write
 * arrive as TRANSCRIPT_UPDATED, and each one reads the context again. Every ring reads it anew, however
 * recent the last read: the same caller may ring again seconds later as a colleague's warm transfer.
 */
export function useIncomingCallContext(callSid: string | null): IncomingCallContext | null {
  const valid = callSid !== null && v.is(contract.call.getIncomingCall.params, { callSid });
  const { data, mutate } = useApi(contract.call.getIncomingCall, valid ? { params: { callSid } } : null, {
    // The transcript's new lines come over the socket; refetching on focus would only repeat it.
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    dedupingInterval: 0,
  });
  const parsed = v.safeParse(IncomingCallContext, data?.data);
  const context = parsed.success ? parsed.output : null;
  useServerMessage('TRANSCRIPT_UPDATED', (message) => {
    if (context !== null && message.callId === context.callId) void mutate();
  });

  return context;
}
