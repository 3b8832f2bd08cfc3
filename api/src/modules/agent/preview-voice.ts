import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { ApiError, badRequest } from '../../http/api-error';
import { implement } from '../../http/implement';
import { canProbeSpeech, probeSpeech, speechConfigOf, storedCredentials } from '../ai-client';
import { providerVoiceOf } from '../voice-agent';

export const noPreviewClientText = (provider: string) => `No ${provider} speech client is enabled to speak this voice: the browser's own voice can preview it instead`;

/**
 * A sentence (the agent's greeting, as typed) spoken in a catalogue voice by the administrator's
 * enabled speech client of its provider (the first one added), with its key, for the USER to hear
 * before choosing it. The provider's refusal comes back in its own words, without the key.
 */
export const previewVoice = implement(contract.agent.previewVoice, async ({ body, db, app }) => {
  const voice = providerVoiceOf(body.voiceId);
  if (voice === null) throw badRequest('Choose a voice from the list', ['Choose a voice from the list']);
  const [row] = await db.select().from(aiClients)
    .where(and(eq(aiClients.type, 'TTS Client'), eq(aiClients.provider, voice.provider), eq(aiClients.enabled, true), isNotNull(aiClients.credentialsCiphertext)))
    .orderBy(asc(aiClients.createdAt), asc(aiClients.id)).limit(1);
  const credentials = row ? storedCredentials(row, app.config.credentialsKey) : null;
  if (!row || credentials === null || credentials === 'unreadable' || !canProbeSpeech('TTS Client', voice.provider)) {
    const text = noPreviewClientText(voice.provider);
    throw badRequest(text, [text]);
  }
  const spoken = await probeSpeech(speechConfigOf(row, credentials), { text: body.text, voice: voice.voice });
  // The provider refused or failed: its words, for the USER to pass on to the administrator.
  if (!spoken.ok || !spoken.audio) throw new ApiError(503, 'ServiceUnavailable', `The voice could not be previewed: ${spoken.message}`);
  return spoken.audio;
});
