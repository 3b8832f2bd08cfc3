/**
 * A caller's voice for Chromium's stand-in microphone: 16-bit mono PCM at 8 kHz, silence, a tone
 * (which a voice activity detector hears as speech), then silence again, as a WAV file's bytes.
 */
export function toneThenSilenceWav(leadMs: number, toneMs: number, silenceMs: number): Buffer {
  const rate = 8_000;
  const lead = (rate * leadMs) / 1000;
  const toneSamples = (rate * toneMs) / 1000;
  const data = Buffer.alloc(((rate * (leadMs + toneMs + silenceMs)) / 1000) * 2);
  for (let i = 0; i < toneSamples; i += 1) data.writeInt16LE(Math.round(12_000 * Math.sin((2 * Math.PI * 440 * i) / rate)), (lead + i) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
