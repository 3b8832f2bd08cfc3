import type { AgentVoice } from 'shared-contracts';

/** `voice`: the provider's own name for it (ElevenLabs' voice id, Polly's voice name, Deepgram's model, PlayHT's voice manifest). */
type VoiceSeed = Omit<AgentVoice, 'imageUrl' | 'providerPreview'> & { color: string; voice: string };

/**
 * The voices the TTS providers offer. The catalogue is ours (the providers' voice lists need
 * their API keys); each voice gets an avatar drawn from its initials, so the picker shows an
 * image without fetching anything from outside.
 */
const SEEDS: readonly VoiceSeed[] = [
  { id: 'openai-alloy', name: 'Alloy', provider: 'OpenAI', gender: 'neutral', accent: 'American', language: 'en-US', previewUrl: null, color: '#1677ff', voice: 'alloy' },
  { id: 'openai-nova', name: 'Nova', provider: 'OpenAI', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#eb2f96', voice: 'nova' },
  { id: 'openai-onyx', name: 'Onyx', provider: 'OpenAI', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#595959', voice: 'onyx' },
  { id: 'elevenlabs-rachel', name: 'Rachel', provider: 'Elevenlabs', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#722ed1', voice: '21m00Tcm4TlvDq8ikWAM' },
  { id: 'elevenlabs-adam', name: 'Adam', provider: 'Elevenlabs', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#13c2c2', voice: 'pNInz6obpgDQGcFmaJgB' },
  { id: 'elevenlabs-lucia', name: 'Lucía', provider: 'Elevenlabs', gender: 'female', accent: 'Mexican', language: 'es-US', previewUrl: null, color: '#fa8c16', voice: 'EXAVITQu4vr4xnSDxMaL' },
  { id: 'deepgram-asteria', name: 'Asteria', provider: 'Deepgram', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#52c41a', voice: 'aura-2-asteria-en' },
  { id: 'deepgram-orion', name: 'Orion', provider: 'Deepgram', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#2f54eb', voice: 'aura-2-orion-en' },
  { id: 'playht-jennifer', name: 'Jennifer', provider: 'PlayHT', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#f5222d', voice: 's3://voice-cloning-zero-shot/801a663f-efd0-4254-98d0-5c175514c3e8/jennifer/manifest.json' },
  { id: 'playht-angelo', name: 'Angelo', provider: 'PlayHT', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#a0d911', voice: 's3://voice-cloning-zero-shot/baf1ef41-36b6-428c-9bdf-50ba54682bd8/original/manifest.json' },
  { id: 'polly-joanna', name: 'Joanna', provider: 'Amazon Polly', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#fa541c', voice: 'Joanna' },
  { id: 'polly-matthew', name: 'Matthew', provider: 'Amazon Polly', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#08979c', voice: 'Matthew' },
];

/** The initials on a voice's avatar, escaped for the SVG (a provider's voice names are outside input). */
const initials = (name: string) => name.slice(0, 2).toUpperCase().replace(/[^\p{L}\p{N}]/gu, '') || '?';

/** A round avatar with the voice's initials, as a data URL (no image host needed). */
export const avatar = (name: string, color: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="40" font-family="Arial,sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

/**
 * A voice a provider lists (agent/get-agent-voices) beside the catalogue is named
 * `<provider>:<the provider's voice id>`: the id says whose voice it is and which one.
 */
const PROVIDER_PREFIXES: Partial<Record<AgentVoice['provider'], string>> = { Elevenlabs: 'elevenlabs', Deepgram: 'deepgram', PlayHT: 'playht', 'Amazon Polly': 'polly' };
/** PlayHT names a voice by its manifest's URL (`s3://…/manifest.json`). */
const PROVIDER_VOICE = /^([a-z]+):([A-Za-z0-9._:/-]+)$/;
/** An agent's voice id is at most this long (the contract's limit). */
const MAX_VOICE_ID = 100;

export function providerVoiceId(provider: AgentVoice['provider'], voice: string): string | null {
  const prefix = PROVIDER_PREFIXES[provider];
  const id = prefix === undefined ? '' : `${prefix}:${voice}`;
  return id.length <= MAX_VOICE_ID && PROVIDER_VOICE.test(id) ? id : null;
}

export const VOICES: readonly AgentVoice[] = SEEDS.map(({ color, voice: _voice, ...voice }) => ({ ...voice, imageUrl: avatar(voice.name, color), providerPreview: false }));

/** A voice's provider and the provider's own name for it, for a catalogue voice or a provider's listed one; null for neither. */
export function providerVoiceOf(id: string): { provider: AgentVoice['provider']; voice: string } | null {
  const seed = SEEDS.find((s) => s.id === id);
  if (seed) return { provider: seed.provider, voice: seed.voice };
  const listed = PROVIDER_VOICE.exec(id);
  const provider = listed && (Object.keys(PROVIDER_PREFIXES) as AgentVoice['provider'][]).find((p) => PROVIDER_PREFIXES[p] === listed[1]);
  return listed && provider ? { provider, voice: listed[2]! } : null;
}

/** The catalogue's id of a provider's voice, when the catalogue has that very voice. */
export const catalogueIdOf = (provider: AgentVoice['provider'], voice: string): string | null =>
  SEEDS.find((s) => s.provider === provider && s.voice === voice)?.id ?? null;

export const isKnownVoice = (id: string) => VOICES.some((v) => v.id === id);
