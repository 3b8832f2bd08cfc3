import { recordingReady } from '../call-events';
import { TWILIO_WEBHOOK_PATHS } from '../twilio-paths';
import type { TelephonyWebhook } from './telephony-webhook';

/** Twilio finished a recording (its URL taken only when https). */
export const recording: TelephonyWebhook = {
  path: TWILIO_WEBHOOK_PATHS.recording,
  async answer({ field }, { telephony }) {
    const recordingUrl = field('RecordingUrl');
    if (field('RecordingStatus') === 'completed' && /^https:\/\//.test(recordingUrl)) {
      await recordingReady(telephony, { callSid: field('CallSid'), recordingUrl });
    }
    return null;
  },
};
