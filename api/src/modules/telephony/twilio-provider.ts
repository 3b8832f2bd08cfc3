import twilio from 'twilio';
import { CALL_TRANSFER_TEXT, CALLER_CALL_SID_PARAMETER } from 'shared-contracts';
import type { TwilioConfig } from '../../config';
import type { PersonCallLegs, TelephonyProvider } from './provider';
import { agentLeg, conferenceName, conferenceTwiml, customerLeg, supervisorSettings, TWILIO_HOLD_MUSIC_URL } from './twilio-conference';
import { dialPeople, TRANSFER_NUMBER_QUERY } from './twilio-webhook';
import { smsStatusCallbackPath, TWILIO_WEBHOOK_PATHS } from './twilio-paths';

/** Twilio's cloud through its own helper library: Voice-grant tokens, texts, AI agents' calls, and the desk's holds and transfers. */
export function createTwilioProvider(
  config: TwilioConfig,
  publicApiUrl: string,
  options: { httpClient?: InstanceType<typeof twilio.RequestClient> } = {},
): TelephonyProvider {
  const client = twilio(config.apiKeySid, config.apiKeySecret, {
    accountSid: config.accountSid, ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  /** The dialled leg moves onto the call's conference; the other leg follows it there (`dialEnded`). */
  const moveOntoConference = async (call: PersonCallLegs) => {
    if (call.dialledLegSid === null) throw new Error(`call ${call.callId} has no connected leg to move`);
    const side = call.direction === 'inbound' ? 'agent' : 'customer';
    await client.calls(call.dialledLegSid).update({ twiml: conferenceTwiml(call.callId, side, false, publicApiUrl) });
  };
  return {
    kind: 'twilio',
    async voiceToken(identity, ttlSeconds) {
      const token = new twilio.jwt.AccessToken(config.accountSid, config.apiKeySid, config.apiKeySecret, { identity, ttl: ttlSeconds });
      token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: config.twimlAppSid, incomingAllow: true }));
      return token.toJwt();
    },
    async sendSms({ from, to, body, messageId }) {
      const message = await client.messages.create({
        from, to, body, statusCallback: `${publicApiUrl}${smsStatusCallbackPath(messageId)}`,
      });
      return { sid: message.sid, status: message.status };
    },
    // Twilio dials `to` from the agent's number and, once answered, asks our TwiML URL what to play.
    async placeCall({ from, to, callId }) {
      const created = await client.calls.create({
        from, to,
        url: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.aiCall}?callId=${encodeURIComponent(callId)}`,
        statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.callStatus}`,
      });
      return { sid: created.sid, status: created.status };
    },
    // On its conference the caller's leg is held in place. Before, the call is a bridged <Dial>:
    // the dialled leg is moved onto the call's conference, the other leg follows it there
    // (`dialEnded`), and the caller is held as they join (`conferenceEvents`).
    async holdCall(call, held) {
      const customer = customerLeg(call);
      if (call.conferenceSid !== null && customer !== null) {
        await client.conferences(call.conferenceSid).participants(customer).update({ hold: held, holdUrl: TWILIO_HOLD_MUSIC_URL });
        return;
      }
      if (held) await moveOntoConference(call);
    },
    async joinConference(call) {
      if (call.conferenceSid === null) await moveOntoConference(call);
    },
    // The caller's leg is given a new <Dial> ringing the colleague: it leaves the bridge or the
    // conference, and the agent's leg, left alone, ends.
    async transferCall(call, to, policy) {
      const customer = customerLeg(call);
      if (customer === null) throw new Error(`call ${call.callId} has no caller's leg`);
      const response = new twilio.twiml.VoiceResponse();
      response.say(CALL_TRANSFER_TEXT.saidToCaller);
      dialPeople(response, [to], call.callSid, policy, publicApiUrl, {}, true);
      await client.calls(customer).update({ twiml: response.toString() });
    },
    async transferToNumber(call, number, callerId) {
      const customer = customerLeg(call);
      if (customer === null) throw new Error(`call ${call.callId} has no caller's leg`);
      const response = new twilio.twiml.VoiceResponse();
      response.say(CALL_TRANSFER_TEXT.saidToCaller);
      const dial = response.dial({ callerId, answerOnBridge: true, action: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialEnded}?${TRANSFER_NUMBER_QUERY}` });
      dial.number(number);
      await client.calls(customer).update({ twiml: response.toString() });
    },
    // The colleague joins the call's conference (named for the call, so it need not have begun):
    // their softphone is given the caller's CallSid, as on any call it is rung for.
    async consultColleague(call, to, from, policy) {
      const participant = await client.conferences(conferenceName(call.callId)).participants.create({
        from,
        to: `client:${to.email}?${CALLER_CALL_SID_PARAMETER}=${encodeURIComponent(call.callSid)}`,
        label: 'colleague',
        earlyMedia: true,
        timeout: policy.ringTimeoutSeconds,
        startConferenceOnEnter: true,
        endConferenceOnExit: false,
        beep: 'false',
        statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.consultStatus}?callId=${encodeURIComponent(call.callId)}`,
        statusCallbackEvent: ['answered', 'completed'],
      });
      return { legSid: participant.callSid ?? null };
    },
    // The colleague's leaving now ends the call, the agent's no longer does; the agent leaves and
    // the caller comes off hold.
    async completeTransfer(call) {
      const agent = agentLeg(call);
      const customer = customerLeg(call);
      if (call.conferenceSid === null || call.consultLegSid === null || agent === null || customer === null) {
        throw new Error(`call ${call.callId} is not on its conference with a colleague`);
      }
      const participants = client.conferences(call.conferenceSid).participants;
      await participants(call.consultLegSid).update({ endConferenceOnExit: true });
      await participants(agent).update({ endConferenceOnExit: false });
      await participants(agent).remove();
      await participants(customer).update({ hold: false });
    },
    async endConsult(call, answered) {
      if (call.consultLegSid === null) return;
      await client.calls(call.consultLegSid).update({ status: answered ? 'completed' : 'canceled' });
    },
    async superviseMode(call, mode) {
      if (call.conferenceSid === null || call.supervisorLegSid === null) throw new Error(`call ${call.callId} has no supervisor on its conference`);
      await client.conferences(call.conferenceSid).participants(call.supervisorLegSid).update(supervisorSettings(call, mode));
    },
    async endSupervision(call) {
      if (call.supervisorLegSid !== null) await client.calls(call.supervisorLegSid).update({ status: 'completed' });
    },
  };
}
