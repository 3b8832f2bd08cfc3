import { readFile } from 'node:fs/promises';
import type { Engine } from '@aws-sdk/client-polly';
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateSpeech as generateSpeech, experimental_transcribe as transcribe } from 'ai';
import { AI_CLIENT_TEST_TIMEOUT_SECONDS, SPEECH_PROBE_SENTENCE, type AiClientTestResult } from 'shared-contracts';
import { ASSETS_FOLDER } from '../../paths';
import { noAnswerText, withoutSecrets } from './provider-message';
import { PLAYHT_DEFAULT_VOICE, playHtSpeech } from './playht-speech';
import type { SpeechConfig } from './speech-config';

export type { SpeechConfig };

/** A short caller's sentence, 8 kHz as a phone line carries it, for transcription probes. */
const SAMPLE_URL = new URL('speech-sample.wav', ASSETS_FOLDER);
let sample: Promise<Buffer> | null = null;
const speechSample = () => (sample ??= readFile(SAMPLE_URL));

/** The audio a TTS probe returns is played on the page: more than this is cut off, not sent. */
const MAX_PROBE_AUDIO_BYTES = 512 * 1024;

/** Defaults where the client's Model field is empty: each provider's current general model. */
const DEFAULTS = {
  deepgramListen: 'nova-3',
  deepgramSpeak: 'aura-2-thalia-en',
  elevenLabsModel: 'eleven_flash_v2_5',
  /** ElevenLabs' premade "Rachel", present in every account. */
  elevenLabsVoice: '21m00Tcm4TlvDq8ikWAM',
  openAiTranscription: 'whisper-1',
  openAiSpeech: 'tts-1',
  openAiVoice: 'alloy',
  pollyEngine: 'neural',
  /** A US English voice every Polly engine has. */
  pollyVoice: 'Joanna',
  /** AssemblyAI's transcripts are a job: asked after this long until done. */
  assemblyPollMs: 250,
} as const;

export const speechProbeUnsupportedText = (provider: string, type: string) => `Test connection is not offered for ${provider} ${type === 'STT Client' ? 'transcription' : 'voices'}`;

type Heard = { kind: 'heard'; text: string };
/** What a TTS client speaks: a sentence of ours in a default voice, unless told otherwise (a voice preview). */
type SpokenSample = { text?: string; voice?: string };
type Spoken = { kind: 'spoken'; audio: Uint8Array; contentType: string };

/** A web or Node stream of audio, read up to MAX_PROBE_AUDIO_BYTES (leaving the loop cancels the rest). */
async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const piece of stream) {
    parts.push(piece);
    size += piece.length;
    if (size > MAX_PROBE_AUDIO_BYTES) break;
  }
  return Buffer.concat(parts).subarray(0, MAX_PROBE_AUDIO_BYTES);
}

/** Settles with `work`, or rejects once `signal` aborts (for an SDK that takes no signal). */
const until = <T,>(work: Promise<T>, signal: AbortSignal) => Promise.race([
  work,
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
]);

