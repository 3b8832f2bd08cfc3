import { eq } from 'drizzle-orm';
import { calls } from '../../../db/schema';
import { callAnswered } from '../call-events';
import { agentByIdentity } from '../numbers';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TelephonyWebhook } from './telephony-webhook';

/** A dialled leg (the agent's <Client>, or the number an agent called) was answered. */
export const dialStatus: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.dialStatus,
  async answer({ field }, { telephony }) {
    const parent = field('ParentCallSid');
    if (field('CallStatus') !== 'in-progress' || parent === '') return null;
    const to = field('To');
    let agentUserId: string | null = null;
    if (to.startsWith('client:')) agentUserId = (await agentByIdentity(telephony.db, to.slice('client:'.length)))?.userId ?? null;
    else [{ agentUserId } = { agentUserId: null }] = await telephony.db.select({ agentUserId: calls.agentUserId }).from(calls).where(eq(calls.callSid, parent));
    if (agentUserId === null) return null;
    // The leg that answered is the one moved onto the call's conference at its first hold.
    if (await callAnswered(telephony, { callSid: parent, agentUserId })) {
      await telephony.db.update(calls).set({ dialledLegSid: field('CallSid') }).where(eq(calls.callSid, parent));
    }
    return null;
  },
};
