import twilio from 'twilio';
import { CALL_SUPERVISION_TEXT, SUPERVISE_ADDRESS_PREFIX } from 'shared-contracts';
import { deviceOwnerByIdentity } from '../numbers';
import { personCallLegs } from '../provider';
import { supervisionEnded, supervisorJoined, tellSupervision } from '../supervision-events';
import { supervisorTwiml } from '../twilio-conference';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TelephonyWebhook, TelephonyWebhookContext } from './telephony-webhook';

const { VoiceResponse } = twilio.twiml;
const CALL_SID = /^CA[0-9a-f]{32}$/;

const saying = (text: string) => {
  const response = new VoiceResponse();
  response.say(text);
  return response.toString();
};

/** The call a supervisor's browser phone names in `To` (`supervise:<callSid>`); null for any other address. */
export const supervisedCallSid = (to: string): string | null =>
  (to.startsWith(SUPERVISE_ADDRESS_PREFIX) ? to.slice(SUPERVISE_ADDRESS_PREFIX.length) : null);

/**
 * A supervisor's browser phone calls `supervise:<callSid>` (from the TwiML app's outgoing URL):
 * it joins the call's conference, in the mode they chose, when they hold the call's claim
 * (desk/supervise-call); otherwise it is told so and the leg ends. The call moves onto its
 * conference first if it is not there yet.
 */
export async function superviseAnswer(
  input: { callSid: string; identity: string; legSid: string }, { telephony, provider, publicApiUrl }: TelephonyWebhookContext,
): Promise<string> {
  const owner = await deviceOwnerByIdentity(telephony.db, input.identity);
  const call = owner === null || !CALL_SID.test(input.callSid) ? null
    : await supervisorJoined(telephony, { callSid: input.callSid, supervisorUserId: owner.userId, legSid: input.legSid });
  if (call === null || call.superviseMode === null) return saying(CALL_SUPERVISION_TEXT.notSupervising);
  const legs = personCallLegs(call);
  try {
    await provider().joinConference(legs);
  } catch {
    await supervisionEnded(telephony, { callSid: input.callSid, legSid: input.legSid });
    return saying(CALL_SUPERVISION_TEXT.failed);
  }
  await tellSupervision(telephony, call);
  return supervisorTwiml(legs, call.superviseMode, publicApiUrl);
}

/** A supervisor's leg left its call (they hung up, or the call ended): the supervision ends with it. */
export const supervisorLegEnded: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.supervisorLegEnded,
  async answer({ field, query }, { telephony }) {
    const { callSid } = query;
    const legSid = field('CallSid');
    if (typeof callSid === 'string' && CALL_SID.test(callSid) && legSid !== '') await supervisionEnded(telephony, { callSid, legSid });
    return new VoiceResponse().toString();
  },
};
