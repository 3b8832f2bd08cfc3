import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { aiCallAnswered } from './ai-calls';
import { callEnded, type TelephonyContext } from './call-events';
import type { TelephonyProvider } from './provider';
import { simulatedRecording } from './simulated-recording';
import { inboundSms, smsStatusChanged } from './sms-events';

const AUDIENCE = 'voice-simulator';
/** A simulated carrier reports a text sent, then delivered, this far apart. */
export const SIMULATED_SMS_STEP_MS = 300;

export const newMessageSid = () => `SM${randomBytes(16).toString('hex')}`;
/** A simulated callee of an AI agent's call answers after this long, and the agent talks this long. */
export const SIMULATED_AI_ANSWER_MS = 1_500;
export const SIMULATED_AI_TALK_MS = 3_000;

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
export function createSimulatorProvider(ctx: TelephonyContext, secret: string, onError: (err: unknown) => void): TelephonyProvider {
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
    // The callee answers, hears the agent's greeting and the call completes, through the same
    // call-events path as Twilio's callbacks (so the call log, DISCONNECT_CALL and the recording follow).
    async placeCall() {
      const sid = `CA${randomBytes(16).toString('hex')}`;
      later(SIMULATED_AI_ANSWER_MS, async () => {
        if ((await aiCallAnswered(ctx, sid)) === null) return;
        later(SIMULATED_AI_TALK_MS, async () => {
          await callEnded(ctx, { callSid: sid, outcome: 'completed' });
          await simulatedRecording(ctx, sid);
        });
      });
      return { sid, status: 'queued' };
    },
  };
}
