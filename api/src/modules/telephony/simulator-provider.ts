import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { CALL_END_REASONS } from 'shared-contracts';
import type { AiCallConnector } from './ai-call-connector';
import { callEnded, type TelephonyContext } from './call-events';
import type { TelephonyProvider } from './provider';
import type { SimulatorHub } from './simulator-hub';
import { inboundSms, smsStatusChanged } from './sms-events';

const AUDIENCE = 'voice-simulator';
/** A simulated carrier reports a text sent, then delivered, this far apart. */
export const SIMULATED_SMS_STEP_MS = 300;

export const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;
/** A simulated callee of an AI agent's call answers after this long. */
export const SIMULATED_AI_ANSWER_MS = 1_500;

/**
 * Callees the simulator plays when an AI agent calls them: these numbers are busy, or ring out
 * unanswered, so retries can be tried locally; every other number answers and talks.
 */
export const SIMULATED_CALLEES = { busy: '+15550100486', noAnswer: '+15550100480' } as const;

/** Voice tokens for the simulator device: signed like Twilio's, but only this API can read them. */
export function simulatorTokens(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (identity: string, ttlSeconds: number) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(identity).setAudience(AUDIENCE)
        .setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
    async verify(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * The simulator's carrier: a text is accepted at once, then reported sent and delivered through
 * the same status path as Twilio's callbacks. A text to another agent number of this
 * installation arrives there as an inbound text, so two agents can text each other locally.
 */
export function createSimulatorProvider(
  ctx: TelephonyContext,
  secret: string,
  onError: (err: unknown) => void,
  aiCalls: Pick<AiCallConnector, 'simulatedCallee'>,
  hub: Pick<SimulatorHub, 'hold' | 'transfer' | 'transferToNumber' | 'consult' | 'completeTransfer' | 'endConsult' | 'superviseMode' | 'endSupervision'>,
): TelephonyProvider {
  const tokens = simulatorTokens(secret);
  const later = (ms: number, work: () => Promise<unknown>) => {
    const timer = setTimeout(() => void work().catch(onError), ms);
    timer.unref?.();
  };
  return {
    kind: 'simulator',
    voiceToken: (identity, ttlSeconds) => tokens.sign(identity, ttlSeconds),
    async sendSms({ from, to, body }) {
      const sid = newMessageSid();
      later(SIMULATED_SMS_STEP_MS, () => smsStatusChanged(ctx, { messageSid: sid, status: 'sent' }));
      later(2 * SIMULATED_SMS_STEP_MS, async () => {
        await smsStatusChanged(ctx, { messageSid: sid, status: 'delivered' });
        await inboundSms(ctx, { messageSid: newMessageSid(), from, to, body });
      });
      return { sid, status: 'queued' };
    },
    // The callee answers and talks with the agent over the relay endpoint, as Twilio's
    // ConversationRelay would carry the call; the session's end logs the call and its summary.
    async placeCall({ callId, from, to }) {
      const sid = `CA${randomBytes(16).toString('hex')}`;
      if (to === SIMULATED_CALLEES.busy || to === SIMULATED_CALLEES.noAnswer) {
        later(SIMULATED_AI_ANSWER_MS, () => callEnded(ctx, {
          callSid: sid, outcome: to === SIMULATED_CALLEES.busy ? 'busy' : 'no-answer', endReason: CALL_END_REASONS.neverConnected,
        }));
        return { sid, status: 'queued' };
      }
      later(SIMULATED_AI_ANSWER_MS, () => aiCalls.simulatedCallee({ callSid: sid, callId, from, to }));
      return { sid, status: 'queued' };
    },
    // The switchboard plays the hold tone to the simulated caller.
    async holdCall({ callSid }, held) {
      if (!hub.hold(callSid, held)) throw new Error(`the simulator has no connected call ${callSid}`);
    },
    async transferCall({ callSid }, to, policy) {
      if (!hub.transfer(callSid, to, policy)) throw new Error(`the simulator has no connected call ${callSid}`);
    },
    async transferToNumber({ callSid }, number) {
      if (!hub.transferToNumber(callSid, number)) throw new Error(`the simulator has no connected call ${callSid}`);
    },
    async consultColleague({ callSid }, to, from, policy) {
      if (!hub.consult(callSid, to, from, policy)) throw new Error(`the simulator has no connected call ${callSid}`);
      return { legSid: null };
    },
    async completeTransfer({ callSid }) {
      if (!hub.completeTransfer(callSid)) throw new Error(`the simulator has no answered colleague on ${callSid}`);
    },
    async endConsult({ callSid }) {
      hub.endConsult(callSid);
    },
    async joinConference() {},
    async superviseMode({ callSid }, mode) {
      if (!hub.superviseMode(callSid, mode)) throw new Error(`the simulator has no supervisor on ${callSid}`);
    },
    async endSupervision({ callSid }) {
      hub.endSupervision(callSid);
    },
  };
}
