import { MEDIA_SAMPLE_RATE } from 'shared-contracts';
import { playHtSpeech, type SpeechConfig } from '../../ai-client';
import { pcmToPhoneAudio } from './phone-audio';

/** One call's voice: each sentence as phone audio (mu-law, 8 kHz), streamed as the provider makes it. */
export interface Synthesizer {
  speak(text: string, signal: AbortSignal): AsyncIterable<Uint8Array>;
  close(): void;
}

/** The providers whose voices the pipeline speaks with, streamed as phone audio. */
export const STREAMING_TTS_PROVIDERS: readonly string[] = ['Elevenlabs', 'Deepgram', 'PlayHT', 'Amazon Polly'];

const DEFAULTS = {
  elevenLabsModel: 'eleven_flash_v2_5',
  deepgramModel: 'aura-2-thalia-en',
  pollyEngine: 'neural',
  /** Polly speaks 16-bit PCM at 8 kHz: the phone line's own rate. */
  pollySampleRate: 8_000,
  timeoutSeconds: 10,
} as const;

async function* chunksOf(stream: ReadableStream<Uint8Array> | null, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  if (stream === null) return;
  const reader = stream.getReader();
  const cancel = () => { void reader.cancel().catch(() => undefined); };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      if (value.length > 0) yield value;
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/** A voice's answer is told from text by its first this many bytes. */
const SNIFF_BYTES = 64;
const TEXT_BYTE = (b: number) => (b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Printable text with punctuation or spaces: an error page or JSON where audio was asked for.
 * Quiet audio can be printable bytes too (mu-law codes 0x60-0x7e are faint negative samples), but
 * never with the loud codes that spaces, digits, quotes and brackets are.
 */
export const looksLikeText = (head: Uint8Array): boolean => head.length > 0 && head.every(TEXT_BYTE) && head.some((b) => b < 0x60);

/** The provider's audio as it streams, unless it answers with text: that is a failed voice, not noise for the caller. */
async function* audioOnly(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array[] = [];
  let size = 0;
  const checked = () => {
    const joined = Buffer.concat(head);
    if (looksLikeText(joined.subarray(0, SNIFF_BYTES))) throw new Error('the provider answered with text instead of audio');
    head = [];
    return joined;
  };
  for await (const chunk of chunks) {
    if (size >= SNIFF_BYTES) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    size += chunk.length;
    if (size >= SNIFF_BYTES) yield checked();
  }
  if (size > 0 && size < SNIFF_BYTES) yield checked();
}

/**
 * The TTS client's voice through its SDK, made once per call so its connections are reused from
 * sentence to sentence. `voice` is the provider's own voice id (ElevenLabs' voice id, Polly's
 * voice name, Deepgram's model, PlayHT's voice manifest).
 */
export async function createSynthesizer(config: SpeechConfig, voice: string): Promise<Synthesizer> {
  const { baseUrl } = config;
  if (config.provider === 'Elevenlabs') {
    const { ElevenLabsClient } = await import('@elevenlabs/elevenlabs-js');
    const client = new ElevenLabsClient({ apiKey: config.apiKey ?? '', ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds: DEFAULTS.timeoutSeconds });
    return {
      async* speak(text, signal) {
        const stream = await client.textToSpeech.stream(voice, { text, modelId: config.model || DEFAULTS.elevenLabsModel, outputFormat: 'ulaw_8000' }, { abortSignal: signal });
        yield* audioOnly(chunksOf(stream, signal));
      },
      close: () => undefined,
    };
  }
  if (config.provider === 'Deepgram') {
    const { DeepgramClient } = await import('@deepgram/sdk');
    const client = new DeepgramClient({ apiKey: config.apiKey ?? '', ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds: DEFAULTS.timeoutSeconds });
    return {
      async* speak(text, signal) {
        const response = await client.speak.v1.audio.generate(
          { text, model: (voice || config.model || DEFAULTS.deepgramModel) as never, encoding: 'mulaw', sample_rate: MEDIA_SAMPLE_RATE, container: 'none' },
          { abortSignal: signal },
        );
        yield* audioOnly(chunksOf(response.stream(), signal));
      },
      close: () => undefined,
    };
  }
  if (config.provider === 'PlayHT') {
    return {
      async* speak(text, signal) {
        for await (const piece of audioOnly(await playHtSpeech(config, text, voice, 'phone', signal))) {
          if (signal.aborted) return;
          if (piece.length > 0) yield piece;
        }
      },
      close: () => undefined,
    };
  }
  if (config.provider === 'Amazon Polly' && config.aws) {
    const { PollyClient, SynthesizeSpeechCommand } = await import('@aws-sdk/client-polly');
    const { accessKeyId, secretAccessKey, region } = config.aws;
    const client = new PollyClient({ region, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1, ...(baseUrl ? { endpoint: baseUrl } : {}) });
    return {
      async* speak(text, signal) {
        const answer = await client.send(new SynthesizeSpeechCommand({
          Text: text, OutputFormat: 'pcm', SampleRate: String(DEFAULTS.pollySampleRate), VoiceId: voice as never,
          Engine: (config.model || DEFAULTS.pollyEngine) as never,
        }), { abortSignal: signal });
        const toPhone = pcmToPhoneAudio(DEFAULTS.pollySampleRate);
        for await (const piece of audioOnly(chunksOf(answer.AudioStream?.transformToWebStream() ?? null, signal))) {
          const audio = toPhone(piece);
          if (audio.length > 0) yield audio;
        }
      },
      close: () => client.destroy(),
    };
  }
  throw new Error(`${config.provider} voices are not streamed here`);
}
