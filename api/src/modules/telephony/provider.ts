import type { SuperviseMode } from 'shared-contracts';
import type { DialerPolicy } from './call-events';
import type { AgentLine } from './numbers';

/**
 * The one interface the rest of the API uses to reach a telephone network. Twilio implements it
 * against its cloud; the simulator implements it in this process so a fresh clone can call and
 * text with no account anywhere. Events coming back (calls ringing, texts arriving, statuses)
 * go through the same functions in call-events.ts and sms-events.ts for both.
 */
export interface TelephonyProvider {
  readonly kind: 'twilio' | 'simulator';
  /** An access token the browser's voice device registers with, for `identity` (the agent's email). */
  voiceToken(identity: string, ttlSeconds: number): Promise<string>;
  /**
   * Sends a text; the answer is the provider's message id and first status. `messageId` is our
   * row's id: the provider's status callbacks name it, so they find the row even when the
   * process that sent it stopped before storing the provider's id.
   */
  sendSms(input: { from: string; to: string; body: string; messageId: string }): Promise<{ sid: string; status: string }>;
  /**
   * An AI agent calls `to` from its own number `from` (the dashboard's test call). The call is
   * already logged (see ai-calls.ts); the answer is the provider's CallSid and first status.
   */
  placeCall(input: PlaceCallInput): Promise<{ sid: string; status: string }>;
  /**
   * The person on `call` holds its other party (who then hears hold music) or takes them off
   * hold. Throws when the network refused; the call is then as it was.
   */
  holdCall(call: PersonCallLegs, held: boolean): Promise<void>;
  /**
   * The caller of `call` leaves the person on it and `to` is rung for them, for the account's ring
   * time; unanswered, every available agent is. Throws when the network refused; nothing moved then.
   */
  transferCall(call: PersonCallLegs, to: AgentLine, policy: DialerPolicy): Promise<void>;
  /**
   * The caller of `call` leaves the person on it for the outside `number`, shown the caller id
   * `callerId` (one of the account's numbers). Unreached, the caller comes back to the desk
   * (`numberNotReached`). Throws when the network refused; nothing moved then.
   */
  transferToNumber(call: PersonCallLegs, number: string, callerId: string): Promise<void>;
  /**
   * Warm transfer: rings the colleague `to` into the call (the caller is already on hold) from the
   * agent's number `from`; the answer is their leg's sid where the network has one.
   */
  consultColleague(call: PersonCallLegs, to: AgentLine, from: string, policy: DialerPolicy): Promise<{ legSid: string | null }>;
  /** Warm transfer: the colleague keeps the caller, off hold, and the agent's leg leaves. */
  completeTransfer(call: PersonCallLegs): Promise<void>;
  /** Warm transfer: the colleague's leg leaves (or stops ringing); the caller stays on hold with the agent. */
  endConsult(call: PersonCallLegs, answered: boolean): Promise<void>;
  /**
   * A supervisor whose browser phone is on the call (`call.supervisorLegSid`) changes how: heard by
   * nobody, by the agent only, or by both. Throws when the network refused; nothing changed then.
   */
  superviseMode(call: PersonCallLegs, mode: SuperviseMode): Promise<void>;
  /**
   * The call moves onto its conference, where other legs can join it (a supervisor's), if it is not
   * there yet; the simulator's calls need no move.
   */
  joinConference(call: PersonCallLegs): Promise<void>;
  /** The supervisor's leg leaves the call; the agent and the caller stay as they were. */
  endSupervision(call: PersonCallLegs): Promise<void>;
}

/** A call a person is on, with the legs a provider moves to hold it. */
export interface PersonCallLegs {
  callId: string;
  /** The call's own CallSid: the caller's leg on an inbound call, the agent's on one they placed. */
  callSid: string;
  direction: 'inbound' | 'outbound';
  /** On Twilio, the leg the call's <Dial> connected (see calls.dialledLegSid). */
  dialledLegSid: string | null;
  /** On Twilio, the call's conference once it moved onto one. */
  conferenceSid: string | null;
  /** On Twilio, a warm transfer's colleague's leg. */
  consultLegSid: string | null;
  /** A supervisor's leg, once their browser phone joined. */
  supervisorLegSid: string | null;
}

/** The legs of a stored call. */
export const personCallLegs = (row: {
  id: string; callSid: string | null; direction: 'inbound' | 'outbound'; dialledLegSid: string | null; conferenceSid: string | null;
  consultLegSid: string | null; supervisorLegSid: string | null;
}): PersonCallLegs => ({
  callId: row.id, callSid: row.callSid ?? '', direction: row.direction, dialledLegSid: row.dialledLegSid, conferenceSid: row.conferenceSid,
  consultLegSid: row.consultLegSid, supervisorLegSid: row.supervisorLegSid,
});

export interface PlaceCallInput {
  from: string;
  to: string;
  /** The logged call's id, so the provider's callbacks can find the agent that speaks. */
  callId: string;
}
