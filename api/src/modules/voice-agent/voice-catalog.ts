import type { AgentVoice } from 'shared-contracts';

/** `voice`: the provider's own name for it (ElevenLabs' voice id, Polly's voice name, Deepgram's model). */
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
  { id: 'playht-jennifer', name: 'Jennifer', provider: 'PlayHT', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#f5222d', voice: 'jennifer' },
  { id: 'playht-mateo', name: 'Mateo', provider: 'PlayHT', gender: 'male', accent: 'Colombian', language: 'es-US', previewUrl: null, color: '#a0d911', voice: 'mateo' },
  { id: 'polly-joanna', name: 'Joanna', provider: 'Amazon Polly', gender: 'female', accent: 'American', language: 'en-US', previewUrl: null, color: '#fa541c', voice: 'Joanna' },
  { id: 'polly-matthew', name: 'Matthew', provider: 'Amazon Polly', gender: 'male', accent: 'American', language: 'en-US', previewUrl: null, color: '#08979c', voice: 'Matthew' },
];

const initials = (name: string) => name.slice(0, 2).toUpperCase();

/** A round avatar with the voice's initials, as a data URL (no image host needed). */
const avatar = (name: string, color: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="40" font-family="Arial,sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials(name)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export const VOICES: readonly AgentVoice[] = SEEDS.map(({ color, voice: _voice, ...voice }) => ({ ...voice, imageUrl: avatar(voice.name, color), providerPreview: false }));

/** A catalogue voice's provider and the provider's own name for it; null for a voice not in the catalogue. */
export function providerVoiceOf(id: string): { provider: AgentVoice['provider']; voice: string } | null {
  const seed = SEEDS.find((s) => s.id === id);
  return seed ? { provider: seed.provider, voice: seed.voice } : null;
}

export const isKnownVoice = (id: string) => VOICES.some((v) => v.id === id);
