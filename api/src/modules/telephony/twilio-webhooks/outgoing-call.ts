import twilio from 'twilio';
import { normalizePhoneB, US_PHONE_PATTERN } from 'shared-contracts';
import { outboundCall } from '../call-events';
import { superviseAnswer, supervisedCallSid } from './supervisor-leg';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import { NOT_IN_SERVICE_TEXT, recordingOptions, type TelephonyWebhook } from './telephony-webhook';

const { VoiceResponse } = twilio.twiml;

export const INVALID_NUMBER_TEXT = 'The number you dialled is not a valid US number.';

/** An agent's softphone dials out: the number is dialled from the agent's own number. A supervisor's phone joins a call instead. */
export const outgoingCall: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.outgoingCall,
  async answer({ field }, context) {
    const { telephony, publicApiUrl } = context;
    const response = new VoiceResponse();
    const identity = field('From').replace(/^client:/, '');
    const supervised = supervisedCallSid(field('To'));
    if (supervised !== null) return superviseAnswer({ callSid: supervised, identity, legSid: field('CallSid') }, context);
    const to = normalizePhoneB(field('To'));
    if (!US_PHONE_PATTERN.test(to)) {
      response.say(INVALID_NUMBER_TEXT);
      return response.toString();
    }
    const result = await outboundCall(telephony, { callSid: field('CallSid'), identity, to });
    if (!result.ok) {
      response.say(NOT_IN_SERVICE_TEXT);
      return response.toString();
    }
    // The action follows the number onto the call's conference when the agent first holds it.
    const dial = response.dial({
      callerId: result.agent.agentNumber, answerOnBridge: true, ...recordingOptions(result.policy, publicApiUrl),
      action: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialEnded}`,
    });
    dial.number({ statusCallbackEvent: ['answered'], statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialStatus}` }, to);
    return response.toString();
  },
};
