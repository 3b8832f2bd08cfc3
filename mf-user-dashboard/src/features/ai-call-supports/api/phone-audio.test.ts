import { MEDIA_FRAME_BYTES } from 'shared-contracts';
import { base64OfBytes, bytesOfBase64, phoneAudioEncoder, samplesOfPhoneAudio } from './phone-audio';

const tone = (rate: number, seconds: number, hz: number, amplitude: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

test.each([48_000, 44_100, 16_000])('a second of the microphone at %i Hz is fifty 20 ms frames of phone audio, however it is cut', (rate) => {
  const encode = phoneAudioEncoder(rate);
  const second = tone(rate, 1, 440, 0.5);
  // The browser hands audio over in blocks that do not line up with the phone's frames.
  const frames: Uint8Array[] = [];
  for (let at = 0; at < second.length; at += 1024) frames.push(...encode(second.subarray(at, at + 1024)));
  expect(frames.length).toBeGreaterThanOrEqual(49);
  expect(frames.length).toBeLessThanOrEqual(50);
  expect(frames.every((f) => f.length === MEDIA_FRAME_BYTES)).toBe(true);
  // Heard back, a tone the phone carries keeps its loudness (a 0.5 sine has an RMS of about 0.35).
  const heard = samplesOfPhoneAudio(Uint8Array.from(frames.flatMap((f) => [...f])));
  expect(rms(heard)).toBeGreaterThan(0.3);
  expect(rms(heard)).toBeLessThan(0.4);
});

test('silence stays silent, and samples beyond full scale are held at it', () => {
  const encode = phoneAudioEncoder(8_000);
  const [quiet] = encode(new Float32Array(MEDIA_FRAME_BYTES));
  expect(rms(samplesOfPhoneAudio(quiet!))).toBeLessThan(0.001);
  const [loud] = encode(new Float32Array(MEDIA_FRAME_BYTES).fill(4));
  expect(Math.max(...samplesOfPhoneAudio(loud!))).toBeLessThanOrEqual(1);
});

test('base64 carries every byte value both ways', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  expect([...bytesOfBase64(base64OfBytes(all))]).toEqual([...all]);
});
