import { consultAnswered, consultEnded } from '../consult-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import { UUID } from '../twilio-webhook';
import type { TelephonyWebhook } from './telephony-webhook';

const ENDED = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

/**
 * A warm transfer's colleague's leg answered (the agent can talk to them, then hand the caller
 * over) or ended (declined, not reached, hung up): reported to the agent's softphone. Only the
 * consult's own leg counts: a report for a leg the call no longer consults changes nothing.
 */
export const consultStatus: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.consultStatus,
  async answer({ field, query }, { telephony }) {
    const { callId } = query;
    const legSid = field('CallSid');
    if (typeof callId !== 'string' || !UUID.test(callId) || legSid === '') return null;
    const status = field('CallStatus');
    if (status === 'in-progress') await consultAnswered(telephony, { callId, legSid });
    else if (ENDED.has(status)) await consultEnded(telephony, { callId, legSid });
    return null;
  },
};
