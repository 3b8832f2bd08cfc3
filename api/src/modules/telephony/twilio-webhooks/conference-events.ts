import { and, eq } from 'drizzle-orm';
import { calls } from '../../../db/schema';
import type { TelephonyWebhook } from './telephony-webhook';
import { personCallLegs } from '../provider';
import { callIdOfConference, customerLeg } from '../twilio-conference';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';

/**
 * A leg joined a person's call's conference: the call keeps the conference's sid (its holds act
 * on it from now on), and a caller whose agent held them while they moved here is held as they join.
 */
export const conferenceEvents: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.conferenceEvents,
  async answer({ field }, { telephony, provider }) {
    const callId = callIdOfConference(field('FriendlyName'));
    const conferenceSid = field('ConferenceSid');
    if (field('StatusCallbackEvent') !== 'participant-join' || callId === null || !/^CF[0-9a-f]{32}$/.test(conferenceSid)) return null;
    const [call] = await telephony.db.update(calls).set({ conferenceSid })
      .where(and(eq(calls.id, callId), eq(calls.status, 'in-progress')))
      .returning();
    if (!call?.callSid || call.heldSince === null) return null;
    const legs = personCallLegs(call);
    if (field('CallSid') === customerLeg(legs)) await provider().holdCall(legs, true);
    return null;
  },
};
