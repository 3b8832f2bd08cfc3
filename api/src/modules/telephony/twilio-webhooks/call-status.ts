import { CALL_END_REASONS } from 'shared-contracts';
import { CALL_OUTCOMES, callEnded, type CallOutcome } from '../call-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TelephonyWebhook } from './telephony-webhook';

/** A call ended: its outcome and duration are logged. */
export const callStatus: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.callStatus,
  async answer({ field }, { telephony }) {
    const status = field('CallStatus');
    if (!(CALL_OUTCOMES as readonly string[]).includes(status)) return null;
    const duration = Number.parseInt(field('CallDuration'), 10);
    // Kept only on an AI call that has no reason yet: the session's own reason stands.
    await callEnded(telephony, {
      callSid: field('CallSid'), outcome: status as CallOutcome, durationSeconds: Number.isFinite(duration) ? duration : undefined,
      endReason: status === 'completed' ? CALL_END_REASONS.callerHungUp : CALL_END_REASONS.neverConnected,
    });
    return null;
  },
};
