import { and, eq, isNotNull } from 'drizzle-orm';
import twilio from 'twilio';
import type { Db } from '../../../db/client';
import { calls } from '../../../db/schema';
import { callReturnedToQueue, numberNotReached, ringFor } from '../call-events';
import { conferenceTwiml } from '../twilio-conference';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import { AGENTS_BUSY_TEXT, ANOTHER_AGENT_TEXT, dialPeople } from '../twilio-webhook';
import type { TelephonyWebhook } from './telephony-webhook';

const { VoiceResponse } = twilio.twiml;

/**
 * How long the end of an agent's leg waits for their softphone's word that they hung up
 * (`desk/hang-up-call`, sent just before): it nearly always came first, and a browser that went
 * never sends it.
 */
export const HANG_UP_WORD_WAIT_MS = 2_000;
const POLL_MS = 100;

/** Whether the agent on the call said they were hanging up, waiting up to `HANG_UP_WORD_WAIT_MS` for the word. */
async function agentHungUp(db: Db, callSid: string): Promise<boolean> {
  for (let waited = 0; ; waited += POLL_MS) {
    const [said] = await db.select({ id: calls.id }).from(calls).where(and(eq(calls.callSid, callSid), isNotNull(calls.agentHungUpAt)));
    if (said) return true;
    if (waited >= HANG_UP_WORD_WAIT_MS) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The <Dial> of the call's first leg ended with that leg still on the line.
 * - The dialled leg moved onto the call's conference (the agent's first hold): this leg follows it.
 * - Nobody took a colleague's transfer: everyone available is rung, as for a new caller.
 * - An outside number the caller was transferred to did not answer: the caller is back in the queue.
 * - Nobody took the call: it ends (the status callback logs it, the caller stays
 *   queued for a call back).
 * - The agent hung up: it ends.
 * - The agent's leg ended without their word (the tab closed, the browser crashed, the network
 *   went): the caller is not dropped but returns to the queue, the agent is released (offline
 *   until their softphone says otherwise), and the other available agents are rung; with nobody
 *   available the caller hears so and stays queued for a call back.
 * On the conference, either leg leaving ends it, and the caller's leg comes here the same way.
 */
export const dialEnded: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.dialEnded,
  async answer({ field, query }, { telephony, publicApiUrl }) {
    const response = new VoiceResponse();
    const callSid = field('CallSid');
    const [call] = field('CallStatus') === 'in-progress'
      ? await telephony.db.select({
        id: calls.id, accountId: calls.accountId, agentUserId: calls.agentUserId, direction: calls.direction, heldSince: calls.heldSince, conferenceSid: calls.conferenceSid,
      }).from(calls).where(eq(calls.callSid, callSid))
      : [];
    const connected = field('DialCallStatus') === 'completed';
    if (call && connected && call.heldSince !== null && call.conferenceSid === null) {
      return conferenceTwiml(call.id, call.direction === 'inbound' ? 'customer' : 'agent', true, publicApiUrl);
    }
    // A transfer to an outside number: answered, the call ends when they are done; unreached, the caller comes back to the desk.
    if (query.transfer === 'number') {
      const back = call && !connected ? await numberNotReached(telephony, { callSid }) : null;
      if (back !== null && back.ring.length > 0) {
        response.say(ANOTHER_AGENT_TEXT);
        dialPeople(response, back.ring, callSid, back.policy, publicApiUrl);
      } else {
        if (back !== null) response.say(AGENTS_BUSY_TEXT);
        response.hangup();
      }
      return response.toString();
    }
    // A transfer's ring nobody took: the caller, still in the queue, is offered to everyone available.
    if (call && !connected && call.agentUserId === null && query.transfer === '1') {
      const { ring, policy } = await ringFor(telephony, call.accountId);
      if (ring.length > 0) dialPeople(response, ring, callSid, policy, publicApiUrl);
      else {
        response.say(AGENTS_BUSY_TEXT);
        response.hangup();
      }
      return response.toString();
    }
    // Only a caller waits for a person again; an agent's own call simply ends.
    const taken = call?.agentUserId && call.direction === 'inbound' && (connected || call.conferenceSid !== null);
    if (!taken || (await agentHungUp(telephony.db, callSid))) {
      response.hangup();
      return response.toString();
    }
    const waiting = await callReturnedToQueue(telephony, { callSid, agentUserId: call.agentUserId!, agentStatus: 'offline' });
    if (waiting === null || waiting.ring.length === 0) {
      if (waiting !== null) response.say(AGENTS_BUSY_TEXT);
      response.hangup();
      return response.toString();
    }
    response.say(ANOTHER_AGENT_TEXT);
    dialPeople(response, waiting.ring, callSid, waiting.policy, publicApiUrl);
    return response.toString();
  },
};
