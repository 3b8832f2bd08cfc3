import { smsStatusChanged } from '../sms-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import { UUID } from '../twilio-webhook';
import type { TelephonyWebhook } from './telephony-webhook';

/**
 * An outbound text's status changed. The callback URL names our row (smsStatusCallbackPath), signed
 * with it, so a callback finds the row even when the instance that sent the text stopped before
 * storing its MessageSid.
 */
export const smsStatus: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.smsStatus,
  async answer({ field, query }, { telephony }) {
    const status = field('MessageStatus');
    // Twilio's statuses are short lowercase words (queued, sent, delivered, partially_delivered...).
    if (!/^[a-z_]{1,32}$/.test(status)) return null;
    const { messageId } = query;
    await smsStatusChanged(telephony, {
      messageSid: field('MessageSid'), status, ...(typeof messageId === 'string' && UUID.test(messageId) ? { messageId } : {}),
    });
    return null;
  },
};
