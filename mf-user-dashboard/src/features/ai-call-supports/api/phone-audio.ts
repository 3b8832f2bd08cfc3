import { mulaw } from 'alawmulaw';
import { MEDIA_FRAME_BYTES, MEDIA_SAMPLE_RATE } from 'shared-contracts';

/**
 * The microphone as phone audio: Web Audio's float samples at the device's rate in, 20 ms frames
 * of mu-law at 8 kHz out, as Twilio sends a caller's voice. Each output sample is the mean of the
 * input samples it stands for, which also keeps what a phone line cannot carry from folding back
 * into it; a piece may end inside a frame, so what is left waits for the next piece.
 */
export function phoneAudioEncoder(rate: number): (samples: Float32Array) => Uint8Array[] {
  const step = rate / MEDIA_SAMPLE_RATE;
  /** Where the next output sample starts, in input samples from the start of the stream. */
  let next = 0;
  /** Input samples consumed so far, and the running sum of the output sample being built. */
  let consumed = 0;
  let sum = 0;
  let count = 0;
  const pending = new Int16Array(MEDIA_FRAME_BYTES);
  let filled = 0;
  return (samples) => {
    const frames: Uint8Array[] = [];
    for (const sample of samples) {
      sum += Math.max(-1, Math.min(1, sample));
      count += 1;
      consumed += 1;
      if (consumed < next + step) continue;
      pending[filled] = Math.round((sum / count) * 32_767);
      filled += 1;
      next += step;
      sum = 0;
      count = 0;
      if (filled === MEDIA_FRAME_BYTES) {
        frames.push(mulaw.encode(pending));
        filled = 0;
      }
    }
    return frames;
  };
}

/** Phone audio (mu-law at 8 kHz) as Web Audio's float samples, still at 8 kHz. */
export function samplesOfPhoneAudio(audio: Uint8Array): Float32Array<ArrayBuffer> {
  const pcm = mulaw.decode(audio);
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i += 1) out[i] = pcm[i]! / 32_768;
  return out;
}

export function base64OfBytes(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function bytesOfBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}
