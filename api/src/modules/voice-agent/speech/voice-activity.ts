import { loudness } from './phone-audio';

/**
 * Tuned for a phone line: speech is louder than this (about -36 dBFS) for a few frames in a row;
 * line noise and a caller's breathing stay under it.
 */
export const SPEECH_LOUDNESS = 520;
/** Frames of 20 ms above the threshold before the caller counts as speaking (a click or a pop is shorter). */
const SPEECH_FRAMES = 3;
/** Quiet frames after speech before the caller counts as having stopped: a breath between words is shorter. */
const SILENCE_FRAMES = 35;

export type VoiceEvent = 'speech-started' | 'speech-stopped';

/**
 * Voice activity on the caller's audio, frame by frame: speech starts after 60 ms above the
 * threshold and stops after 700 ms under it. Barge-in listens for the start; the end of a turn
 * for the stop (when the transcriber has not said so first).
 */
export class VoiceActivity {
  private loud = 0;
  private quiet = 0;
  speaking = false;

  push(frame: Uint8Array): VoiceEvent | null {
    if (loudness(frame) >= SPEECH_LOUDNESS) {
      this.loud += 1;
      this.quiet = 0;
      if (!this.speaking && this.loud >= SPEECH_FRAMES) {
        this.speaking = true;
        return 'speech-started';
      }
      return null;
    }
    this.loud = 0;
    this.quiet += 1;
    if (this.speaking && this.quiet >= SILENCE_FRAMES) {
      this.speaking = false;
      return 'speech-stopped';
    }
    return null;
  }
}
