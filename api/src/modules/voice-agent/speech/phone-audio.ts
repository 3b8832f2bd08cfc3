import alawmulaw from 'alawmulaw';
import { MEDIA_FRAME_BYTES, MEDIA_SAMPLE_RATE } from 'shared-contracts';

// A CommonJS module: its codecs are properties of the default export.
const { mulaw } = alawmulaw;

/** Silence on a mu-law line (the code for a zero sample). */
export const MULAW_SILENCE = 0xff;

/**
 * 16-bit little-endian PCM at `rate` as phone audio (mu-law, 8 kHz). A rate that is a whole
 * multiple of 8 kHz is brought down by averaging each group of samples, which also keeps what
 * the phone line cannot carry from folding back into it.
 */
export function phoneAudioOfPcm(pcm: Uint8Array, rate: number): Uint8Array {
  const step = rate / MEDIA_SAMPLE_RATE;
  if (!Number.isInteger(step) || step < 1) throw new Error(`PCM at ${rate} Hz cannot be brought to ${MEDIA_SAMPLE_RATE} Hz`);
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength - (pcm.byteLength % 2));
  const samples = Math.floor(view.byteLength / 2 / step);
  const out = new Int16Array(samples);
  for (let i = 0; i < samples; i += 1) {
    let sum = 0;
    for (let j = 0; j < step; j += 1) sum += view.getInt16((i * step + j) * 2, true);
    out[i] = Math.round(sum / step);
  }
  return mulaw.encode(out);
}

/**
 * A stream of PCM pieces as phone audio: a piece may end inside a sample or a group of samples,
 * so what is left over waits for the next piece.
 */
export function pcmToPhoneAudio(rate: number): (piece: Uint8Array) => Uint8Array {
  const groupBytes = (rate / MEDIA_SAMPLE_RATE) * 2;
  let rest = new Uint8Array(0);
  return (piece) => {
    const joined = rest.length === 0 ? piece : Buffer.concat([rest, piece]);
    const whole = joined.length - (joined.length % groupBytes);
    rest = joined.slice(whole);
    return phoneAudioOfPcm(joined.subarray(0, whole), rate);
  };
}

/** The loudness of mu-law audio: the root mean square of its samples, 0 to 32,768. */
export function loudness(audio: Uint8Array): number {
  if (audio.length === 0) return 0;
  let sum = 0;
  for (const code of audio) {
    const sample = mulaw.decodeSample(code);
    sum += sample * sample;
  }
  return Math.sqrt(sum / audio.length);
}

/** Audio cut into frames of 20 ms (the last may be shorter), as Twilio sends and plays them. */
export function* framesOf(audio: Uint8Array, frameBytes = MEDIA_FRAME_BYTES): Generator<Uint8Array> {
  for (let at = 0; at < audio.length; at += frameBytes) yield audio.subarray(at, at + frameBytes);
}
