import type { FastifyInstance } from 'fastify';
import { aiCallAccepted, aiCallFailed, aiCallPlaced } from './ai-calls';

export type PlacedAiCall =
  | { callId: string; placed: true; callSid: string; status: string }
  | { callId: string; placed: false };

/**
 * An AI agent calls `to` from its own number: the dashboard's test call and campaign calls take
 * this one path. The call is logged first (so it shows in the call logs, and the provider's
 * callbacks find it, whatever happens next), then handed to the telephony provider: Twilio, or
 * the simulator, whose callee answers over the relay. A refusal leaves the call logged as failed.
 * `logged` runs once the call has its id, before the provider is asked.
 */
export async function placeAiCall(
  app: FastifyInstance,
  input: { accountId: string; aiAgentId: string; from: string; to: string },
  logged?: (callId: string) => Promise<void>,
): Promise<PlacedAiCall> {
  const callId = await aiCallPlaced(app.telephony.context, input);
  await logged?.(callId);
  try {
    const result = await app.telephony.provider.placeCall({ from: input.from, to: input.to, callId });
    await aiCallAccepted(app.telephony.context, callId, result);
    return { callId, placed: true, callSid: result.sid, status: result.status };
  } catch (error) {
    app.log.warn({ err: error, callId }, 'AI call refused by the telephony provider');
    await aiCallFailed(app.telephony.context, callId);
    return { callId, placed: false };
  }
}
