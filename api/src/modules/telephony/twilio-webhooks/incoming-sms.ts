import twilio from 'twilio';
import { inboundSms } from '../sms-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TelephonyWebhook } from './telephony-webhook';

const { MessagingResponse } = twilio.twiml;

/** A text to one of our numbers: stored, with an empty reply (nothing is texted back). */
export const incomingSms: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.incomingSms,
  async answer({ field }, { telephony }) {
    await inboundSms(telephony, { messageSid: field('MessageSid'), from: field('From'), to: field('To'), body: field('Body') });
    return new MessagingResponse().toString();
  },
};
