import { and, eq, isNotNull } from 'drizzle-orm';
import { contract } from 'shared-contracts';
import { aiClients } from '../../db/schema';
import { implement } from '../../http/implement';
import { providerVoicesOf, VOICES } from '../voice-agent';

/**
 * The catalogue's voices and those the administrator's TTS clients' providers list, filtered. A
 * voice whose provider has an enabled speech client with credentials can be previewed in itself.
 */
export const getAgentVoices = implement(contract.agent.getAgentVoices, async ({ body, db, app }) => {
  const search = body.search.toLowerCase();
  const speaking = new Set((await db.select({ provider: aiClients.provider }).from(aiClients)
    .where(and(eq(aiClients.type, 'TTS Client'), eq(aiClients.enabled, true), isNotNull(aiClients.credentialsCiphertext)))).map((row) => row.provider));
  const voices = [...VOICES.map((voice) => ({ ...voice, providerPreview: speaking.has(voice.provider) })), ...await providerVoicesOf(app).all()];
  return voices.filter((voice) =>
    (search === '' || voice.name.toLowerCase().includes(search) || (voice.accent ?? '').toLowerCase().includes(search))
    && (body.provider === undefined || voice.provider === body.provider)
    && (body.gender === undefined || voice.gender === body.gender)
    && (body.language === undefined || voice.language === body.language));
});
