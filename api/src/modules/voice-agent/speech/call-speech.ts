import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiClients, type AiClientRow } from '../../../db/schema';
import { speechConfigOf, storedCredentials, type SpeechConfig } from '../../ai-client';
import { providerVoiceOf } from '../voice-catalog';
import { openTranscriber, STREAMING_STT_PROVIDERS, type Transcriber, type TranscriptHandlers } from './transcriber';
import { createSynthesizer, STREAMING_TTS_PROVIDERS, type Synthesizer } from './synthesizer';

type AgentSpeech = { voiceId: string; sttClientId: string | null; language: string };

/** The agent's speech clients as the pipeline uses them, or why it cannot. */
export type PipelineClients =
  | { ok: true; stt: SpeechConfig; tts: SpeechConfig; voice: string; language: string }
  | { ok: false; reason: string };

function configOf(row: AiClientRow | undefined, credentialsKey: string): SpeechConfig | null {
  if (row === undefined) return null;
  const credentials = storedCredentials(row, credentialsKey);
  return credentials === null || credentials === 'unreadable' ? null : speechConfigOf(row, credentials);
}

/**
 * The clients an agent's calls would use on our pipeline: its STT client, streaming, and the
 * administrator's enabled TTS client of its voice's provider (the first one added), each with
 * readable credentials.
 */
export async function pipelineClientsFor(db: Db, credentialsKey: string, agent: AgentSpeech): Promise<PipelineClients> {
  const voice = providerVoiceOf(agent.voiceId);
  if (voice === null) return { ok: false, reason: 'the agent\'s voice is not in the catalogue' };
  if (!STREAMING_TTS_PROVIDERS.includes(voice.provider)) return { ok: false, reason: `${voice.provider} voices are not streamed by the pipeline` };
  if (agent.sttClientId === null) return { ok: false, reason: 'the agent has no speech-to-text client' };
  // Of several enabled clients of one provider, the first one added speaks.
  const rows = await db.select().from(aiClients).where(eq(aiClients.enabled, true)).orderBy(asc(aiClients.createdAt), asc(aiClients.id));
  const sttRow = rows.find((row) => row.id === agent.sttClientId && row.type === 'STT Client');
  if (sttRow === undefined) return { ok: false, reason: 'the agent\'s speech-to-text client is missing or switched off' };
  if (!STREAMING_STT_PROVIDERS.includes(sttRow.provider)) return { ok: false, reason: `${sttRow.provider} transcription is not streamed by the pipeline` };
  const stt = configOf(sttRow, credentialsKey);
  if (stt === null) return { ok: false, reason: 'the speech-to-text client has no readable credentials' };
  const tts = configOf(rows.find((row) => row.type === 'TTS Client' && row.provider === voice.provider && row.credentialsCiphertext !== null), credentialsKey);
  if (tts === null) return { ok: false, reason: `no enabled ${voice.provider} TTS client with readable credentials` };
  return { ok: true, stt, tts, voice: voice.voice, language: agent.language };
}

/** The call's ears and voice, opened from its agent's clients. */
export async function openCallSpeech(
  clients: Extract<PipelineClients, { ok: true }>,
): Promise<{ synthesizer: Synthesizer; transcriber(handlers: TranscriptHandlers): Promise<Transcriber> }> {
  return {
    synthesizer: await createSynthesizer(clients.tts, clients.voice),
    transcriber: (handlers) => openTranscriber(clients.stt, clients.language, handlers),
  };
}
