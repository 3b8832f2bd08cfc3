import { eq } from 'drizzle-orm';
import { calls } from '../../db/schema';
import { DEMO_RECORDING_PATH } from '../recordings';
import { dialerPolicy, recordingReady, type TelephonyContext } from './call-events';

/**
 * The simulator's carrier "records" as Twilio does: an answered call of an account that records
 * its calls gets a recording once it is over, the one shipped with the product, so the call
 * logs' Listen plays something on a machine with no carrier.
 */
export async function simulatedRecording(ctx: TelephonyContext, callSid: string): Promise<void> {
  const [call] = await ctx.db.select({ accountId: calls.accountId, status: calls.status }).from(calls).where(eq(calls.callSid, callSid));
  if (call?.status !== 'completed' || !(await dialerPolicy(ctx.db, call.accountId)).recordCalls) return;
  await recordingReady(ctx, { callSid, recordingUrl: DEMO_RECORDING_PATH });
}
