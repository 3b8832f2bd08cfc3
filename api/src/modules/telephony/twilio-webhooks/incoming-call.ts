import twilio from 'twilio';
import { aiCallIncoming } from '../ai-calls';
import { inboundCall } from '../call-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import { AGENTS_BUSY_TEXT, dialPeople } from '../twilio-webhook';
import { NOT_IN_SERVICE_TEXT, recordingOptions, type TelephonyWebhook } from './telephony-webhook';

const { VoiceResponse } = twilio.twiml;

/** A call to one of our numbers: an AI agent's number connects the caller to the agent, any other rings the available agents. */
export const incomingCall: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.incomingCall,
  async answer({ field }, { telephony, aiCalls, publicApiUrl }) {
    const caller = { callSid: field('CallSid'), from: field('From'), to: field('To') };
    const aiCall = await aiCallIncoming(telephony, caller);
    const relay = aiCall === null ? null : await aiCalls.connect(aiCall.callId);
    if (relay !== null) return relay;
    const response = new VoiceResponse();
    const result = await inboundCall(telephony, caller);
    if (!result.accepted) {
      response.say(NOT_IN_SERVICE_TEXT);
      response.hangup();
    } else if (result.ring.length === 0) {
      response.say(AGENTS_BUSY_TEXT);
      response.hangup();
    } else {
      dialPeople(response, result.ring, caller.callSid, result.policy, publicApiUrl, recordingOptions(result.policy, publicApiUrl));
    }
    return response.toString();
  },
};
