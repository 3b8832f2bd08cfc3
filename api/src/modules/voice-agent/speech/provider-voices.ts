import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AgentVoice } from 'shared-contracts';
import type { Db } from '../../../db/client';
import { aiClients, type AiClientRow } from '../../../db/schema';
import { playHtVoices, speechConfigOf, storedCredentials, type SpeechConfig } from '../../ai-client';
import { avatar, catalogueIdOf, providerVoiceId } from '../voice-catalog';
import { STREAMING_TTS_PROVIDERS } from './synthesizer';

/** One voice as its provider lists it. */
interface ListedVoice {
  voice: string;
  name: string;
  gender: AgentVoice['gender'];
  accent: string | null;
  language: string;
}

/** A provider's list is read again after this long, or at once when its client is edited. */
const LISTING_TTL_MS = 10 * 60_000;
/** A provider that could not be reached is asked again after this long; until then its voices are not offered. */
const FAILED_LISTING_TTL_MS = 60_000;
/** At most this many voices of one provider are offered (its first ones, as it orders them). */
const MAX_VOICES_PER_PROVIDER = 200;
const TIMEOUT_SECONDS = 5;
const AVATAR_COLORS = ['#722ed1', '#13c2c2', '#fa8c16', '#52c41a', '#2f54eb', '#eb2f96', '#fa541c', '#08979c'];

const genderOf = (words: readonly (string | undefined)[]): AgentVoice['gender'] => {
  const said = words.map((word) => (word ?? '').toLowerCase());
  if (said.some((word) => word === 'female' || word === 'feminine')) return 'female';
  if (said.some((word) => word === 'male' || word === 'masculine')) return 'male';
  return 'neutral';
};
const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null);

/** The voices a TTS client's provider offers its key, through the provider's SDK. */
async function listVoices(config: SpeechConfig): Promise<ListedVoice[]> {
  const { baseUrl } = config;
  if (config.provider === 'Elevenlabs') {
    const { ElevenLabsClient } = await import('@elevenlabs/elevenlabs-js');
    const client = new ElevenLabsClient({ apiKey: config.apiKey ?? '', ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds: TIMEOUT_SECONDS });
    const { voices } = await client.voices.getAll();
    return voices.map((voice) => ({
      voice: voice.voiceId,
      name: text(voice.name, 60) ?? voice.voiceId,
      gender: genderOf([voice.labels?.gender]),
      accent: text(voice.labels?.accent, 40),
      language: text(voice.labels?.language, 20) ?? 'en-US',
    }));
  }
  if (config.provider === 'Deepgram') {
    const { DeepgramClient } = await import('@deepgram/sdk');
    const client = new DeepgramClient({ apiKey: config.apiKey ?? '', ...(baseUrl ? { baseUrl } : {}), maxRetries: 0, timeoutInSeconds: TIMEOUT_SECONDS });
    const { tts = [] } = await client.manage.v1.models.list();
    return tts.flatMap((model) => (model.canonical_name ? [{
      voice: model.canonical_name,
      name: text(model.name, 60) ?? model.canonical_name,
      gender: genderOf(model.metadata?.tags ?? []),
      accent: text(model.metadata?.accent, 40),
      language: text(model.languages?.[0], 20) ?? 'en-US',
    }] : []));
  }
  if (config.provider === 'PlayHT') {
    return (await playHtVoices(config, AbortSignal.timeout(TIMEOUT_SECONDS * 1000))).map((voice) => ({
      voice: voice.voice,
      name: text(voice.name, 60) ?? 'PlayHT voice',
      gender: genderOf([voice.gender]),
      accent: text(voice.accent, 40),
      language: text(voice.language, 20) ?? 'en-US',
    }));
  }
  if (config.provider === 'Amazon Polly' && config.aws) {
    const { PollyClient, DescribeVoicesCommand } = await import('@aws-sdk/client-polly');
    const { accessKeyId, secretAccessKey, region } = config.aws;
    const client = new PollyClient({ region, credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1, ...(baseUrl ? { endpoint: baseUrl } : {}) });
    try {
      const { Voices = [] } = await client.send(new DescribeVoicesCommand({ Engine: (config.model || 'neural') as never }), { abortSignal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000) });
      return Voices.flatMap((voice) => (voice.Id ? [{
        voice: voice.Id,
        name: text(voice.Name, 60) ?? voice.Id,
        gender: genderOf([voice.Gender]),
        accent: text(voice.LanguageName, 40),
        language: text(voice.LanguageCode, 20) ?? 'en-US',
      }] : []));
    } finally {
      client.destroy();
    }
  }
  return [];
}

type Listing = { key: string; until: number; voices: AgentVoice[] };

/**
 * The voices the administrator's TTS clients offer beside the catalogue: for each provider the
 * pipeline speaks, its enabled client with a key (the first one added, the one that speaks on
 * calls), asked once and kept for ten minutes. A provider that cannot be reached is logged and
 * left out for a minute; the catalogue is always offered.
 */
export function providerVoices(db: Db, credentialsKey: string, log: FastifyBaseLogger) {
  const listings = new Map<string, Listing>();

  async function listingOf(row: AiClientRow): Promise<AgentVoice[]> {
    const key = `${row.id}:${row.updatedAt.toISOString()}`;
    const kept = listings.get(row.provider);
    if (kept && kept.key === key && kept.until > Date.now()) return kept.voices;
    const credentials = storedCredentials(row, credentialsKey);
    let voices: AgentVoice[] = [];
    let ttl = LISTING_TTL_MS;
    if (credentials !== null && credentials !== 'unreadable') {
      try {
        const provider = row.provider as AgentVoice['provider'];
        voices = (await listVoices(speechConfigOf(row, credentials)))
          .slice(0, MAX_VOICES_PER_PROVIDER)
          .flatMap((listed, i) => {
            const id = providerVoiceId(provider, listed.voice);
            // A voice the catalogue has is offered once, as the catalogue's.
            if (id === null || catalogueIdOf(provider, listed.voice) !== null) return [];
            return [{
              id, name: listed.name, provider, gender: listed.gender, accent: listed.accent, language: listed.language,
              previewUrl: null, imageUrl: avatar(listed.name, AVATAR_COLORS[i % AVATAR_COLORS.length]!), providerPreview: true,
            }];
          });
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err), provider: row.provider }, 'a TTS provider\'s voices could not be listed');
        ttl = FAILED_LISTING_TTL_MS;
      }
    }
    listings.set(row.provider, { key, until: Date.now() + ttl, voices });
    return voices;
  }

  return {
    /** Every listed voice of every provider with a speaking client. */
    async all(): Promise<AgentVoice[]> {
      const rows = await db.select().from(aiClients)
        .where(and(eq(aiClients.type, 'TTS Client'), eq(aiClients.enabled, true), isNotNull(aiClients.credentialsCiphertext)))
        .orderBy(asc(aiClients.createdAt), asc(aiClients.id));
      const speaking = rows.filter((row, i) => STREAMING_TTS_PROVIDERS.includes(row.provider) && rows.findIndex((r) => r.provider === row.provider) === i);
      return (await Promise.all(speaking.map(listingOf))).flat();
    },
  };
}
export type ProviderVoices = ReturnType<typeof providerVoices>;

const byApp = new WeakMap<FastifyInstance, ProviderVoices>();

/** The server's one set of provider listings, so every request shares what was fetched. */
export function providerVoicesOf(app: FastifyInstance): ProviderVoices {
  let voices = byApp.get(app);
  if (voices === undefined) {
    voices = providerVoices(app.db, app.config.credentialsKey, app.log);
    byApp.set(app, voices);
  }
  return voices;
}
