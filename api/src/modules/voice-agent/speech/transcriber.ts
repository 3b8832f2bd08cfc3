import { MEDIA_SAMPLE_RATE } from 'shared-contracts';
import type { SpeechConfig } from '../../ai-client';

/** What the caller said, as the provider finalizes it; `endOfTurn` when it heard the caller stop. */
export interface TranscriptHandlers {
  heard(text: string, endOfTurn: boolean): void;
  /** The provider's socket failed or closed while the call was on. */
  failed(error: Error): void;
}

/** One call's streaming transcription: the caller's audio in, words out through the handlers. */
export interface Transcriber {
  /** Mu-law audio at 8 kHz, as the phone line carries it. */
  send(audio: Uint8Array): void;
  close(): void;
}

/** The providers whose streaming transcription the pipeline speaks. */
export const STREAMING_STT_PROVIDERS: readonly string[] = ['Deepgram', 'AssemblyAI'];

const DEFAULTS = {
  deepgramModel: 'nova-3',
  /** Silence (ms) after which the provider finalizes what it heard and marks the end of speech. */
  endpointingMs: 300,
  connectSeconds: 5,
  /** AssemblyAI refuses audio messages under 50 ms: the phone's 20 ms frames go out five at a time. */
  assemblyAiChunkBytes: 800,
  /** Silence (ms) after which AssemblyAI ends a turn it is confident of. */
  assemblyAiTurnSilenceMs: 300,
} as const;

/** Opens the provider's streaming socket through its SDK; rejects when it cannot be opened. */
export async function openTranscriber(config: SpeechConfig, language: string, handlers: TranscriptHandlers): Promise<Transcriber> {
  if (config.provider === 'Deepgram') return openDeepgram(config, language, handlers);
  if (config.provider === 'AssemblyAI') return openAssemblyAi(config, handlers);
  throw new Error(`${config.provider} has no streaming transcription here`);
}

async function openDeepgram(config: SpeechConfig, language: string, handlers: TranscriptHandlers): Promise<Transcriber> {
  const { DeepgramClient } = await import('@deepgram/sdk');
  const client = new DeepgramClient({ apiKey: config.apiKey ?? '', ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}) });
  const socket = await client.listen.v1.connect({
    model: config.model || DEFAULTS.deepgramModel,
    encoding: 'mulaw',
    sample_rate: MEDIA_SAMPLE_RATE,
    channels: 1,
    language,
    punctuate: 'true',
    smart_format: 'true',
    interim_results: 'true',
    endpointing: DEFAULTS.endpointingMs,
    utterance_end_ms: 1_000,
    // A call cannot wait for a reconnect: a dropped socket is a fault the call handles.
    reconnectAttempts: 0,
    connectionTimeoutInSeconds: DEFAULTS.connectSeconds,
    Authorization: `Token ${config.apiKey ?? ''}`,
  });
  let open = true;
  socket.on('message', (message) => {
    if (message.type === 'Results') {
      const text = message.channel?.alternatives?.[0]?.transcript ?? '';
      if (message.is_final) handlers.heard(text, message.speech_final === true);
    } else if (message.type === 'UtteranceEnd') {
      handlers.heard('', true);
    }
  });
  socket.on('error', (error) => { if (open) handlers.failed(error); });
  socket.on('close', () => { if (open) handlers.failed(new Error('Deepgram closed the transcription socket')); });
  socket.connect();
  await socket.waitForOpen();
  return {
    send: (audio) => { if (open) socket.sendMedia(audio); },
    close() {
      if (!open) return;
      open = false;
      try {
        socket.sendCloseStream({ type: 'CloseStream' });
      } catch {
        // Already closing: nothing left to flush.
      }
      socket.close();
    },
  };
}

/** AssemblyAI's streaming socket for a client's base URL (its own, `wss://streaming.assemblyai.com`, by default). */
const assemblyAiStreamingUrl = (baseUrl: string | undefined): string | undefined =>
  baseUrl ? `${baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/v3/ws` : undefined;

async function openAssemblyAi(config: SpeechConfig, handlers: TranscriptHandlers): Promise<Transcriber> {
  const { StreamingTranscriber } = await import('assemblyai');
  const socket = new StreamingTranscriber({
    apiKey: config.apiKey ?? '',
    websocketBaseUrl: assemblyAiStreamingUrl(config.baseUrl),
    sampleRate: MEDIA_SAMPLE_RATE,
    encoding: 'pcm_mulaw',
    minTurnSilence: DEFAULTS.assemblyAiTurnSilenceMs,
    // A call cannot wait for a reconnect: a socket that does not open is a fault the call handles.
    maxConnectionRetries: 0,
    connectTimeout: DEFAULTS.connectSeconds * 1000,
  });
  let open = true;
  socket.on('turn', (turn) => {
    if (turn.end_of_turn) handlers.heard(turn.transcript, true);
  });
  socket.on('error', (error) => { if (open) handlers.failed(error); });
  socket.on('close', () => { if (open) handlers.failed(new Error('AssemblyAI closed the transcription socket')); });
  await socket.connect();
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  return {
    send(audio) {
      if (!open) return;
      pending.push(audio);
      pendingBytes += audio.length;
      if (pendingBytes < DEFAULTS.assemblyAiChunkBytes) return;
      const chunk = new Uint8Array(pendingBytes);
      let at = 0;
      for (const piece of pending) {
        chunk.set(piece, at);
        at += piece.length;
      }
      socket.sendAudio(chunk.buffer);
      pending = [];
      pendingBytes = 0;
    },
    close() {
      if (!open) return;
      open = false;
      void socket.close(false).catch(() => undefined);
    },
  };
}