/** Each provider's SDK loads on an administrator's first test: no call ever needs one, so no server holds them from its start. */
async function probe(config: SpeechConfig, signal: AbortSignal, sample: SpokenSample = {}): Promise<Heard | Spoken | null> {
  const { provider, model, baseUrl } = config;
  const sentence = sample.text ?? SPEECH_PROBE_SENTENCE;
  if (provider === 'Amazon Polly' && config.type === 'TTS Client' && config.aws) {
    const { accessKeyId, secretAccessKey, region } = config.aws;
    const { PollyClient, SynthesizeSpeechCommand } = await import('@aws-sdk/client-polly');
    const client = new PollyClient({ region, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1, ...(baseUrl ? { endpoint: baseUrl } : {}) });
    try {
      const answer = await client.send(new SynthesizeSpeechCommand({
        Text: sentence, OutputFormat: 'mp3', VoiceId: (sample.voice ?? DEFAULTS.pollyVoice) as never, Engine: (model || DEFAULTS.pollyEngine) as Engine,
      }), { abortSignal: signal });
      const audio = answer.AudioStream ? await readAll(answer.AudioStream.transformToWebStream()) : new Uint8Array();
      return { kind: 'spoken', audio, contentType: answer.ContentType ?? 'audio/mpeg' };
    } finally {
      client.destroy();
    }
  }
  const apiKey = config.apiKey ?? '';
  if (provider === 'AssemblyAI' && config.type === 'STT Client') {
    const { AssemblyAI } = await import('assemblyai');
    const client = new AssemblyAI({ apiKey, ...(baseUrl ? { baseUrl } : {}) });
    const transcript = await until(client.transcripts.transcribe(
      { audio: await speechSample(), ...(model ? { speech_model: model as never } : {}) },
      { pollingInterval: DEFAULTS.assemblyPollMs, pollingTimeout: AI_CLIENT_TEST_TIMEOUT_SECONDS * 1000 },
    ), signal);
    if (transcript.status === 'error') throw new Error(transcript.error ?? 'The transcript failed');
    return { kind: 'heard', text: transcript.text ?? '' };
  }
  const timeoutInSeconds = AI_CLIENT_TEST_TIMEOUT_SECONDS;
  if (provider === 'Deepgram') {
    const { DeepgramClient } = await import('@deepgram/sdk');
    const client = new DeepgramClient({ apiKey, ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds });
    if (config.type === 'STT Client') {
      const answer = await client.listen.v1.media.transcribeFile(await speechSample(), { model: (model || DEFAULTS.deepgramListen) as never }, { abortSignal: signal });
      const text = 'results' in answer ? answer.results.channels[0]?.alternatives?.[0]?.transcript ?? '' : '';
      return { kind: 'heard', text };
    }
    const response = await client.speak.v1.audio.generate({ text: sentence, model: (sample.voice ?? (model || DEFAULTS.deepgramSpeak)) as never }, { abortSignal: signal });
    const stream = response.stream();
    return { kind: 'spoken', audio: stream === null ? new Uint8Array() : await readAll(stream), contentType: 'audio/mpeg' };
  }
  if (provider === 'Elevenlabs' && config.type === 'TTS Client') {
    const { ElevenLabsClient } = await import('@elevenlabs/elevenlabs-js');
    const client = new ElevenLabsClient({ apiKey, ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds });
    const stream = await client.textToSpeech.convert(sample.voice ?? DEFAULTS.elevenLabsVoice, { text: sentence, modelId: model || DEFAULTS.elevenLabsModel }, { abortSignal: signal });
    return { kind: 'spoken', audio: await readAll(stream), contentType: 'audio/mpeg' };
  }
  if (provider === 'PlayHT' && config.type === 'TTS Client') {
    const audio = await readAll(await playHtSpeech(config, sentence, sample.voice ?? PLAYHT_DEFAULT_VOICE, 'mp3', signal));
    return { kind: 'spoken', audio, contentType: 'audio/mpeg' };
  }
  if (provider === 'OpenAI') {
    const openai = createOpenAI({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) });
    if (config.type === 'STT Client') {
      const result = await transcribe({ model: openai.transcription(model || DEFAULTS.openAiTranscription), audio: await speechSample(), maxRetries: 0, abortSignal: signal });
      return { kind: 'heard', text: result.text };
    }
    const result = await generateSpeech({ model: openai.speech(model || DEFAULTS.openAiSpeech), text: sentence, voice: sample.voice ?? DEFAULTS.openAiVoice, maxRetries: 0, abortSignal: signal });
    return { kind: 'spoken', audio: result.audio.uint8Array.subarray(0, MAX_PROBE_AUDIO_BYTES), contentType: result.audio.mediaType };
  }
  return null;
}

/** Whether this product can test a speech client of this provider and type. */
export const canProbeSpeech = (type: string, provider: string) =>
  provider === 'Deepgram' || provider === 'OpenAI'
  || (type === 'TTS Client' && (provider === 'Elevenlabs' || provider === 'PlayHT' || provider === 'Amazon Polly'))
  || (type === 'STT Client' && provider === 'AssemblyAI');

/** A provider's error in its status and words. */
function failureText(error: unknown, timedOut: boolean): string {
  if (timedOut) return noAnswerText(AI_CLIENT_TEST_TIMEOUT_SECONDS);
  const status = (error as { statusCode?: unknown })?.statusCode ?? (error as { $metadata?: { httpStatusCode?: unknown } })?.$metadata?.httpStatusCode;
  const body = (error as { body?: unknown })?.body;
  const detail = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const base = error instanceof Error ? error.message : String(error);
  return typeof status === 'number' ? `HTTP ${status}: ${detail || base}` : base;
}

/**
 * Test connection for a speech client: an STT client transcribes a short caller's sentence, a
 * TTS client speaks one, through the provider's own SDK. Never throws and never logs.
 */
export async function probeSpeech(config: SpeechConfig, sample: SpokenSample = {}): Promise<AiClientTestResult> {
  const started = Date.now();
  const timeout = AbortSignal.timeout(AI_CLIENT_TEST_TIMEOUT_SECONDS * 1000);
  const millis = () => Date.now() - started;
  try {
    const outcome = await probe(config, timeout, sample);
    if (outcome === null) return { ok: false, message: speechProbeUnsupportedText(config.provider, config.type), millis: 0 };
    if (outcome.kind === 'heard') return { ok: true, message: outcome.text.trim() === '' ? '(no words heard)' : outcome.text.trim(), millis: millis() };
    if (outcome.audio.length === 0) return { ok: false, message: 'The provider answered with no audio', millis: millis() };
    return {
      ok: true, message: sample.text ?? SPEECH_PROBE_SENTENCE, millis: millis(),
      audio: { contentType: outcome.contentType, base64: Buffer.from(outcome.audio).toString('base64') },
    };
  } catch (error) {
    const secrets = [config.apiKey ?? '', config.aws?.secretAccessKey ?? '', config.aws?.accessKeyId ?? ''];
    return { ok: false, message: withoutSecrets(failureText(error, timeout.aborted), secrets), millis: millis() };
  }
}
