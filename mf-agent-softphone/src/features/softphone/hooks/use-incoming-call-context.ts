import * as v from 'valibot';
import { useApi } from 'shared-auth';
import { contract, IncomingCallContext } from 'shared-contracts';

/**
 * Who is calling and, for a caller an AI agent handed over, why and what was said: null until it
 * is known, and null for good when it cannot be (the dialog then shows the caller's number alone).
 */
export function useIncomingCallContext(callSid: string | null): IncomingCallContext | null {
  const valid = callSid !== null && v.is(contract.call.getIncomingCall.params, { callSid });
  const { data } = useApi(contract.call.getIncomingCall, valid ? { params: { callSid } } : null, {
    // A ringing call's context is read once; refetching on focus would only repeat it.
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const parsed = v.safeParse(IncomingCallContext, data?.data);
  return parsed.success ? parsed.output : null;
}
