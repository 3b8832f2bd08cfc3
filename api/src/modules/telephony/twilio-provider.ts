import twilio from 'twilio';
import type { TwilioConfig } from '../../config';
import type { TelephonyProvider } from './provider';
import { TWILIO_WEBHOOK_PATHS } from './twilio-paths';

/** Twilio's cloud through its own helper library: Voice-grant tokens and the Messages REST API. */
export function createTwilioProvider(config: TwilioConfig, publicApiUrl: string): TelephonyProvider {
  const client = twilio(config.apiKeySid, config.apiKeySecret, { accountSid: config.accountSid });
  return {
    kind: 'twilio',
    async voiceToken(identity, ttlSeconds) {
      const token = new twilio.jwt.AccessToken(config.accountSid, config.apiKeySid, config.apiKeySecret, { identity, ttl: ttlSeconds });
      token.addGrant(new twilio.jwt.AccessToken.VoiceGrant({ outgoingApplicationSid: config.twimlAppSid, incomingAllow: true }));
      return token.toJwt();
    },
    async sendSms({ from, to, body }) {
      const message = await client.messages.create({
        from, to, body, statusCallback: `${publicApiUrl}${TWILIO_WEBHOOK_PATHS.smsStatus}`,
      });
      return { sid: message.sid, status: message.status };
    },
  };
}
