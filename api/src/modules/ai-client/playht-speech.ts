import type { PlayRequestConfig, SpeechStreamOptions } from 'playht';
import type { SpeechConfig } from './speech-config';

/** PlayHT's API, where a client names no other base URL. */
const PLAYHT_API = 'https://api.play.ht';
/** The engines PlayHT streams over HTTP, where each request carries its own credentials. The client's Model field names one. */
const PLAYHT_ENGINES = ['Play3.0-mini', 'PlayDialog'] as const;
type PlayHtEngine = (typeof PLAYHT_ENGINES)[number];
/** Jennifer, one of PlayHT's stock voices, for a connection test. */
export const PLAYHT_DEFAULT_VOICE = 's3://voice-cloning-zero-shot/801a663f-efd0-4254-98d0-5c175514c3e8/jennifer/manifest.json';
const TIMEOUT_MS = 10_000;
/** A provider's JSON answer larger than this is refused unread (a voice list is about 0.5 MiB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

type PlayHtSdk = typeof import('playht');
type Stream = (input: string, options: SpeechStreamOptions, config: PlayRequestConfig) => Promise<NodeJS.ReadableStream>;

let sdk: Promise<PlayHtSdk> | null = null;
/** Which key and server each PlayHT user id was last used with, so a changed client never speaks through the SDK's kept endpoint of the old one. */
const lastUse = new Map<string, string>();

/**
 * The SDK keeps one set of settings per process and refuses to stream until it has some. Every
 * request below carries its own client's credentials, so the first client's only fill that slot.
 */
function loadSdk(apiKey: string, userId: string): Promise<PlayHtSdk> {
  sdk ??= import('playht').then((playHt) => {
    playHt.init({ apiKey, userId });
    return playHt;
  });
  return sdk;
}

export const playHtEngineOf = (model: string): PlayHtEngine => {
  const engine = model.trim() === '' ? 'Play3.0-mini' : PLAYHT_ENGINES.find((name) => name.toLowerCase() === model.trim().toLowerCase());
  if (engine === undefined) throw new Error(`PlayHT speaks here with ${PLAYHT_ENGINES.join(' or ')}; set the client's model to one of them`);
  return engine;
};

const credentialsOf = (config: SpeechConfig) => {
  if (!config.apiKey || !config.userId) throw new Error('PlayHT needs an API key and a user ID');
  return { apiKey: config.apiKey, userId: config.userId, base: (config.baseUrl ?? PLAYHT_API).replace(/\/+$/, '') };
};

/** A JSON answer read up to MAX_ANSWER_BYTES; a refusal becomes an error with PlayHT's status and words. */
async function answerOf(response: Response): Promise<unknown> {
  const reader = response.body?.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.length;
    if (size > MAX_ANSWER_BYTES) {
      await reader?.cancel();
      throw new Error(`PlayHT answered with more than ${MAX_ANSWER_BYTES} bytes`);
    }
    parts.push(next.value);
  }
  const text = Buffer.concat(parts).toString('utf8');
  if (!response.ok) throw Object.assign(new Error(text.slice(0, 300) || response.statusText), { statusCode: response.status });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('PlayHT answered with something other than JSON');
  }
}

/** A request to PlayHT; a connection that fails says why (undici's own message is only "fetch failed"). */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    throw new Error(cause instanceof Error ? `PlayHT could not be reached: ${cause.message}` : String(err instanceof Error ? err.message : err));
  }
}

const headersOf = (apiKey: string, userId: string) => ({ authorization: `Bearer ${apiKey}`, 'x-user-id': userId, accept: 'application/json' });

/**
 * Where the SDK streams an engine from: PlayHT's auth endpoint on the client's server names it.
 * The SDK's own lookup always asks api.play.ht; this one honours the base URL.
 */
const endpointLookup = (base: string) => async (engine: string, userId: string, apiKey: string) => {
  const answer = await answerOf(await reach(`${base}/api/v4/sdk-auth`, {
    method: 'POST', headers: { ...headersOf(apiKey, userId), 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(TIMEOUT_MS),
  })) as Record<string, { http_streaming_url?: unknown } | undefined> & { expires_at?: unknown };
  const address = answer?.[engine]?.http_streaming_url;
  if (typeof address !== 'string' || !/^https?:\/\//.test(address)) throw new Error(`PlayHT offers no ${engine} endpoint to this key`);
  const expires = typeof answer.expires_at === 'string' ? Date.parse(answer.expires_at) : NaN;
  return { inferenceAddress: address, expiresAtMs: Number.isFinite(expires) ? expires : Date.now() + 60 * 60_000 };
};

/**
 * One sentence in a PlayHT voice through PlayHT's SDK, streamed as it is made: phone audio
 * (mu-law, 8 kHz) for a call, MP3 for a page to play.
 */
export async function playHtSpeech(config: SpeechConfig, text: string, voice: string, format: 'phone' | 'mp3', signal: AbortSignal): Promise<AsyncIterable<Uint8Array>> {
  const { apiKey, userId, base } = credentialsOf(config);
  const voiceEngine = playHtEngineOf(config.model);
  const playHt = await loadSdk(apiKey, userId);
  const fingerprint = `${apiKey}\n${base}`;
  if (lastUse.get(userId) !== fingerprint) {
    playHt.cache.clearInferenceCoordinatesStoreForUser(userId as Parameters<PlayHtSdk['cache']['clearInferenceCoordinatesStoreForUser']>[0]);
    lastUse.set(userId, fingerprint);
  }
  const options = { voiceEngine, voiceId: voice, ...(format === 'phone' ? { outputFormat: 'mulaw', sampleRate: 8_000 } : { outputFormat: 'mp3' }) } as SpeechStreamOptions;
  // The SDK's third argument (per-request settings) is missing from its typings.
  const stream = await (playHt.stream as unknown as Stream)(text, options, {
    settings: {
      apiKey, userId,
      experimental: { v3: { customInferenceCoordinatesGenerator: endpointLookup(base), coordinatesAheadOfTimeAutoRefresh: false, coordinatesGetApiCallMaxRetries: 1 } },
    },
    signal,
  });
  return stream as AsyncIterable<Uint8Array>;
}

/** One voice as PlayHT lists it. */
interface PlayHtVoice { id?: unknown; name?: unknown; gender?: unknown; accent?: unknown; language_code?: unknown }

/**
 * The voices PlayHT offers the client's key, asked over its REST API: the SDK's listing reads the
 * process-wide settings, which belong to whichever client came first.
 */
export async function playHtVoices(config: SpeechConfig, signal: AbortSignal): Promise<Array<{ voice: string; name: string; gender: string; accent: string; language: string }>> {
  const { apiKey, userId, base } = credentialsOf(config);
  const answer = await answerOf(await reach(`${base}/api/v2/voices`, { headers: headersOf(apiKey, userId), signal }));
  if (!Array.isArray(answer)) throw new Error('PlayHT listed its voices in an unknown shape');
  const asText = (value: unknown) => (typeof value === 'string' ? value : '');
  return (answer as PlayHtVoice[]).flatMap((listed) => (typeof listed?.id === 'string'
    ? [{ voice: listed.id, name: asText(listed.name), gender: asText(listed.gender), accent: asText(listed.accent), language: asText(listed.language_code) }]
    : []));
}
