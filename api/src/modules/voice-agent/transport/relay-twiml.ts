import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { RELAY_CALL_PARAMETER, type AiClientProvider } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { aiClients } from '../../../db/schema';
import { providerVoiceOf } from '../voice-catalog';

const { VoiceResponse } = twilio.twiml;

/**
 * The voices ConversationRelay can speak with. Twilio runs the speech itself, with the providers
 * it supports (Google, Amazon, ElevenLabs): a voice of ElevenLabs or Polly (the catalogue's or one
 * its provider lists) is spoken by Twilio in that very voice while the provider has an enabled
 * TTS client; any other voice speaks with the default voice for the agent's language.
 */
const RELAY_TTS: Partial<Record<AiClientProvider, (voice: string) => { ttsProvider: string; voice: string }>> = {
  Elevenlabs: (voice) => ({ ttsProvider: 'ElevenLabs', voice }),
  'Amazon Polly': (voice) => ({ ttsProvider: 'Amazon', voice: `${voice}-Neural` }),
};
const DEFAULT_VOICE = (language: string) => ({ ttsProvider: 'Google', voice: language.startsWith('es') ? 'es-US-Journey-F' : 'en-US-Journey-O' });

export interface RelayVoiceChoice {
  voiceId: string;
  language: string;
  /** Providers with an enabled TTS client, and the agent's STT client's provider (if any). */
  ttsProviders: readonly AiClientProvider[];
  sttProvider: AiClientProvider | null;
}

/** The ConversationRelay speech settings for an agent. */
export function relaySpeech(choice: RelayVoiceChoice): { ttsProvider: string; voice: string; transcriptionProvider: string; language: string } {
  const chosen = providerVoiceOf(choice.voiceId);
  const relay = chosen && choice.ttsProviders.includes(chosen.provider) ? RELAY_TTS[chosen.provider]?.(chosen.voice) : undefined;
  return {
    ...(relay ?? DEFAULT_VOICE(choice.language)),
    transcriptionProvider: choice.sttProvider === 'Deepgram' ? 'Deepgram' : 'Google',
    language: choice.language,
  };
}

/**
 * TwiML that connects a call to its AI agent: <Connect action> around <ConversationRelay> with
 * the agent's greeting, voice, transcription and language, interruptible speech, and the call
 * log row's id as a <Parameter>. The action URL hears how the session ended (a handoff or not).
 */
export function relayTwiml(input: {
  relayUrl: string;
  actionUrl: string;
  callId: string;
  greeting: string;
  speech: ReturnType<typeof relaySpeech>;
}): string {
  const response = new VoiceResponse();
  const connect = response.connect({ action: input.actionUrl });
  const relay = connect.conversationRelay({
    url: input.relayUrl,
    welcomeGreeting: input.greeting,
    ttsProvider: input.speech.ttsProvider,
    voice: input.speech.voice,
    transcriptionProvider: input.speech.transcriptionProvider,
    language: input.speech.language,
    interruptible: 'any',
    dtmfDetection: true,
  });
  relay.parameter({ name: RELAY_CALL_PARAMETER, value: input.callId });
  return response.toString();
}

/**
 * TwiML that connects a call to our own speech pipeline: <Connect action> around a bidirectional
 * <Stream> of the call's audio, with the call log row's id as a <Parameter>. The pipeline speaks
 * the greeting itself; the action URL hears when the stream ends.
 */
export function mediaStreamTwiml(input: { streamUrl: string; actionUrl: string; callId: string }): string {
  const response = new VoiceResponse();
  const connect = response.connect({ action: input.actionUrl });
  const stream = connect.stream({ url: input.streamUrl });
  stream.parameter({ name: RELAY_CALL_PARAMETER, value: input.callId });
  return response.toString();
}

/** The speech settings for an agent from the administrator's enabled TTS clients and the agent's STT client. */
export async function relaySpeechFor(db: Db, agent: { voiceId: string; language: string; sttClientId: string | null }): Promise<ReturnType<typeof relaySpeech>> {
  const clients = await db.select({ id: aiClients.id, type: aiClients.type, provider: aiClients.provider })
    .from(aiClients).where(eq(aiClients.enabled, true));
  return relaySpeech({
    voiceId: agent.voiceId,
    language: agent.language,
    ttsProviders: clients.filter((c) => c.type === 'TTS Client').map((c) => c.provider),
    sttProvider: clients.find((c) => c.type === 'STT Client' && c.id === agent.sttClientId)?.provider ?? null,
  });
}
