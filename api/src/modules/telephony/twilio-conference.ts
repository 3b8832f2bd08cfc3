import twilio from 'twilio';
import type { SuperviseMode } from 'shared-contracts';
import type { PersonCallLegs } from './provider';
import { TWILIO_WEBHOOK_PATHS } from './twilio-paths';

const { VoiceResponse } = twilio.twiml;

/** What a held party hears on Twilio: the music Twilio hosts for conferences. */
export const TWILIO_HOLD_MUSIC_URL = 'https://com.twilio.music.classical.s3.amazonaws.com/BusyStrings.mp3';

const CONFERENCE_PREFIX = 'desk-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person's call's conference is named for the call, so its events find the call. */
export const conferenceName = (callId: string): string => `${CONFERENCE_PREFIX}${callId}`;

/** The call a conference's name names; null for any other conference. */
export function callIdOfConference(name: string): string | null {
  const callId = name.startsWith(CONFERENCE_PREFIX) ? name.slice(CONFERENCE_PREFIX.length) : '';
  return UUID.test(callId) ? callId : null;
}

/** The caller's leg: the call itself on an inbound call, the number dialled on one the agent placed. */
export const customerLeg = (call: Pick<PersonCallLegs, 'direction' | 'callSid' | 'dialledLegSid'>): string | null =>
  (call.direction === 'inbound' ? call.callSid : call.dialledLegSid);

/** The person's leg: the one the <Dial> rang on an inbound call, the call itself on one the agent placed. */
export const agentLeg = (call: Pick<PersonCallLegs, 'direction' | 'callSid' | 'dialledLegSid'>): string | null =>
  (call.direction === 'inbound' ? call.dialledLegSid : call.callSid);

/**
 * One leg joins the call's conference. Either leg leaving ends it, as hanging up ended the
 * bridged call. The leg that had run the <Dial> (`parent`) ends in `dialEnded` again, which tells
 * the agent hanging up from their browser going, as before the move.
 */
export function conferenceTwiml(callId: string, side: 'customer' | 'agent', parent: boolean, publicApiUrl: string): string {
  const response = new VoiceResponse();
  const dial = response.dial(parent ? { action: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.dialEnded}` } : {});
  dial.conference({
    participantLabel: side,
    startConferenceOnEnter: true,
    endConferenceOnExit: true,
    beep: 'false',
    waitUrl: TWILIO_HOLD_MUSIC_URL,
    statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.conferenceEvents}`,
    statusCallbackEvent: ['join'],
  }, conferenceName(callId));
  return response.toString();
}

/** How a supervisor's conference leg is set for a mode: heard by nobody, by the agent only (coaching them), or by both. */
export function supervisorSettings(call: PersonCallLegs, mode: SuperviseMode): { muted: boolean; coaching: boolean; callSidToCoach?: string } {
  const agent = agentLeg(call);
  if (mode === 'whisper' && agent !== null) return { muted: false, coaching: true, callSidToCoach: agent };
  return { muted: mode === 'listen', coaching: false };
}

/**
 * The supervisor's browser phone joins the call's conference: it neither starts nor ends it, and
 * its <Dial> action reports the leg's end, naming the call.
 */
export function supervisorTwiml(call: PersonCallLegs, mode: SuperviseMode, publicApiUrl: string): string {
  const response = new VoiceResponse();
  const dial = response.dial({ action: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.supervisorLegEnded}?callSid=${encodeURIComponent(call.callSid)}` });
  const { muted, callSidToCoach } = supervisorSettings(call, mode);
  dial.conference({
    participantLabel: 'supervisor',
    startConferenceOnEnter: false,
    endConferenceOnExit: false,
    beep: 'false',
    muted,
    ...(callSidToCoach !== undefined ? { coach: callSidToCoach } : {}),
  }, conferenceName(call.callId));
  return response.toString();
}
