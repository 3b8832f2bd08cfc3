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

/**
 * The providers whose streaming transcription the pipeline speaks. AssemblyAI's streaming SDK
 * opens only wss:// URLs, which no local stand-in here can serve, so it waits until it can be tested.
 */
export const STREAMING_STT_PROVIDERS: readonly string[] = ['Deepgram'];

const DEFAULTS = {
  deepgramModel: 'nova-3',
  /** Silence (ms) after which the provider finalizes what it heard and marks the end of speech. */
  endpointingMs: 300,
  connectSeconds: 5,
} as const;

/** Opens the provider's streaming socket through its SDK; rejects when it cannot be opened. */
export async function openTranscriber(config: SpeechConfig, language: string, handlers: TranscriptHandlers): Promise<Transcriber> {
  if (config.provider === 'Deepgram') return openDeepgram(config, language, handlers);
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
